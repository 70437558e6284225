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
        let value = generator.next() as UInt64
        let digits = String(value, radix: 16)
        return AssetID(hex: String(repeating: "0", count: length - digits.count) + digits)!
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
