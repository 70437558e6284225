import PhotoSupport

/// The paths under one root of an index pass, as bounds on the bytes of library-relative
/// paths: what a catalog's unique index on paths can read as one range, in order.
public struct IndexPathRange: Sendable, Equatable {
    /// The smallest path in the range.
    public var lower: [UInt8]
    /// The first path past the range; nil for no end.
    public var upper: [UInt8]?

    public init(lower: [UInt8], upper: [UInt8]?) {
        self.lower = lower
        self.upper = upper
    }

    /// Every path under `root` (library-relative; empty for the whole library), `root` itself too.
    public static func under(_ root: RawPath) -> IndexPathRange {
        if root.bytes.isEmpty { return IndexPathRange(lower: [], upper: nil) }
        // root, then root/..., which sort before root0 ('/' + 1 == '0'); paths such as
        // "root.jpg" or "root-2" fall between root and root/ and are filtered by the caller.
        return IndexPathRange(lower: root.bytes, upper: root.bytes + [UInt8(ascii: "0")])
    }

    /// True when `path` lies in the range.
    public func contains(_ path: [UInt8]) -> Bool {
        !path.lexicographicallyPrecedes(lower) && (upper.map { path.lexicographicallyPrecedes($0) } ?? true)
    }
}
