import Foundation

extension ContentHash {
    /// How much of each end `ofEnds` reads: one page, as fdupes and jdupes read before they
    /// hash a file whole.
    public static let endBlockSize = 4096

    /// A hash of the first and last `endBlockSize` bytes of the file at `path` (the whole file
    /// when it is no longer than two blocks), with its size: two files whose ends differ
    /// cannot be identical, so only those whose ends agree need reading whole. Not a content
    /// hash: never stored, never compared with one. A file that is not `expectedSize` bytes
    /// (changed since it was indexed) is `.changedDuringRead`.
    public static func ofEnds(at path: RawPath, expectedSize: Int64) throws(FileSystemError) -> ContentHash {
        let file = try RegularFile(path)
        guard file.size == expectedSize else { throw FileSystemError(path: path, reason: .changedDuringRead) }
        let block = endBlockSize
        let size = Int(file.size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * block, alignment: 64)
        defer { buffer.deallocate() }
        // Both ends, or the whole file when the ends would overlap.
        let ranges = size <= 2 * block ? [(0, size)] : [(0, block), (size - block, block)]
        var filled = 0
        for (offset, count) in ranges {
            var done = 0
            while done < count {
                let read = pread(
                    file.descriptor, buffer.baseAddress! + filled + done, count - done, off_t(offset + done))
                if read < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError(path: path, errno: errno, operation: "read")
                }
                guard read > 0 else { throw FileSystemError(path: path, reason: .changedDuringRead) }
                done += read
            }
            filled += count
        }
        return ContentHash.of(UnsafeRawBufferPointer(rebasing: buffer[..<filled]))
    }
}
