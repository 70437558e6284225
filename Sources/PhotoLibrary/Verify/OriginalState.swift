import Foundation
import PhotoCatalog
import PhotoSupport

/// How an original on disk compares with the facts the catalog recorded when it was indexed.
enum OriginalState: Equatable {
    case unchanged
    case missing
    /// Says what differs: size, modification time or fingerprint.
    case changed(String)
    /// It is there but cannot be opened or read.
    case unreadable(String)

    /// Compares `path` with `recorded`: a `stat`, then the fingerprint of its first and
    /// last 64 KiB (never the whole file), as the indexer computed it.
    static func of(_ path: RawPath, recorded: FileFacts) -> OriginalState {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard descriptor >= 0 else {
            let code = errno
            return code == ENOENT || code == ENOTDIR ? .missing : .unreadable(String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .unreadable(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .changed("no longer a regular file") }
        let size = Int64(info.st_size)
        if size != recorded.size { return .changed("size \(recorded.size) is now \(size)") }
        let modified = info.modifiedNanoseconds
        guard let fingerprint = fingerprint(descriptor: descriptor, size: size) else {
            return .unreadable(String(cString: strerror(errno)))
        }
        if fingerprint != recorded.fingerprint { return .changed("content fingerprint differs") }
        if modified != recorded.modifiedNanoseconds { return .changed("modification time differs") }
        return .unchanged
    }

    /// The `ContentFingerprint` of an open file of `size` bytes; nil on a read error or a short read.
    private static func fingerprint(descriptor: Int32, size: Int64) -> String? {
        let window = ContentFingerprint.windowSize
        let isSmall = size <= Int64(2 * window)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: isSmall ? Int(size) : 2 * window, alignment: 16)
        defer { buffer.deallocate() }
        guard isSmall else {
            let head = UnsafeMutableRawBufferPointer(rebasing: buffer[..<window])
            let tail = UnsafeMutableRawBufferPointer(rebasing: buffer[window...])
            guard readFully(descriptor, into: head, at: 0),
                readFully(descriptor, into: tail, at: size - Int64(window))
            else { return nil }
            return ContentFingerprint.of(
                size: size, head: UnsafeRawBufferPointer(head), tail: UnsafeRawBufferPointer(tail))
        }
        guard readFully(descriptor, into: buffer, at: 0) else { return nil }
        return ContentFingerprint.of(size: size, head: UnsafeRawBufferPointer(buffer), tail: nil)
    }

    private static func readFully(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64
    ) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }
}
