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

    // MARK: - Companions

    /// A companion of an exported original and where it goes.
    public struct CompanionCopy: Sendable, Equatable {
        public var companion: Companions.File
        public var target: RawPath
    }

    /// The companions of `original` (its RAW twin, `.THM`, Live Photo movie: `Companions`)
    /// and where each goes when the original is exported to `target`: beside it, under the
    /// target's name with the companion's own extension, so that they stay a group by name.
    public static func companionCopies(of original: RawPath, exportedTo target: RawPath) -> [CompanionCopy] {
        let name = target.lastComponent.bytes
        let stem = name.lastIndex(of: UInt8(ascii: ".")).map { Array(name[..<$0]) } ?? name
        return Companions.of(original).map { companion in
            let companionName = companion.path.lastComponent.bytes
            let suffix = companionName.lastIndex(of: UInt8(ascii: ".")).map { Array(companionName[$0...]) } ?? []
            return CompanionCopy(companion: companion, target: target.parent.appending(RawPath(bytes: stem + suffix)))
        }
    }

    /// Copies a companion to its target whole (temporary file, fsync, then into place),
    /// streaming (a movie need not fit in memory). An existing `target` is kept, with
    /// `FileSystemError.alreadyExists`, unless `replace`.
    public static func copy(_ copy: CompanionCopy, replace: Bool) throws {
        let target = copy.target
        if FileSystem.isDirectory(target) { throw FileSystemError(path: target, reason: .alreadyExists) }
        if !replace, FileSystem.exists(target) { throw FileSystemError(path: target, reason: .alreadyExists) }
        let source = FileTransfer.Place(
            folder: try DirectoryHandle.open(root: copy.companion.path.parent), name: copy.companion.path.lastComponent)
        let folder = try DirectoryHandle.open(root: target.parent)
        guard replace, FileSystem.exists(target) else {
            try FileTransfer.copy(source, to: FileTransfer.Place(folder: folder, name: target.lastComponent))
            return
        }
        // Replacing: copied whole under a hidden name first, then renamed over the old file.
        let hidden = RawPath(".\(target.lastComponent).photolib-export-\(getpid())")
        try FileTransfer.copy(source, to: FileTransfer.Place(folder: folder, name: hidden))
        let renamed = hidden.withCString { from in
            target.lastComponent.withCString { to in renameat(folder.descriptor, from, folder.descriptor, to) }
        }
        guard renamed == 0 else {
            let code = errno
            _ = try? folder.unlink(hidden)
            throw FileSystemError(path: target, errno: code, operation: "rename")
        }
        folder.sync()
    }
}
