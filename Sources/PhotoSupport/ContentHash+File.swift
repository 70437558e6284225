import Foundation

extension ContentHash {
    /// How much of a file is read at a time: big enough that the system call costs nothing next
    /// to the hashing, small enough that many parallel workers stay within a few megabytes.
    public static let readChunkSize = 1 << 20

    /// The content hash of the file at `path`, read in chunks of `readChunkSize` (memory stays
    /// bounded whatever the file's size). Also returns how many bytes were hashed. Only a
    /// regular file is read (`RegularFile`), and only as much as its size: one that grows or
    /// shrinks meanwhile is `.changedDuringRead`.
    public static func ofFile(at path: RawPath) throws(FileSystemError) -> (hash: ContentHash, size: Int64) {
        let file = try RegularFile(path)
        let descriptor = file.descriptor
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
            total += Int64(count)
            guard total <= file.size else { throw FileSystemError(path: path, reason: .changedDuringRead) }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        guard total == file.size else { throw FileSystemError(path: path, reason: .changedDuringRead) }
        return (hasher.finish(), total)
    }
}
