import PhotoSupport
import Synchronization

/// What the asset's `colour` field says: the name of the colours a source's numbers stand
/// for, read where it is cheap (an embedded profile's description tag, a container's code
/// points), never from a decode.
extension ColourDescription {
    /// The name of the colours `description` describes (nil: the file says nothing, which
    /// every viewer takes as sRGB). A profile's description tag, else its kind ("RGB",
    /// "Gray", "CMYK"); primaries by their common name, with the HDR curve when there is one
    /// ("BT.2020 PQ"). Nil for a profile LittleCMS cannot read: its colours are unknown
    /// (renditions take them as sRGB, with a warning).
    package static func name(of description: ColourDescription?) -> String? {
        switch description {
        case nil:
            return "sRGB"
        case .parametric(let primaries, let transfer):
            return parametricName(primaries, transfer)
        case .iccProfile(let bytes):
            // By its XXH3-128: hashing the bytes themselves as a dictionary key (SipHash, a
            // byte at a time) cost more than LittleCMS.
            let key = ContentHash.of(bytes)
            if let known = profileNames.withLock({ $0[key] }) { return known }
            return remember(profileName(bytes), for: key, in: profileNames)
        }
    }

    /// `name(of: .iccProfile(profile))` for the profile whose bytes are `parts` in order (a
    /// JPEG's APP2 chunks), joined only when it was not named before: a large profile split
    /// over chunks was copied out of them once more for each photo that carries it.
    package static func name(ofProfileParts parts: [ArraySlice<UInt8>]) -> String? {
        if parts.count == 1, let part = parts.first {
            let key = part.withUnsafeBytes { ContentHash.of($0) }
            if let known = profileNames.withLock({ $0[key] }) { return known }
            return name(of: .iccProfile(Array(part)))
        }
        // The hash of the parts' hashes, in their order: the profile's own hash would need
        // its bytes in one piece.
        let partHashes = parts.flatMap { part -> [UInt64] in
            let hash = part.withUnsafeBytes { ContentHash.of($0) }
            return [hash.high, hash.low, UInt64(part.count)]
        }
        let key = partHashes.withUnsafeBytes { ContentHash.of($0) }
        if let known = partedProfileNames.withLock({ $0[key] }) { return known }
        return remember(name(of: .iccProfile(Array(parts.joined()))), for: key, in: partedProfileNames)
    }

    /// Keeps `name` in `names` under `key` (emptied first when full) and gives it back.
    private static func remember(
        _ name: String?, for key: ContentHash, in names: borrowing Mutex<[ContentHash: String?]>
    ) -> String? {
        names.withLock { names in
            if names.count >= rememberedProfiles { names.removeAll() }
            names[key] = name
        }
        return name
    }

    /// Names of the profiles in more than one part read before, by the hash of their parts'
    /// hashes (`name(ofProfileParts:)`). Emptied when full.
    private static let partedProfileNames = Mutex<[ContentHash: String?]>([:])

    /// Names of the profiles read before, by the content hash of their bytes. A library's
    /// photos carry a handful of profiles (sRGB, Adobe RGB, Display P3, a camera's own), and
    /// opening one with LittleCMS to read its name cost 64,000 instructions, 1.5% of a first
    /// index. Emptied when full.
    private static let profileNames = Mutex<[ContentHash: String?]>([:])
    private static let rememberedProfiles = 64

    private static func profileName(_ bytes: [UInt8]) -> String? {
        do throws(ColourError) {
            let profile = try ColourProfile(bytes: bytes, context: try LittleCMSContext())
            if let name = profile.name { return name }
            switch profile.space {
            case .rgb: return "RGB"
            case .gray: return "Gray"
            case .cmyk: return "CMYK"
            }
        } catch {
            return nil
        }
    }

    /// "Display P3", "BT.2020 PQ", "BT.2020 HLG"; primaries without a common name by their
    /// red, green and blue.
    static func parametricName(_ primaries: Primaries, _ transfer: TransferFunction) -> String {
        let base =
            primaries.name
            ?? "RGB (red \(primaries.red.map(rounded)), green \(primaries.green.map(rounded)), "
            + "blue \(primaries.blue.map(rounded)))"
        switch transfer {
        case .pq: return base + " PQ"
        case .hlg: return base + " HLG"
        default: return base
        }
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

extension ExifTags {
    /// The DCF rule: ColorSpace "uncalibrated" (0xFFFF) with the interoperability index `R03`
    /// is Adobe RGB (cameras set to Adobe RGB write this and no profile). Nil otherwise: a
    /// ColorSpace of 1 is sRGB, and 0xFFFF alone says only "not sRGB".
    var colourDescription: ColourDescription? {
        guard self[.colorSpace]?.unsigned(at: 0) == 0xFFFF, let index = self[.interoperabilityIndex],
            index.format == 2 || index.format == 7
        else { return nil }
        let text = index.bytes.prefix { $0 != 0 }
        return text.elementsEqual("R03".utf8) ? ColourDescription.adobeRGB : nil
    }
}
