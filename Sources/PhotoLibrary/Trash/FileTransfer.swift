import Foundation
import PhotoSupport

/// Moves a file to a name that must be free, never replacing what is there, and never
/// losing the file on the way.
///
/// On one file system the move is a hard link then an unlink (`linkat` refuses an existing
/// target atomically, where `rename` would silently replace it): once the link exists the
/// move has happened, and the unlink only tidies up. Across file systems, or where hard links
/// are not allowed, the bytes are copied to a temporary file beside the target, synced,
/// linked into place, and only then is the source removed. The copy keeps the permissions and
/// the modification time, so the index sees the same file.
///
/// Both ends are an open folder and a name in it (`FileTransfer.Place`), so that a folder
/// replaced by a symlink after it was checked cannot send the file elsewhere.
public enum FileTransfer {
    /// A name in an open folder.
    public struct Place: Sendable {
        public var folder: DirectoryHandle
        public var name: RawPath

        public init(folder: DirectoryHandle, name: RawPath) {
            self.folder = folder
            self.name = name
        }

        public var path: RawPath { folder.path.appending(name) }
        /// `lstat` of the entry; nil when there is none.
        public var status: stat? { folder.status(name) }
    }

    /// Moves `source` to `target` (absolute paths; their folders are opened as they are).
    /// Throws `FileSystemError` with `.alreadyExists` when `target` exists, and other
    /// `FileSystemError`s for I/O failures (the source then stays).
    public static func move(_ source: RawPath, to target: RawPath) throws {
        try move(
            Place(folder: try DirectoryHandle.open(root: source.parent), name: source.lastComponent),
            to: Place(folder: try DirectoryHandle.open(root: target.parent), name: target.lastComponent))
    }

    /// Moves the entry `source` to `target`, which must be free (see the type's comment).
    public static func move(_ source: Place, to target: Place) throws {
        guard source.status != nil else { throw FileSystemError(path: source.path, reason: .notFound) }
        let linked = source.name.withCString { from in
            target.name.withCString { to in linkat(source.folder.descriptor, from, target.folder.descriptor, to, 0) }
        }
        if linked == 0 {
            target.folder.sync()
            try removeSource(source)
            return
        }
        let code = errno
        switch code {
        case EEXIST:
            throw FileSystemError(path: target.path, reason: .alreadyExists)
        case EXDEV, EPERM, ENOTSUP, EMLINK, ENOSYS, EOPNOTSUPP:
            try copyThenRemove(source, to: target)
        default:
            throw FileSystemError(path: target.path, errno: code, operation: "link")
        }
    }

    /// The path form of `copyThenRemove(_:to:)`, for tests of the copying path.
    static func copyThenRemove(_ source: RawPath, to target: RawPath) throws {
        try copyThenRemove(
            Place(folder: try DirectoryHandle.open(root: source.parent), name: source.lastComponent),
            to: Place(folder: try DirectoryHandle.open(root: target.parent), name: target.lastComponent))
    }

    /// The move by copying: temporary file, fsync, link into place, then unlink the source.
    static func copyThenRemove(_ source: Place, to target: Place) throws {
        try copy(source, to: target)
        try removeSource(source)
    }

    /// Copies `source` to `target`, which must be free (`FileSystemError` `.alreadyExists`):
    /// a temporary file beside the target, synced, then linked into place, so that the target
    /// is never seen half-written. Permissions and times are kept. Only a regular file is
    /// copied (`RegularFile`, through no symlink), and only as much of it as its size.
    public static func copy(_ source: Place, to target: Place) throws {
        let file = try RegularFile(source.name, in: source.folder)
        defer { withExtendedLifetime(file) {} }
        let input = file.descriptor
        let info = file.status
        let temporary = Place(
            folder: target.folder,
            name: RawPath(".\(target.name).photolib-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"))
        let output = temporary.name.withCString {
            openat(
                target.folder.descriptor, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                info.st_mode & 0o7777)
        }
        guard output >= 0 else { throw FileSystemError(path: temporary.path, errno: errno, operation: "open") }
        var keepTemporary = false
        defer {
            if !keepTemporary { _ = try? temporary.folder.unlink(temporary.name) }
        }
        do {
            defer { close(output) }
            try copyBytes(from: input, size: file.size, source: source.path, to: output, target: temporary.path)
            // The permissions and times the original had (umask applied to open's mode).
            _ = fchmod(output, info.st_mode & 0o7777)
            var times = [info.st_atim, info.st_mtim]
            _ = futimens(output, &times)
            guard fsync(output) == 0 else {
                throw FileSystemError(path: temporary.path, errno: errno, operation: "fsync")
            }
        }
        let linked = temporary.name.withCString { from in
            target.name.withCString { to in linkat(target.folder.descriptor, from, target.folder.descriptor, to, 0) }
        }
        if linked != 0 {
            let code = errno
            guard code != EEXIST else { throw FileSystemError(path: target.path, reason: .alreadyExists) }
            // No hard links here either: rename, after checking once more that the target is free.
            guard target.status == nil else { throw FileSystemError(path: target.path, reason: .alreadyExists) }
            let renamed = temporary.name.withCString { from in
                target.name.withCString { to in
                    renameat(target.folder.descriptor, from, target.folder.descriptor, to)
                }
            }
            guard renamed == 0 else { throw FileSystemError(path: target.path, errno: errno, operation: "rename") }
            keepTemporary = true
        }
        target.folder.sync()
    }

    /// Copies the `size` bytes of `input`; a file that turns out longer or shorter is
    /// `.changedDuringRead` (the copy would not be the file).
    private static func copyBytes(
        from input: Int32, size: Int64, source: RawPath, to output: Int32, target: RawPath
    ) throws {
        let chunkSize = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            let count = read(input, buffer, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: source, errno: errno, operation: "read")
            }
            if count == 0 {
                guard total == size else { throw FileSystemError(path: source, reason: .changedDuringRead) }
                return
            }
            total += Int64(count)
            guard total <= size else { throw FileSystemError(path: source, reason: .changedDuringRead) }
            var written = 0
            while written < count {
                let result = write(output, buffer + written, count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError(path: target, errno: errno, operation: "write")
                }
                written += result
            }
        }
    }

    private static func removeSource(_ source: Place) throws {
        try source.folder.unlink(source.name)
        source.folder.sync()
    }
}
