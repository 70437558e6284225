/// Reading what libexif cannot reach: libexif loads at most 65,534 bytes of a block (one
/// APP1 segment's worth), so in a block joined from several segments (`ExifSegments`) the
/// values and directories past that are lost to it. This walk of the TIFF structure reads
/// only the entries photolib uses (`ExifTags.Tag`), checks every offset and count against the
/// block, visits each directory once, and is used only for blocks longer than libexif's limit.
extension ExifTags {
    /// libexif's limit on a block's length.
    static let libexifLimit = 0xFFFE

    /// The entries of `payload` (`Exif\0\0`, then TIFF) for each `Tag`; nil when the TIFF
    /// header or IFD0 is unreadable.
    static func walk(payload: [UInt8]) -> [Tag: Entry]? { walk(tiff: payload.dropFirst(6)) }

    /// The entries of the TIFF structure `tiff` (from its byte-order mark on: an EXIF block's,
    /// or a whole TIFF file's, whose directories may lie anywhere in it) for each `Tag`. A
    /// BigTIFF (version 43: 8-byte offsets and counts, 20-byte entries) is walked the same way,
    /// its EXIF and GPS directories too.
    static func walk(tiff: ArraySlice<UInt8>) -> [Tag: Entry]? {
        guard tiff.count >= 8 else { return nil }
        let start = tiff.startIndex
        let bigEndian: Bool
        switch (tiff[start], tiff[start + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func word(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset + size <= tiff.count else { return nil }
            var value = 0
            for index in 0..<size {
                let byte = Int(tiff[start + offset + (bigEndian ? index : size - 1 - index)])
                value = value << 8 | byte
            }
            return value
        }
        let isBig: Bool
        switch word(2, 2) {
        case 42: isBig = false
        case 43: isBig = word(4, 2) == 8 && word(6, 2) == 0
        default: return nil
        }
        // Classic TIFF: 2-byte entry counts, 12-byte entries, 4-byte offsets; BigTIFF: 8, 20, 8.
        let offsetSize = isBig ? 8 : 4
        let countSize = isBig ? 8 : 2
        let entrySize = isBig ? 20 : 12
        /// Tag number to entry, for one directory.
        func directory(at offset: Int) -> [UInt16: Entry]? {
            guard let count = word(offset, countSize), count <= 4096 else { return nil }
            var entries: [UInt16: Entry] = [:]
            for index in 0..<count {
                let position = offset + countSize + entrySize * index
                guard let tag = word(position, 2), let format = word(position + 2, 2),
                    let components = word(position + 4, isBig ? 8 : 4), components <= tiff.count
                else { break }
                let unit =
                    [
                        1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4, 16: 8, 17: 8,
                        18: 8,
                    ][
                        format] ?? 0
                let size = unit * components
                guard unit > 0, size <= tiff.count else { continue }
                let field = position + 4 + (isBig ? 8 : 4)
                let valueOffset = size <= offsetSize ? field : word(field, offsetSize) ?? -1
                guard valueOffset >= 0, valueOffset + size <= tiff.count else { continue }
                let bytes = Array(tiff[(start + valueOffset)..<(start + valueOffset + size)])
                entries[UInt16(tag)] = Entry(
                    format: UInt16(format), components: components, bytes: bytes, isBigEndian: bigEndian)
            }
            return entries
        }
        guard let ifd0Offset = word(isBig ? 8 : 4, offsetSize), let ifd0 = directory(at: ifd0Offset) else { return nil }
        /// A sub-directory's offset: a LONG or IFD (4 bytes), or BigTIFF's LONG8 or IFD8.
        func offset(_ entry: Entry) -> Int? {
            let width: Int
            switch entry.format {
            case 3: width = 2
            case 4, 13: width = 4
            case 16, 18: width = 8
            default: return nil
            }
            guard entry.bytes.count >= width else { return nil }
            let ordered = bigEndian ? Array(entry.bytes.prefix(width)) : Array(entry.bytes.prefix(width).reversed())
            guard ordered[0] & 0x80 == 0 else { return nil }
            return ordered.reduce(0) { $0 << 8 | Int($1) }
        }
        func pointed(_ entries: [UInt16: Entry], _ tag: UInt16, visited: Set<Int>) -> [UInt16: Entry]? {
            guard let entry = entries[tag], let offset = offset(entry), !visited.contains(offset) else {
                return nil
            }
            return directory(at: offset)
        }
        let exif = pointed(ifd0, 0x8769, visited: [ifd0Offset]) ?? [:]
        let gps = pointed(ifd0, 0x8825, visited: [ifd0Offset]) ?? [:]
        let interoperability = pointed(exif, 0xA005, visited: [ifd0Offset]) ?? [:]
        let directories: [Directory: [UInt16: Entry]] = [
            .ifd0: ifd0, .exif: exif, .gps: gps, .interoperability: interoperability,
        ]
        var found: [Tag: Entry] = [:]
        for tag in Tag.allCases {
            found[tag] = tag.directories.lazy.compactMap { directories[$0]?[tag.number] }.first
        }
        return found
    }

    /// Fills the entries libexif did not reach from `walk(payload:)`; a block whose
    /// structure this walk reads is not called corrupt for libexif's sake.
    mutating func fillBeyondLibexifLimit(payload: [UInt8]) {
        guard payload.count > Self.libexifLimit, let found = Self.walk(payload: payload) else { return }
        for (tag, entry) in found where self[tag] == nil { self[tag] = entry }
        complaint = nil
        loadedEntryCount = max(loadedEntryCount, found.count)
    }

    /// Fills the entries missing from the directories of a TIFF file (or TIFF-based raw)
    /// `file`, read whole where they are: libtiff writers put IFD0 after the pixels, beyond
    /// the first 64 KiB that libexif was given. Nothing else changes.
    mutating func fillFromTIFFFile(_ file: [UInt8]) {
        // libexif reads no BigTIFF at all: its directories are this walk's, whatever its size.
        let isBig = file.count >= 4 && (file[2] == 0x2B || file[3] == 0x2B)
        guard file.count > Self.libexifLimit || isBig, let found = Self.walk(tiff: file[...]) else { return }
        for (tag, entry) in found where self[tag] == nil { self[tag] = entry }
    }
}
