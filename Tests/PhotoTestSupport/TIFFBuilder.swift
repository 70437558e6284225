import Foundation

/// Writes small little-endian TIFF files entry by entry, for fixtures no Debian tool makes:
/// a TIFF whose directories lie after 64 KiB of pixels, a DNG with a known camera, date and
/// orientation. The pixel data comes first (at offset 8), then every directory, sub-directories
/// (EXIF, GPS) before the one that points to them.
public enum TIFFBuilder {
    /// One entry's value, by TIFF type.
    public enum Value {
        case byte([UInt8])
        case ascii(String)
        case short([UInt16])
        case long([UInt32])
        case rational([(UInt32, UInt32)])
        case srational([(Int32, Int32)])
        case undefined([UInt8])

        var type: UInt16 {
            switch self {
            case .byte: 1
            case .ascii: 2
            case .short: 3
            case .long: 4
            case .rational: 5
            case .undefined: 7
            case .srational: 10
            }
        }

        var count: Int {
            switch self {
            case .byte(let values), .undefined(let values): values.count
            case .ascii(let text): text.utf8.count + 1
            case .short(let values): values.count
            case .long(let values): values.count
            case .rational(let values): values.count
            case .srational(let values): values.count
            }
        }

        var bytes: [UInt8] {
            switch self {
            case .byte(let values), .undefined(let values): values
            case .ascii(let text): Array(text.utf8) + [0]
            case .short(let values): values.flatMap { le($0) }
            case .long(let values): values.flatMap { le($0) }
            case .rational(let values): values.flatMap { le($0.0) + le($0.1) }
            case .srational(let values): values.flatMap { le(UInt32(bitPattern: $0.0)) + le(UInt32(bitPattern: $0.1)) }
            }
        }
    }

    /// A directory: its entries, and the directories its pointer tags lead to (0x8769 EXIF,
    /// 0x8825 GPS), written as LONG offsets.
    public struct Directory {
        public var entries: [UInt16: Value]
        public var pointers: [UInt16: Directory]

        public init(_ entries: [UInt16: Value], pointers: [UInt16: Directory] = [:]) {
            self.entries = entries
            self.pointers = pointers
        }
    }

    /// The file: header, then `pixels` and the directories after them (as libtiff writers put
    /// them), or the directories first and the pixels after (as cameras do). IFD0's
    /// StripOffsets (273) is set to where the pixels are.
    public static func file(_ ifd0: Directory, pixels: [UInt8], directoriesFirst: Bool = false) -> [UInt8] {
        var out: [UInt8] = Array("II".utf8) + le(UInt16(42)) + le(UInt32(0))
        var directory = ifd0
        directory.entries[273] = .long([directoriesFirst ? 0 : 8])
        if !directoriesFirst { out += pixels }
        let first = write(directory, into: &out)
        out.replaceSubrange(4..<8, with: le(first))
        if directoriesFirst {
            if out.count % 2 == 1 { out.append(0) }
            let pixelStart = UInt32(out.count)
            out += pixels
            // Patch StripOffsets in place (one LONG: stored in the entry itself).
            let count = Int(out[Int(first)]) | Int(out[Int(first) + 1]) << 8
            for index in 0..<count {
                let entry = Int(first) + 2 + 12 * index
                if out[entry] == 0x11, out[entry + 1] == 0x01 {
                    out.replaceSubrange((entry + 8)..<(entry + 12), with: le(pixelStart))
                }
            }
        }
        return out
    }

    private static func write(_ directory: Directory, into out: inout [UInt8]) -> UInt32 {
        var entries = directory.entries
        for (tag, sub) in directory.pointers { entries[tag] = .long([write(sub, into: &out)]) }
        if out.count % 2 == 1 { out.append(0) }
        let start = out.count
        let sorted = entries.sorted { $0.key < $1.key }
        var dataOffset = start + 2 + 12 * sorted.count + 4
        var table: [UInt8] = le(UInt16(sorted.count))
        var data: [UInt8] = []
        for (tag, value) in sorted {
            table += le(tag) + le(value.type) + le(UInt32(value.count))
            var bytes = value.bytes
            if bytes.count <= 4 {
                table += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
            } else {
                if bytes.count % 2 == 1 { bytes.append(0) }
                table += le(UInt32(dataOffset))
                data += bytes
                dataOffset += bytes.count
            }
        }
        out += table + le(UInt32(0)) + data
        return UInt32(start)
    }
}

private func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
private func le(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
