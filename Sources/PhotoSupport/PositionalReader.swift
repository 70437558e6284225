import Foundation

/// Reads bytes at any offset of a file without moving a file position (so one open file
/// could serve several readers); `pread` for real files, plain arrays in tests.
package protocol PositionalReader {
    /// Reads up to `buffer.count` bytes at `offset`. Returns the count read (0 at the end
    /// of the file), or -1 with `errno` set.
    func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int
}

/// `pread` on an open descriptor, retried on EINTR and until the buffer is full or the file ends.
package struct FileDescriptorReader: PositionalReader {
    package let descriptor: Int32

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    package func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var total = 0
        while total < buffer.count {
            let count = pread(
                descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset) + off_t(total))
            if count < 0 {
                if errno == EINTR { continue }
                return total > 0 ? total : -1
            }
            if count == 0 { break }
            total += count
        }
        return total
    }
}
