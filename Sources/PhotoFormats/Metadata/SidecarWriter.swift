import Foundation
import PhotoSupport

/// Gives photolib's edits back to the tools that read XMP sidecars: writes a photo's caption
/// (`dc:description`), city (`photoshop:City`), rating (`xmp:Rating`, see `SidecarRating`)
/// and keywords (`dc:subject`, with `lr:hierarchicalSubject` for hierarchies, and
/// `digiKam:TagsList` when the sidecar has one) and people someone named (`PersonInImage` and
/// MWG face regions, see `setPeople`) into `photo.jpg.xmp`, or into whichever
/// sidecar photolib reads for it already.
///
/// An existing sidecar is edited in place: only the bytes of a field whose value changes
/// are touched, so everything else it holds (darktable's history, digiKam's labels, other
/// languages of the caption, comments, formatting) stays byte for byte. The file is
/// replaced atomically, never left half written.
public enum SidecarWriter {
    /// What a new sidecar starts from; the fields are then added as in an existing one.
    static let skeleton = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="photolib \(PhotolibRelease.version)">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="">
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>

        """

    /// The rating a favourite gets, the top of every tool's scale.
    public static let favouriteRating = 5

    /// Brings the sidecar of the photo at `originalPath` in line with these values: a nil
    /// caption or city removes the field; the rating follows `rating` (see `SidecarRating`);
    /// nil `keywords` leaves the keyword fields as they are, an empty list removes them.
    /// `takenAt` and `gps` are written only when given (`.some`): a date or position someone
    /// set, which go into `exif:DateTimeOriginal` and `photoshop:DateCreated`, and
    /// `exif:GPSLatitude`/`exif:GPSLongitude` in XMP's `44,50.4N` form (`.some(nil)` removes
    /// them); left out, the sidecar's own stay as they are. `people`, when given, are written as
    /// `setPeople` says. No file is written when nothing
    /// changes, nor created when there is nothing to say.
    ///
    /// Returns the sidecar's path. Throws `SidecarError` for a sidecar that is not XMP and
    /// `FileSystemError` when it cannot be read or written.
    @discardableResult
    public static func update(
        originalPath: RawPath, caption: String?, city: String?, favourite: Bool,
        rating: SidecarRating = .fromFavourite, keywords: [String]? = nil, takenAt: CaptureDate?? = nil,
        gps: GPSCoordinate?? = nil, people: [String]? = nil
    ) throws -> RawPath {
        try update(
            folder: try DirectoryHandle.open(root: originalPath.parent), photoName: originalPath.lastComponent,
            caption: caption, city: city, favourite: favourite, rating: rating, keywords: keywords, takenAt: takenAt,
            gps: gps, people: people)
    }

    /// `update(originalPath:…)` for the photo `photoName` in an open folder, which the sidecar
    /// is written into by name (`DirectoryHandle.writeAtomically`: the file replaced keeps its
    /// mode and owner, and anything but a regular file is refused).
    @discardableResult
    public static func update(
        folder: DirectoryHandle, photoName: RawPath, caption: String?, city: String?, favourite: Bool,
        rating: SidecarRating = .fromFavourite, keywords: [String]? = nil, takenAt: CaptureDate?? = nil,
        gps: GPSCoordinate?? = nil, people: [String]? = nil
    ) throws -> RawPath {
        let names = Sidecar.candidates(for: photoName).map(\.lastComponent)
        let existing = names.first { folder.status($0) != nil }
        let name = existing ?? names[0]
        let path = folder.path.appending(name)
        let saysSomething =
            caption != nil || city != nil || favourite || !(keywords ?? []).isEmpty || rating.isSet
            || takenAt??.localTime != nil || gps??.latitude != nil || !(people ?? []).isEmpty
        if existing == nil, !saysSomething { return path }
        if let info = folder.status(name), (info.st_mode & S_IFMT) != S_IFREG {
            throw FileSystemError(path: path, reason: .notARegularFile)
        }
        let original = existing == nil ? Array(skeleton.utf8) : try Sidecar.readBytes(path)
        let updated = try edited(
            original, caption: caption, city: city, favourite: favourite, rating: rating, keywords: keywords,
            takenAt: takenAt, gps: gps, people: people, path: path)
        if existing == nil || updated != original { try folder.writeAtomically(updated, name: name) }
        return path
    }

    /// The sidecar's bytes with the fields set (see `update`); `path` names it in errors.
    static func edited(
        _ bytes: [UInt8], caption: String?, city: String?, favourite: Bool,
        rating: SidecarRating = .fromFavourite, keywords: [String]? = nil, takenAt: CaptureDate?? = nil,
        gps: GPSCoordinate?? = nil, people: [String]? = nil, path: RawPath
    ) throws -> [UInt8] {
        let packet: EditableXMPPacket
        do { packet = try EditableXMPPacket(bytes: bytes) } catch {
            throw SidecarError(path: path, reason: .malformed(error.description))
        }
        guard let description = packet.descriptions.first else {
            // No rdf:Description yet: give rdf:RDF an empty one, then edit that.
            let graph =
                packet.root.name.matches(XMPNamespace.rdf, "RDF")
                ? packet.root : packet.root.descendants(XMPNamespace.rdf, "RDF").first
            guard let graph, let content = graph.content else { throw SidecarError(path: path, reason: .noRDF) }
            let prefix = graph.name.prefix
            var withDescription = bytes
            withDescription.insert(
                contentsOf: Array("<\(prefix):Description rdf:about=\"\"></\(prefix):Description>".utf8),
                at: content.upperBound)
            return try edited(
                withDescription, caption: caption, city: city, favourite: favourite, rating: rating,
                keywords: keywords, takenAt: takenAt, gps: gps, people: people, path: path)
        }
        var editor = XMPEditor(bytes: bytes, packet: packet, target: description)
        // The caption is the catalog's: a person's words, or a file's that passed the
        // boilerplate filter already. Marked `photolib:WroteCaption`, it reads back as it is
        // (`IMG_1234` a person typed is not taken for a camera's file name by the next index
        // or verify). The mark is added where the caption changes, or would not read back,
        // in a sidecar photolib did not make (whose `x:xmptk` says so already).
        let captionChanges = editor.current(XMPNamespace.dc, "description") != caption.flatMap(PhotoText.clean)
        let wouldBeDropped = caption.map { CaptionFilter.meaningful($0) == nil } ?? false
        editor.set(XMPNamespace.dc, "description", to: caption, languageAlternative: true)
        if caption == nil {
            editor.set(XMPNamespace.photolib, "WroteCaption", to: nil, languageAlternative: false)
        } else if !packet.captionWrittenByPhotolib, captionChanges || wouldBeDropped {
            editor.set(XMPNamespace.photolib, "WroteCaption", to: "True", languageAlternative: false)
        }
        editor.set(XMPNamespace.photoshop, "City", to: city, languageAlternative: false)
        switch rating {
        case .user(let value):
            let written = value.flatMap { $0 == 0 ? nil : String($0) }
            editor.set(XMPNamespace.xmp, "Rating", to: written, languageAlternative: false)
        case .fromFavourite:
            let current = editor.current(XMPNamespace.xmp, "Rating").flatMap(XMPPacket.rating)
            if favourite {
                editor.set(XMPNamespace.xmp, "Rating", to: String(favouriteRating), languageAlternative: false)
            } else if current == favouriteRating {
                editor.set(XMPNamespace.xmp, "Rating", to: nil, languageAlternative: false)
            }
        }
        if let keywords {
            let hierarchies = keywords.filter { $0.contains(Keywords.separator) }
            // Every level of a hierarchy goes into dc:subject too, as Lightroom writes it, so
            // that a tool reading only dc:subject still finds `Bordeaux`.
            let subjects = Keywords.deduplicated(
                keywords.flatMap { $0.split(separator: Keywords.separator).map(String.init) })
            editor.setBag(XMPNamespace.dc, "subject", to: subjects)
            editor.setBag(
                XMPNamespace.lightroom, "hierarchicalSubject",
                to: hierarchies.map { $0.replacingOccurrences(of: "/", with: "|") })
            // digiKam reads its own list first: one left stale would bring a removed keyword back.
            if editor.has(XMPNamespace.digiKam, "TagsList") {
                editor.setBag(XMPNamespace.digiKam, "TagsList", to: keywords)
            }
        }
        if let people { setPeople(people, in: &editor, packet: packet) }
        if let takenAt {
            // ISO 8601 with the offset when known: exiftool and digiKam read both forms.
            editor.set(XMPNamespace.exif, "DateTimeOriginal", to: takenAt?.iso8601, languageAlternative: false)
            editor.set(XMPNamespace.photoshop, "DateCreated", to: takenAt?.iso8601, languageAlternative: false)
        }
        if let gps {
            editor.set(
                XMPNamespace.exif, "GPSLatitude", to: gps.map { xmpCoordinate($0.latitude, "N", "S") },
                languageAlternative: false)
            editor.set(
                XMPNamespace.exif, "GPSLongitude", to: gps.map { xmpCoordinate($0.longitude, "E", "W") },
                languageAlternative: false)
        }
        return editor.result()
    }

    /// XMP's GPSCoordinate form, `DDD,MM.mmmmmmmk`: whole degrees, decimal minutes, the
    /// hemisphere's letter (7 decimals of a minute are about 2 mm).
    static func xmpCoordinate(_ degrees: Double, _ positive: String, _ negative: String) -> String {
        let magnitude = abs(degrees)
        var whole = Int(magnitude)
        var minutes = ((magnitude - Double(whole)) * 60 * 1e7).rounded() / 1e7
        if minutes >= 60 {
            whole += 1
            minutes -= 60
        }
        return "\(whole),\(String(format: "%.7f", minutes))\(degrees < 0 ? negative : positive)"
    }
}

/// What a sidecar's `xmp:Rating` says.
///
/// The rule: a rating someone set (`action rating`, `action set`) is written as it is (0 or
/// none removes it) and wins over the favourite flag. Without one, the favourite flag
/// speaks: a favourite writes 5, the top of every tool's scale, and a non-favourite removes
/// a 5 (a lower rating is another tool's and stays).
public enum SidecarRating: Sendable, Equatable {
    case fromFavourite
    case user(Int?)

    var isSet: Bool {
        if case .user(let value) = self { return value != nil && value != 0 }
        return false
    }
}
