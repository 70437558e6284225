import Foundation

/// An I/O failure on one path, with the reason the system gave.
public struct FileSystemError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case notFound
        case permissionDenied
        case notADirectory
        case alreadyExists
        /// Something other than a regular file (a FIFO, a symlink, a folder) where one is replaced.
        case notARegularFile
        /// A file with other hard links, which replacing it would break.
        case hasOtherLinks
        /// Something other than a regular file where one is read (what it is: "a FIFO",
        /// "a character device"): never opened for reading, or read (see `RegularFile`).
        case special(String)
        /// The file grew or shrank while it was read whole: what was read is not a whole file.
        case changedDuringRead
        /// A file too large to read into memory.
        case tooLarge
        case system(code: Int32, operation: String)
    }

    public var path: RawPath
    public var reason: Reason

    public init(path: RawPath, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// Builds an error from `errno` after a failed POSIX call.
    public init(path: RawPath, errno code: Int32, operation: String) {
        self.path = path
        switch code {
        case ENOENT: reason = .notFound
        case EACCES, EPERM: reason = .permissionDenied
        case ENOTDIR: reason = .notADirectory
        case EEXIST: reason = .alreadyExists
        default: reason = .system(code: code, operation: operation)
        }
    }

    public var kind: ErrorKind {
        switch reason {
        case .notFound, .notADirectory: .noSuchInput
        default: .failure
        }
    }

    /// What went wrong, without the path.
    public var explanation: String {
        let why: String
        switch reason {
        case .notFound: why = "no such file or directory"
        case .permissionDenied: why = "permission denied"
        case .notADirectory: why = "not a directory"
        case .alreadyExists: why = "already exists"
        case .notARegularFile: why = "not a regular file; photolib replaces only regular files"
        case .hasOtherLinks: why = "has other hard links, which replacing it would break; left as it is"
        case .special(let kind): why = "\(kind), not a regular file; photolib reads only regular files"
        case .changedDuringRead: why = "changed while it was read (its size is not what it was); try again"
        case .tooLarge: why = "too large to read into memory"
        case .system(let code, let operation): why = "\(operation) failed: \(String(cString: strerror(code)))"
        }
        return why
    }

    public var description: String { "\(path): \(explanation)" }
}

extension stat {
    /// The modification time (`st_mtim`) as nanoseconds since 1970: the unit the catalog
    /// records and compares, so that every reader of a file's time agrees to the nanosecond.
    package var modifiedNanoseconds: Int64 {
        Int64(st_mtim.tv_sec) * 1_000_000_000 + Int64(st_mtim.tv_nsec)
    }
}

/// Small POSIX helpers that take `RawPath`, so that no file name is ever lost to text decoding.
public enum FileSystem {
    /// `stat` of a path, following symlinks; nil when it does not exist.
    public static func status(_ path: RawPath) -> stat? {
        var info = stat()
        return path.withCString { stat($0, &info) } == 0 ? info : nil
    }

    public static func isDirectory(_ path: RawPath) -> Bool {
        guard let info = status(path) else { return false }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    public static func exists(_ path: RawPath) -> Bool { status(path) != nil }

    /// Creates a directory and any missing parents.
    public static func createDirectory(_ path: RawPath) throws {
        if isDirectory(path) { return }
        let parent = path.parent
        if parent != path, !parent.bytes.isEmpty, parent.description != "." { try createDirectory(parent) }
        if path.withCString({ mkdir($0, 0o755) }) != 0, errno != EEXIST {
            throw FileSystemError(path: path, errno: errno, operation: "mkdir")
        }
    }

    /// Reads a whole file.
    public static func readFile(_ path: RawPath) throws -> [UInt8] {
        var memory = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
        defer { memory.deallocate() }
        let count = try readFile(path) { capacity in
            if capacity > memory.count {
                memory.deallocate()
                memory = .allocate(capacity: capacity)
            }
            return memory.baseAddress!
        }
        return Array(memory[..<count])
    }

    /// Reads the whole file at `path` into memory that `reserve` hands out, and returns how many
    /// bytes it holds. `reserve` is asked for room for at least so many bytes and need not keep
    /// what the memory held before (a worker's reused buffer). Only a regular file is read, and
    /// at most the size `fstat` gave it (`RegularFile`): a FIFO or a device is refused.
    package static func readFile(_ path: RawPath, reserve: (Int) -> UnsafeMutablePointer<UInt8>) throws -> Int {
        try RegularFile(path).readAll(reserve: reserve)
    }

    /// True when `path` (symlinks followed) is a regular file: an asset's file is there.
    public static func isRegularFile(_ path: RawPath) -> Bool {
        guard let info = status(path) else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    /// What is at `path` (symlinks followed) when it is there and not a regular file ("a FIFO",
    /// "a folder"); nil for a regular file or nothing.
    public static func specialKind(at path: RawPath) -> String? {
        guard let info = status(path), (info.st_mode & S_IFMT) != S_IFREG else { return nil }
        return RegularFile.describe(info.st_mode)
    }

    /// Writes all of `bytes` to `descriptor`, retrying short writes; false when it failed.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Writes `data` to a temporary file beside `path`, flushes it, and renames it into
    /// place, so that a reader sees the old file or the new one, never half of one.
    public static func writeAtomically(_ data: [UInt8], to path: RawPath) throws {
        let temporary = path.parent.appending(
            ".\(path.lastComponent.description).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let descriptor = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw FileSystemError(path: temporary, errno: errno, operation: "open") }
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, data.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                _ = temporary.withCString { unlink($0) }
                throw FileSystemError(path: temporary, errno: code, operation: "write")
            }
            written += count
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            _ = temporary.withCString { unlink($0) }
            throw FileSystemError(path: temporary, errno: code, operation: "fsync")
        }
        close(descriptor)
        let renamed = temporary.withCString { from in path.withCString { to in rename(from, to) } }
        if renamed != 0 {
            let code = errno
            _ = temporary.withCString { unlink($0) }
            throw FileSystemError(path: path, errno: code, operation: "rename")
        }
    }
}
