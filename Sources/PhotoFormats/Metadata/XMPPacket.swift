/// An XMP packet, parsed: the properties photolib reads, in either of RDF's forms
/// (`<rdf:Description photoshop:City="Bordeaux"/>` or `<photoshop:City>Bordeaux</photoshop:City>`),
/// with language alternatives (`rdf:Alt`, x-default first) and arrays (`rdf:Seq`, `rdf:Bag`).
/// Read from a `FlatXML`; editors read it from `XMLReader`'s tree, whose byte ranges they need.
typealias XMPPacket = XMPProperties<FlatXML>
/// A packet as the editors read it, with the byte ranges of every element (see `XMPEditor`).
typealias EditableXMPPacket = XMPProperties<XMLTree>

extension XMPProperties where Document == FlatXML {
    /// Parses a packet (from `<?xpacket` or `<x:xmpmeta` on; a leading UTF-8 BOM is fine).
    init(bytes: [UInt8]) throws(XMLReadError) { self.init(document: try FlatXMLParser.parse(bytes)) }
}

extension XMPProperties where Document == XMLTree {
    /// Parses a packet (from `<?xpacket` or `<x:xmpmeta` on; a leading UTF-8 BOM is fine).
    init(bytes: [UInt8]) throws(XMLReadError) { self.init(document: XMLTree(root: try XMLReader.parse(bytes))) }
}

/// The properties of an XMP packet, whichever reader parsed it (see `XMPNodes`).
struct XMPProperties<Document: XMPNodes> {
    let document: Document

    /// The `rdf:Description` elements that hold the packet's properties, in document order.
    /// Found once: every property read looks through them, and a search of the whole tree for
    /// each of the twenty or so reads was a sixth of a first index's instructions.
    let descriptions: [Document.Node]

    var root: Document.Node { document.root }

    init(document: Document) {
        self.document = document
        let rdf = document.rdf
        let graphs =
            document.isNamed(document.root, rdf.graph)
            ? [document.root] : document.descendants(rdf.graph, of: document.root)
        descriptions = graphs.flatMap { document.children(rdf.description, of: $0) }
    }

    /// The first value of a property in any description, whitespace trimmed; nil when absent or blank.
    func value(_ namespace: String, _ name: String) -> String? {
        let property = document.name(namespace, name)
        for description in descriptions {
            if let value = document.value(of: description, property) { return value }
        }
        return nil
    }

    /// Every value of a property in any description: each item of its `rdf:Bag`, `rdf:Seq`
    /// or `rdf:Alt`, or its one simple value; blanks dropped.
    func values(_ namespace: String, _ name: String) -> [String] {
        let property = document.name(namespace, name)
        let rdf = document.rdf
        var found: [String] = []
        for description in descriptions {
            if let attribute = document.attribute(property, of: description) {
                found += [PhotoText.clean(attribute)].compactMap { $0 }
            }
            for element in document.children(property, of: description) {
                let containers = rdf.arrays.flatMap { document.children($0, of: element) }
                if containers.isEmpty {
                    found += [PhotoText.clean(document.text(of: element))].compactMap { $0 }
                } else {
                    found += containers.flatMap { document.children(rdf.item, of: $0) }.compactMap {
                        PhotoText.clean(document.text(of: $0))
                    }
                }
            }
        }
        return found
    }

    /// The packet's keywords: Lightroom's and digiKam's hierarchies, then `dc:subject` (see `Keywords.merge`).
    var keywords: [String] {
        Keywords.merge(
            hierarchical: values(XMPNamespace.lightroom, "hierarchicalSubject").compactMap {
                Keywords.clean($0, separator: "|")
            } + values(XMPNamespace.digiKam, "TagsList").compactMap { Keywords.clean($0, separator: "/") },
            flat: values(XMPNamespace.dc, "subject").compactMap { Keywords.clean($0, separator: nil) })
    }

