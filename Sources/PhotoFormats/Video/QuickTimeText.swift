import Foundation

/// The text a movie's metadata holds: QuickTime's `meta` box (`hdlr` mdta, `keys` naming the
/// `ilst` items: `com.apple.quicktime.creationdate`…), iTunes-style `udta/meta/ilst` atoms
/// (`©day`, `©xyz`), QuickTime's `udta` international text atoms, and the XMP packet of a
/// `uuid` box or `XMP_` atom.
struct QuickTimeText {
    /// `keys` values by name; `atoms` by four-character code; the first one met of each wins.
    private(set) var keyed: [String: String] = [:]
    private(set) var atoms: [String: String] = [:]
    private(set) var xmp: [UInt8]?
    /// 3GPP's `loci` box (what FFmpeg writes for `location` in MP4 and 3GP).
    private(set) var location: GPSCoordinate?
    /// Longer text is not a tag photolib reads.
    static let valueLimit = 4096

    func value(key: String) -> String? { keyed[key] }
    func value(atom: String) -> String? { atoms[atom] }

    /// `udta`: international text atoms (`©xyz`, `©day`, `©mak`), an `XMP_` atom, an ISO `meta`.
    mutating func userData(
        _ box: BoxReader.Box, walker: inout BoxWalker, depth: Int
    ) throws(MovieReadError) {
        try walker.forEachChild(from: box.start, end: box.end, depth: depth) { (walker, child) throws(MovieReadError) in
            let reader = walker.reader
            switch child.type {
            case "meta": try metadata(child, walker: &walker, depth: depth + 1)
            case "XMP_":
                if xmp == nil, child.length > 0, child.length <= Int(MovieBoxes.xmpLimit) {
                    xmp = Array(reader.bytes[child.start..<child.end])
                }
            case "uuid": uuid(child, reader: reader)
            case "loci": if location == nil { location = Self.location(child, reader: reader) }
            case _ where child.type.hasPrefix("©"):
                // iTunes style (a `data` box inside) or QuickTime's: 2-byte length, 2-byte language, text.
                if reader.fourCC(child.start + 4) == "data" {
                    try item(child, name: child.type, walker: &walker, depth: depth + 1)
                } else if let length = reader.uint16(child.start), Int(length) <= child.length - 4 {
                    keep(atom: child.type, reader.text(from: child.start + 4, to: child.start + 4 + Int(length)))
                }
            default: break
            }
        }
    }

    /// A `meta` box: QuickTime's (no version and flags; `keys` then `ilst`) or ISO's (a full box).
    mutating func metadata(_ box: BoxReader.Box, walker: inout BoxWalker, depth: Int) throws(MovieReadError) {
        let reader = walker.reader
        let start = reader.fourCC(box.start + 4) == "hdlr" ? box.start : box.start + 4
        var keys: [String] = []
        try walker.forEachChild(from: start, end: box.end, depth: depth) { (walker, child) throws(MovieReadError) in
            switch child.type {
            case "keys": keys = Self.keys(child, reader: walker.reader)
            case "ilst":
                try walker.forEachChild(from: child.start, end: child.end, depth: depth + 1) {
                    (walker, entry) throws(MovieReadError) in
                    // mdta items are named by their 1-based index in `keys`; iTunes items by their code.
                    let index = walker.reader.uint32(entry.start - 4).map(Int.init) ?? 0
                    let name = index >= 1 && index <= keys.count ? keys[index - 1] : entry.type
                    try item(entry, name: name, walker: &walker, depth: depth + 2)
                }
            case "uuid": uuid(child, reader: walker.reader)
            default: break
            }
        }
    }

    /// A `uuid` box holding an XMP packet.
    mutating func uuid(_ box: BoxReader.Box, reader: BoxReader) {
        guard xmp == nil, box.length > 16, box.length <= Int(MovieBoxes.xmpLimit),
            Array(reader.bytes[box.start..<box.start + 16]) == MovieBoxes.xmpUUID
        else { return }
        xmp = Array(reader.bytes[box.start + 16..<box.end])
    }

    /// `loci`: version and flags, language, a name ending in NUL, a role byte, then
    /// longitude, latitude and altitude as signed 16.16 fixed-point numbers.
    private static func location(_ box: BoxReader.Box, reader: BoxReader) -> GPSCoordinate? {
        guard let nul = reader.terminator(from: box.start + 6, end: box.end),
            let longitude = reader.uint32(nul + 2), let latitude = reader.uint32(nul + 6),
            let altitude = reader.uint32(nul + 10)
        else { return nil }
        func degrees(_ value: UInt32) -> Double { (Double(Int32(bitPattern: value)) / 65536 * 1e5).rounded() / 1e5 }
        let position = GPSCoordinate(
            latitude: degrees(latitude), longitude: degrees(longitude), altitude: degrees(altitude))
        guard abs(position.latitude) <= 90, abs(position.longitude) <= 180 else { return nil }
        return position
    }

    /// The names of `keys`: each entry's size, namespace (`mdta`) and name.
    private static func keys(_ box: BoxReader.Box, reader: BoxReader) -> [String] {
        guard let count = reader.uint32(box.start + 4) else { return [] }
        var names: [String] = []
        var at = box.start + 8
        for _ in 0..<min(Int(count), (box.length - 8) / 8) {
            guard let size = reader.uint32(at), size >= 8, Int(size) <= box.end - at else { break }
            names.append(reader.text(from: at + 8, to: at + Int(size)))
            at += Int(size)
        }
        return names
    }

    /// An `ilst` item: its first `data` box of UTF-8 text (type 1).
    private mutating func item(
        _ box: BoxReader.Box, name: String, walker: inout BoxWalker, depth: Int
    ) throws(MovieReadError) {
        var found: String?
        try walker.forEachChild(from: box.start, end: box.end, depth: depth) { (walker, data) throws(MovieReadError) in
            guard found == nil, data.type == "data", walker.reader.uint32(data.start) == 1 else { return }
            found = walker.reader.text(from: data.start + 8, to: data.end)
        }
        guard let found else { return }
        if name.hasPrefix("©") { keep(atom: name, found) } else { keep(key: name, found) }
    }

    private mutating func keep(atom: String, _ value: String) {
        guard atoms[atom] == nil, let value = Self.clean(value) else { return }
        atoms[atom] = value
    }

    private mutating func keep(key: String, _ value: String) {
        guard keyed[key] == nil, let value = Self.clean(value) else { return }
        keyed[key] = value
    }

    private static func clean(_ value: String) -> String? {
        guard value.utf8.count <= valueLimit else { return nil }
        return PhotoText.clean(value)
    }
}
