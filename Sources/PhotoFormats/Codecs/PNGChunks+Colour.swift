/// A PNG's colour, from the chunks that describe it (PNG third edition, section 11.3.2).
extension PNGChunks {
    /// The colour chunks a walk met, first of each.
    struct ColourChunks {
        var iccp: [UInt8]?
        var sRGB = false
        /// gAMA: the encoding exponent (0.45455 for 1/2.2).
        var gamma: Double?
        /// cHRM: white, red, green, blue as x, y pairs.
        var chromaticities: [Double]?
        /// cICP: ITU-T H.273 colour primaries and transfer characteristics.
        var codingPoints: (primaries: Int, transfer: Int)?

        mutating func read(_ type: String, _ data: UnsafeRawBufferPointer) {
            let window = ByteWindow(data)
            switch type {
            case "iCCP" where iccp == nil: iccp = Array(data)
            case "sRGB": sRGB = true
            case "gAMA" where gamma == nil && data.count == 4:
                gamma = window.uint32(at: 0, bigEndian: true).map { Double($0) / 100_000 }
            case "cHRM" where chromaticities == nil && data.count == 32:
                chromaticities = (0..<8).map { Double(window.uint32(at: $0 * 4, bigEndian: true) ?? 0) / 100_000 }
            case "cICP" where codingPoints == nil && data.count == 4:
                codingPoints = (Int(data[0]), Int(data[1]))
            default: break
            }
        }
    }

    /// The colour the PNG's numbers are in, by the standard's precedence: cICP, then iCCP,
    /// then sRGB, then cHRM and gAMA; nil for sRGB (said or assumed). A gAMA of 1/2.2 alone
    /// is taken as sRGB, as browsers do: it is what most encoders write for sRGB data.
    var colour: ColourDescription? {
        let chunks = colourChunks
        if let points = chunks.codingPoints {
            return ColourDescription.h273(primaries: points.primaries, transfer: points.transfer)
        }
        if let iccp = chunks.iccp, let profile = Self.inflatedProfile(iccp) { return .iccProfile(profile) }
        if chunks.sRGB { return nil }
        var primaries = ColourDescription.Primaries.bt709
        if let found = chunks.chromaticities, found.allSatisfy({ $0 > 0 && $0 < 1 }) {
            primaries = ColourDescription.Primaries(
                red: [found[2], found[3]], green: [found[4], found[5]], blue: [found[6], found[7]],
                white: [found[0], found[1]])
            if primaries.matches(.bt709, tolerance: 0.001) { primaries = .bt709 }
        }
        var transfer = ColourDescription.TransferFunction.sRGB
        if let gamma = chunks.gamma, gamma > 0.01, gamma < 10, abs(gamma - 1 / 2.2) > 0.0005 {
            transfer = .gamma(1 / gamma)
        }
        if primaries == .bt709, transfer == .sRGB { return nil }
        return .parametric(primaries, transfer)
    }

    /// iCCP's profile: a Latin-1 name, a NUL, a method byte (0, zlib), the compressed profile.
    private static func inflatedProfile(_ chunk: [UInt8]) -> [UInt8]? {
        guard let end = chunk.prefix(80).firstIndex(of: 0), end + 2 < chunk.count, chunk[end + 1] == 0 else {
            return nil
        }
        return inflate(Array(chunk[(end + 2)...]))
    }
}