    /// Caption (the description, else the title, whichever is not camera boilerplate), place,
    /// rating, capture date, GPS position and keywords.
    /// A caption photolib wrote (see `writtenByPhotolib`) is taken as it is.
    var text: PhotoText {
        let verbatim = captionWrittenByPhotolib
        var text = PhotoText(
            caption: verbatim
                ? value(XMPNamespace.dc, "description")
                : CaptionFilter.meaningful(value(XMPNamespace.dc, "description"))
                    ?? CaptionFilter.meaningful(value(XMPNamespace.dc, "title")),
            city: value(XMPNamespace.photoshop, "City"),
            region: value(XMPNamespace.photoshop, "State"),
            country: value(XMPNamespace.photoshop, "Country"),
            rating: value(XMPNamespace.xmp, "Rating").flatMap(Self.rating),
            takenAt: CaptureDate(xmpDate: value(XMPNamespace.exif, "DateTimeOriginal"))
                ?? CaptureDate(xmpDate: value(XMPNamespace.photoshop, "DateCreated")),
            createdAt: CaptureDate(xmpDate: value(XMPNamespace.xmp, "CreateDate")),
            gps: GPSCoordinate(
                xmpLatitude: value(XMPNamespace.exif, "GPSLatitude"),
                longitude: value(XMPNamespace.exif, "GPSLongitude"),
                altitude: value(XMPNamespace.exif, "GPSAltitude"),
                altitudeReference: value(XMPNamespace.exif, "GPSAltitudeRef")),
            keywords: keywords)
        text.captionIsVerbatim = verbatim && text.caption != nil
        let people = People.bounded(peopleNames)
        text.people = people.names
        text.problems = [people.problem].compactMap { $0 }
        return text
    }

    /// Whether the `dc:description` is one photolib wrote: marked `photolib:WroteCaption`,
    /// or in a sidecar photolib made (`x:xmptk="photolib …"`, before the mark existed).
    var captionWrittenByPhotolib: Bool {
        if value(XMPNamespace.photolib, "WroteCaption") == "True" { return true }
        let toolkit =
            document.isNamed(root, document.name(XMPNamespace.x, "xmpmeta"))
            ? document.attribute(document.name(XMPNamespace.x, "xmptk"), of: root) : nil
        return toolkit?.hasPrefix("photolib ") == true
    }

    /// The GUID (32 hex digits) of the extended XMP that holds what did not fit in the main packet.
    var extendedGUID: String? {
        value(XMPNamespace.xmpNote, "HasExtendedXMP").flatMap { $0.utf8.count == 32 ? $0 : nil }
    }

    /// `xmp:Rating` as a whole number in -1...5 (some tools write "3.0").
    static func rating(_ text: String) -> Int? {
        guard let number = Double(text), number.isFinite else { return nil }
        let rounded = Int(number.rounded())
        return (-1...5).contains(rounded) ? rounded : nil
    }
}

/// Reassembles extended XMP: APP1 segments `http://ns.adobe.com/xmp/extension/\0`, each
/// with the GUID (32 ASCII hex digits), the full length and this piece's offset (both
/// 32-bit big-endian), then the piece.
enum ExtendedXMP {
    /// The header after the signature: GUID, full length, offset.
    static let headerLength = 32 + 4 + 4
    /// A larger total is not believed (Adobe's own limit for a JPEG is far below).
    static let maximumLength = 16 << 20

    /// The packet for `guid` from the segments' payloads (signature included); nil when no
    /// piece has that GUID or the pieces do not cover the whole packet.
    static func assemble(guid: String, payloads: [ArraySlice<UInt8>]) -> [UInt8]? {
        let signatureLength = 35
        var packet: [UInt8] = []
        var covered = 0
        for payload in payloads where payload.count >= signatureLength + headerLength {
            let header = payload.dropFirst(signatureLength)
            guard String(decoding: header.prefix(32), as: UTF8.self) == guid else { continue }
            let total = Int(bigEndian32(header, at: 32))
            let offset = Int(bigEndian32(header, at: 36))
            guard total > 0, total <= maximumLength else { return nil }
            if packet.isEmpty { packet = [UInt8](repeating: 0, count: total) }
            guard packet.count == total else { return nil }
            let piece = header.dropFirst(headerLength)
            guard offset >= 0, offset + piece.count <= total else { return nil }
            packet.replaceSubrange(offset..<(offset + piece.count), with: piece)
            covered += piece.count
        }
        return !packet.isEmpty && covered >= packet.count ? packet : nil
    }

    private static func bigEndian32(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
        let start = bytes.startIndex + offset
        return bytes[start..<(start + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
