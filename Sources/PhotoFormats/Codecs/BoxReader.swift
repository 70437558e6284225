/// Big-endian numbers and child boxes within a box's bytes; every read is bounds-checked
/// and gives nil past the end.
struct BoxReader {
    /// A box within the bytes: its type, and where its content (after the header) starts and ends.
    struct Box {
        var type: String
        var start: Int
        var end: Int
        var length: Int { end - start }
    }

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func byte(_ at: Int) -> UInt8? { at >= 0 && at < bytes.count ? bytes[at] : nil }

    func uint16(_ at: Int) -> UInt16? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    func uint32(_ at: Int) -> UInt32? {
        guard let high = uint16(at), let low = uint16(at + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    func uint64(_ at: Int) -> UInt64? {
        guard let high = uint32(at), let low = uint32(at + 4) else { return nil }
        return UInt64(high) << 32 | UInt64(low)
    }

    /// Four bytes as ISO Latin-1, as box types are read (QuickTime's `©day` starts with 0xA9).
    func fourCC(_ at: Int) -> String {
        guard at >= 0, at + 4 <= bytes.count else { return "" }
        return String(String.UnicodeScalarView(bytes[at..<at + 4].map { Unicode.Scalar($0) }))
    }

    /// Where the NUL that ends a string starting at `from` lies, before `end`.
    func terminator(from: Int, end: Int) -> Int? {
        guard from >= 0, from <= end, end <= bytes.count else { return nil }
        return bytes[from..<end].firstIndex(of: 0)
    }

    func text(from: Int, to: Int) -> String {
        guard from >= 0, from <= to, to <= bytes.count else { return "" }
        return String(decoding: bytes[from..<to], as: UTF8.self)
    }

    /// The boxes that follow one another from `from` to `end` (the end of the bytes by
    /// default); nil when one runs past `end` or has an impossible size.
    func children(from: Int, end: Int? = nil) -> [Box]? {
        let end = end ?? bytes.count
        guard from >= 0, end <= bytes.count else { return nil }
        var boxes: [Box] = []
        var at = from
        while at < end {
            guard let size32 = uint32(at) else { return nil }
            var header = 8
            var size = Int(size32)
            if size32 == 1 {
                guard let large = uint64(at + 8), large <= UInt64(end - at) else { return nil }
                size = Int(large)
                header = 16
            } else if size32 == 0 {
                size = end - at
            }
            guard size >= header, size <= end - at else { return nil }
            boxes.append(Box(type: fourCC(at + 4), start: at + header, end: at + size))
            at += size
        }
        return boxes
    }
}
