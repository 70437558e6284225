import Foundation
import PhotoFormats
import PhotoSupport

/// Hands the full-resolution original out of the library, as the photo browser handed the
/// image back to its host: a copy at a path, byte for byte unless asked to turn it upright.
public enum OriginalExport {
    /// What an export wrote.
    public struct Result: Sendable, Equatable {
        public var bytesWritten: Int
        /// True when the pixels were turned by the EXIF orientation (and the tag reset to 1).
        public var turnedUpright: Bool
        /// True when partial blocks at the edges had to be dropped to turn losslessly.
        public var trimmedEdges: Bool
    }

    /// The bytes to hand out for `original`: the file as it is, or turned upright losslessly
    /// for EXIF `orientation` when `upright` (orientation 1 needs no turn). Turning an image
    /// over `pixelLimit` is refused (`ImagingError.tooManyPixels`); copying it is not.
    public static func bytes(
        of original: RawPath, orientation: Int, upright: Bool, pixelLimit: PixelLimit
    ) throws -> (bytes: [UInt8], result: Result) {
        var bytes = try FileSystem.readFile(original)
        guard upright, (2...8).contains(orientation) else {
            return (bytes, Result(bytesWritten: bytes.count, turnedUpright: false, trimmedEdges: false))
        }
        let turned = try TurboJPEGHandle(path: original).transformUpright(
            bytes, orientation: orientation, limit: pixelLimit, path: original)
        bytes = turned.bytes
        ExifOrientationPatch.resetOrientation(in: &bytes, swapDimensions: (5...8).contains(orientation))
        return (bytes, Result(bytesWritten: bytes.count, turnedUpright: true, trimmedEdges: turned.trimmed))
    }

    /// Writes `bytes` to `target` whole (temporary file, fsync, then into place). An existing
    /// `target` is kept, with `FileSystemError.alreadyExists`, unless `replace`.
    /// What a killed export left in the target's folder goes first (`AbandonedTemporaries`).
    public static func write(_ bytes: [UInt8], to target: RawPath, replace: Bool) throws {
        AbandonedTemporaries.removeAbandoned(inFolder: target.parent)
        if FileSystem.isDirectory(target) { throw FileSystemError(path: target, reason: .alreadyExists) }
        if replace {
            try FileSystem.writeAtomically(bytes, to: target)
            return
        }
        if FileSystem.exists(target) { throw FileSystemError(path: target, reason: .alreadyExists) }
        let staging = target.parent.appending(".\(target.lastComponent).photolib-export-\(getpid())")
        try? FileSystem.createDirectory(staging)
        defer { _ = staging.withCString { rmdir($0) } }
        let temporary = staging.appending(target.lastComponent)
        try FileSystem.writeAtomically(bytes, to: temporary)
        // link() refuses an existing target: a file that appeared meanwhile is not replaced.
        try FileTransfer.move(temporary, to: target)
    }
}
