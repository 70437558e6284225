import Foundation

extension ContentHash {
    /// How much of a file is read at a time: big enough that the system call costs nothing next
    /// to the hashing, small enough that many parallel workers stay within a few megabytes.
    public static let readChunkSize = 1 << 20

    /// The content hash of the file at `path`, read in chunks of `readChunkSize` (memory stays
    /// bounded whatever the file's size). Also returns how many bytes were hashed.
    public static func ofFile(at path: RawPath) throws(FileSystemError) -> (hash: ContentHash, size: Int64) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno, operation: "open") }
        defer { close(descriptor) }
        #if os(Linux)
        // Read once, front to back: ask for read-ahead and not to crowd the page cache.
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_SEQUENTIAL)
        #endif
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readChunkSize, alignment: 64)
        defer { buffer.deallocate() }
        var hasher = ContentHasher()
        var total: Int64 = 0
        while true {
            let count = read(descriptor, buffer.baseAddress!, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path, errno: errno, operation: "read")
            }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            total += Int64(count)
        }
        return (hasher.finish(), total)
    }
}
