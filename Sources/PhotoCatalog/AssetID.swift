import PhotoSupport

/// An asset's stable identity: 64 random bits, written as 16 lowercase hex digits.
///
/// Ids never change when a file is edited, moved or goes missing. People see the
/// shortest prefix (at least 8 digits) that is unique in their library, as git shows
/// commits, and may type any unique prefix.
public struct AssetID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 16 lowercase hex digits.
    public let hex: String

    /// Accepts exactly 16 hex digits (any case).
    public init?(hex: String) {
        guard hex.utf8.count == AssetID.length, hex.allSatisfy(\.isHexDigit) else { return nil }
        self.hex = hex.lowercased()
    }

    /// A fresh random id.
    public static func random() -> AssetID {
        var generator = SystemRandomNumberGenerator()
        return AssetID(value: generator.next())
    }

    /// The id spelling `value` in 16 digits. Formatting with `String(_:radix:)`, padding and
    /// checking the result again cost 8,000 instructions an id, 1.4% of a first index.
    init(value: UInt64) {
        hex = ContentFingerprint.hexDigits(value)
    }

    public static let length = 16
    /// The fewest digits shown, even when fewer would be unique.
    public static let minimumDisplayLength = 8

    public var description: String { hex }
    public static func < (lhs: AssetID, rhs: AssetID) -> Bool { lhs.hex < rhs.hex }

    /// True when `text` could be (a prefix of) an id: 1...16 hex digits.
    public static func isPossiblePrefix(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= length && text.allSatisfy(\.isHexDigit)
    }
}
