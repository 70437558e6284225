import Foundation
import PhotoSupport

/// What a file is, from its first bytes alone: one of the formats photolib reads, or what
/// else it looks like. For messages about a file that is not an asset (`peek` on a video),
/// without reading the whole file.
public enum FileKind: Sendable, Equatable {
    case empty
    /// A format photolib reads.
    case photo(ImageFormat)
    /// No format photolib reads; what it looks like when that is recognisable ("MOV video",
    /// "GIF image", "text").
    case other(detected: String?)

    /// The kind of the file at `path` (nil when it cannot be opened or read).
    public static func of(_ path: RawPath) -> FileKind? {
        guard let file = try? RegularFile(path) else { return nil }
        let descriptor = file.descriptor
        defer { withExtendedLifetime(file) {} }
        var head = [UInt8](repeating: 0, count: 4096)
        var filled = 0
        while filled < head.count {
            let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { break }
            filled += count
        }
        return head.prefix(filled).withUnsafeBytes { bytes in
            if bytes.isEmpty { return .empty }
            if let format = ImageFormat.detect(bytes) { return .photo(format) }
            return .other(detected: FileSignature.describe(bytes))
        }
    }
}
