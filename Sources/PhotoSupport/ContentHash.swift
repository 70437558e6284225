/// The identity of a file's whole content: XXH3-128 (seed 0, default secret) over every byte.
///
/// Unlike `ContentFingerprint`, which samples a file's ends so that indexing can find moved files
/// cheaply, this reads everything: two files with one content hash are byte-identical for every
/// practical purpose, so duplicates are grouped and renditions are keyed by it. The text form is
/// what `xxhsum -H2` prints: 32 lowercase hex digits, the high 64 bits first.
///
/// Written from the XXH3 description in xxHash 0.8 (Yann Collet); the scalar code path only.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses the 32-hex-digit text form (either case); nil for anything else.
    public init?(hex text: some StringProtocol) {
        let digits = Array(text.utf8)
        guard digits.count == 32, let high = Self.parse(digits[0..<16]), let low = Self.parse(digits[16..<32])
        else { return nil }
        self.init(high: high, low: low)
    }

    /// 32 lowercase hex digits, high half first (the canonical big-endian form).
    public var description: String {
        ContentFingerprint.hexDigits(high) + ContentFingerprint.hexDigits(low)
    }

    /// The one-shot hash of `bytes`.
    public static func of(_ bytes: UnsafeRawBufferPointer) -> ContentHash {
        guard bytes.count > 240 else {
            return XXH3.short(bytes.baseAddress ?? UnsafeRawPointer(XXH3.secret), count: bytes.count)
        }
        var hasher = ContentHasher()
        hasher.update(bytes)
        return hasher.finish()
    }

    /// The one-shot hash of an array of bytes.
    public static func of(_ bytes: [UInt8]) -> ContentHash {
        bytes.withUnsafeBytes { of($0) }
    }

    private static func parse(_ digits: ArraySlice<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt64(nibble)
        }
        return value
    }
}
