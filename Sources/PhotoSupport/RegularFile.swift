import Foundation

/// A regular file open for reading: the one way photolib opens a file it reads (an original
/// by every reader, a sidecar, the settings, a rendition), so that no reader blocks or reads
/// without end on what the untrusted library put at a file's name.
///
/// Opened `O_NONBLOCK` (opening a FIFO waits for no writer) and `O_NOCTTY`; the descriptor's
/// `fstat` must say a regular file (a FIFO, a device, a folder or a socket is refused with
/// `FileSystemError.Reason.special`), and a whole read takes at most the size `fstat` gave
/// (a file that grows or shrinks meanwhile is `.changedDuringRead`). A symlink is followed
/// where the caller allows it (an original may be one, as the index walk follows them); what
/// it leads to must be a regular file all the same.
public final class RegularFile {
    public let descriptor: Int32
    /// The path opened, for messages.
    public let path: RawPath
    /// `fstat` of the open file.
    public let status: stat

    private init(descriptor: Int32, path: RawPath) throws(FileSystemError) {
        self.descriptor = descriptor
        self.path = path
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw FileSystemError(path: path, errno: code, operation: "fstat")
        }
        status = info
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw FileSystemError(path: path, reason: .special(Self.describe(info.st_mode)))
        }
    }

    deinit { close(descriptor) }

    private static let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY

    /// Opens `path`, following a symlink at it unless `followingSymlink` is false.
    public convenience init(_ path: RawPath, followingSymlink: Bool = true) throws(FileSystemError) {
        let descriptor = path.withCString { open($0, Self.flags | (followingSymlink ? 0 : O_NOFOLLOW)) }
        guard descriptor >= 0 else { throw Self.openFailure(path, errno) }
        try self.init(descriptor: descriptor, path: path)
    }

    /// Opens the entry `name` of `folder`, through no symlink (`O_NOFOLLOW`).
    public convenience init(_ name: RawPath, in folder: DirectoryHandle) throws(FileSystemError) {
        let descriptor = name.withCString { openat(folder.descriptor, $0, Self.flags | O_NOFOLLOW) }
        guard descriptor >= 0 else { throw Self.openFailure(folder.path.appending(name), errno) }
        try self.init(descriptor: descriptor, path: folder.path.appending(name))
    }

    /// The size `fstat` gave when the file was opened.
    public var size: Int64 { Int64(status.st_size) }

    /// Reads the whole file into memory that `reserve` hands out (room for at least so many
    /// bytes: the size plus one, so that one more byte than `fstat` said is noticed) and
    /// returns how many bytes it holds. Throws `.changedDuringRead` when the file turns out
    /// longer or shorter than its size.
    package func readAll(reserve: (Int) -> UnsafeMutablePointer<UInt8>) throws(FileSystemError) -> Int {
        guard status.st_size < Int64(Int.max - 4096) else { throw FileSystemError(path: path, reason: .tooLarge) }
        let size = Int(status.st_size)
        let capacity = max(size + 1, 4096)
        let buffer = reserve(capacity)
        var length = 0
        while length <= size {
            let count = Foundation.read(descriptor, buffer + length, capacity - length)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path, errno: errno, operation: "read")
            }
            if count == 0 { break }
            length += count
        }
        guard length == size else { throw FileSystemError(path: path, reason: .changedDuringRead) }
        return length
    }

    /// What a file of mode `mode` is, for a message ("a FIFO").
    static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symlink"
        default: "an unknown kind of file"
        }
    }

    private static func openFailure(_ path: RawPath, _ code: Int32) -> FileSystemError {
        switch code {
        // A socket cannot be opened; a symlink where none is followed.
        case ENXIO: FileSystemError(path: path, reason: .special("a socket"))
        case ELOOP: FileSystemError(path: path, reason: .special("a symlink"))
        default: FileSystemError(path: path, errno: code, operation: "open")
        }
    }
}
