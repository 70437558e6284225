import Foundation
import PhotoSupport

/// Whether a file is a video, for the renditions: the one place that decides, by the name's
/// extension first (a photo's renditions pay no read for it), then the first bytes.
public enum VideoFile {
    /// The extensions of the containers people keep beside their photos, lowercased.
    static let extensions: Set<String> = [
        "mov", "qt", "mp4", "m4v", "3gp", "3g2", "avi", "mpg", "mpeg", "mts", "m2ts", "ts", "mkv", "webm", "y4m",
    ]

    /// True when the file at `path` has a video's extension and a video's first bytes.
    public static func isVideo(_ path: RawPath) -> Bool {
        let name = path.lastComponent.bytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
        guard extensions.contains(suffix) else { return false }
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 512)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        return head.withUnsafeBytes { isVideo(head: UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
    }

    /// True when `head`, a file's first bytes, are a video container's.
    public static func isVideo(head: UnsafeRawBufferPointer) -> Bool {
        if head.count >= 9, String(decoding: head.prefix(9), as: UTF8.self) == "YUV4MPEG2" { return true }
        return FileSignature.describe(head)?.hasSuffix(" video") == true
    }
}
