import Foundation
import PhotoSupport

/// Moves a file to a path that must be free, never replacing what is there, and never
/// losing the file on the way.
///
/// On one file system the move is a hard link then an unlink (`link` refuses an existing
/// target atomically, where `rename` would silently replace it). Across file systems, or
/// where hard links are not allowed, the bytes are copied to a temporary file beside the
/// target, synced, linked into place, and only then is the source removed. The copy keeps
/// the permissions and the modification time, so the index sees the same file.
public enum FileTransfer {
    /// Moves `source` to `target`. Throws `FileSystemError` with `.alreadyExists` when
    /// `target` exists, and other `FileSystemError`s for I/O failures (the source then stays).
    public static func move(_ source: RawPath, to target: RawPath) throws {
        guard FileSystem.exists(source) else { throw FileSystemError(path: source, reason: .notFound) }
        let linked = source.withCString { from in target.withCString { to in link(from, to) } }
        if linked == 0 {
            try removeSource(source)
            syncDirectory(target.parent)
            return
        }
        let code = errno
        switch code {
        case EEXIST:
            throw FileSystemError(path: target, reason: .alreadyExists)
        case EXDEV, EPERM, ENOTSUP, EMLINK, ENOSYS, EOPNOTSUPP:
            try copyThenRemove(source, to: target)
        default:
            throw FileSystemError(path: target, errno: code, operation: "link")
        }
    }

    /// The move by copying: temporary file, fsync, link into place, then unlink the source.
    static func copyThenRemove(_ source: RawPath, to target: RawPath) throws {
        let input = source.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard input >= 0 else { throw FileSystemError(path: source, errno: errno, operation: "open") }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw FileSystemError(path: source, errno: errno, operation: "stat") }

        let temporary = target.parent.appending(
            ".\(target.lastComponent).photolib-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let output = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o7777) }
        guard output >= 0 else { throw FileSystemError(path: temporary, errno: errno, operation: "open") }
        var keepTemporary = false
        defer {
            if !keepTemporary { _ = temporary.withCString { unlink($0) } }
        }
        do {
            defer { close(output) }
            try copyBytes(from: input, source: source, to: output, target: temporary)
            // The permissions and times the original had (umask applied to open's mode).
            _ = fchmod(output, info.st_mode & 0o7777)
            var times = [info.st_atim, info.st_mtim]
            _ = futimens(output, &times)
            guard fsync(output) == 0 else { throw FileSystemError(path: temporary, errno: errno, operation: "fsync") }
        }
        let linked = temporary.withCString { from in target.withCString { to in link(from, to) } }
        if linked != 0 {
            let code = errno
            guard code != EEXIST else { throw FileSystemError(path: target, reason: .alreadyExists) }
            // No hard links here either: rename, after checking once more that the target is free.
            guard !FileSystem.exists(target) else { throw FileSystemError(path: target, reason: .alreadyExists) }
            guard temporary.withCString({ from in target.withCString { to in rename(from, to) } }) == 0 else {
                throw FileSystemError(path: target, errno: errno, operation: "rename")
            }
            keepTemporary = true
        }
        syncDirectory(target.parent)
        try removeSource(source)
    }

    private static func copyBytes(from input: Int32, source: RawPath, to output: Int32, target: RawPath) throws {
        let chunkSize = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(input, buffer, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: source, errno: errno, operation: "read")
            }
            if count == 0 { return }
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

    private static func removeSource(_ source: RawPath) throws {
        guard source.withCString({ unlink($0) }) == 0 else {
            throw FileSystemError(path: source, errno: errno, operation: "unlink")
        }
        syncDirectory(source.parent)
    }

    /// Makes a directory's new or removed entries durable; a failure is not worth an error,
    /// as the data itself is already synced.
    private static func syncDirectory(_ path: RawPath) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
