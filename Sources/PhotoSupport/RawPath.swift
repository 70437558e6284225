import Foundation

/// A file-system path kept as the bytes the kernel gave us.
///
/// Linux file names are byte strings, not text: a name such as `caf\xE9.jpg` is not
/// valid UTF-8, and turning it into a `String` would lose the file. Everything that
/// walks, stores or opens files uses `RawPath`; only display and JSON turn it into text.
public struct RawPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// Hashes the bytes in one call: the default, element by element, dominated re-indexing.
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    public static func < (lhs: RawPath, rhs: RawPath) -> Bool {
        bytesPrecede(lhs.bytes, rhs.bytes)
    }

    /// True when `lhs` comes before `rhs` in byte order (SQLite's order for BLOBs), compared
    /// with `memcmp`: the generic `lexicographicallyPrecedes` took a twentieth of an unchanged
    /// re-index, which sorts every folder's files and meets every record this way.
    public static func bytesPrecede(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in compareBytes(left, right) < 0 } }
    }

    /// The byte order of `lhs` and `rhs`: negative, zero or positive, as `memcmp` with the
    /// shorter first when one begins the other.
    public static func compareBytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        let common = min(lhs.count, rhs.count)
        let order = common == 0 ? 0 : memcmp(lhs.baseAddress!, rhs.baseAddress!, common)
        return order != 0 ? Int(order) : lhs.count - rhs.count
    }

    /// True when the bytes are valid UTF-8 (the common case).
    public var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// The path as text; invalid bytes become U+FFFD. For messages, never for opening files.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    public var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// The last path component.
    public var lastComponent: RawPath {
        let trimmed = bytes.last == slash ? Array(bytes.dropLast()) : bytes
        if let index = trimmed.lastIndex(of: slash) { return RawPath(bytes: Array(trimmed[(index + 1)...])) }
        return RawPath(bytes: trimmed)
    }

    /// Everything before the last component ("/" for a top-level entry, "." for a bare name).
    public var parent: RawPath {
        let trimmed = bytes.last == slash && bytes.count > 1 ? Array(bytes.dropLast()) : bytes
        guard let index = trimmed.lastIndex(of: slash) else { return RawPath(".") }
        return index == 0 ? RawPath("/") : RawPath(bytes: Array(trimmed[..<index]))
    }

    /// `self` joined with a relative component.
    public func appending(_ component: RawPath) -> RawPath {
        if bytes.isEmpty { return component }
        if component.bytes.isEmpty { return self }
        return RawPath(bytes: bytes.last == slash ? bytes + component.bytes : bytes + [slash] + component.bytes)
    }

    public func appending(_ component: String) -> RawPath { appending(RawPath(component)) }

    /// The path relative to `base`, or nil when `self` is not inside `base` (or is `base`).
    public func relative(to base: RawPath) -> RawPath? {
        relativeBytes(to: base).map { RawPath(bytes: Array($0)) }
    }

    /// The bytes of `relative(to: base)`, in place: what an unchanged re-index compares, once
    /// for every walked file, without making a path of it.
    public func relativeBytes(to base: RawPath) -> ArraySlice<UInt8>? {
        // Compared in place, without building "base/".
        let separated = base.bytes.last == slash
        let prefixCount = separated ? base.bytes.count : base.bytes.count + 1
        guard bytes.count > prefixCount, bytes.starts(with: base.bytes),
            separated || bytes[base.bytes.count] == slash
        else { return nil }
        return bytes[prefixCount...]
    }

    /// Calls `body` with a NUL-terminated C string of the path, for POSIX calls.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The path made absolute against `currentDirectory` and with `.`, `..` and doubled
    /// slashes removed, without resolving symlinks (as a shell user reads it). The caller says
    /// which directory: the core never reads the process's own.
    public func absolute(currentDirectory: RawPath) -> RawPath {
        let joined = isAbsolute ? bytes : currentDirectory.bytes + [slash] + bytes
        var parts: [ArraySlice<UInt8>] = []
        for part in joined.split(separator: slash, omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        var result: [UInt8] = []
        for part in parts {
            result.append(slash)
            result.append(contentsOf: part)
        }
        return RawPath(bytes: result.isEmpty ? [slash] : result)
    }
}

private let slash = UInt8(ascii: "/")
