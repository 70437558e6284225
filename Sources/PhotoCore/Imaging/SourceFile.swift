import Foundation

/// Reading a photo's bytes with POSIX calls into memory a worker reuses.
enum SourceFile {
    /// Reads the whole file at `path` into `storage`; returns how many bytes it holds.
    static func read(_ path: RawPath, into storage: PixelStorage<UInt8>) throws -> Int {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno, operation: "open") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError(path: path, errno: errno, operation: "stat") }
        // One byte more than the size, so that a file that grew is noticed and read on.
        var capacity = max(Int(info.st_size) + 1, 4096)
        var buffer = storage.reserve(capacity)
        var length = 0
        while true {
            if length == capacity {
                capacity *= 2
                let grown = storage.reserve(capacity)
                if grown != buffer {
                    // reserve() does not keep contents: read again from the start.
                    buffer = grown
                    length = 0
                    guard lseek(descriptor, 0, SEEK_SET) == 0 else {
                        throw FileSystemError(path: path, errno: errno, operation: "lseek")
                    }
                }
            }
            let count = Foundation.read(descriptor, buffer + length, capacity - length)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: path, errno: errno, operation: "read")
            }
            if count == 0 { return length }
            length += count
        }
    }

    /// The stored pixel size from the frame header (SOFn), found by walking the marker segments
    /// with a few small reads; the image data is never read. Nil when there is no frame header.
    static func frameSize(of path: RawPath) throws -> (width: Int, height: Int)? {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw FileSystemError(path: path, errno: errno, operation: "open") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 9)
        func readBytes(at offset: Int, _ count: Int) -> Bool {
            bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) } == count
        }
        guard readBytes(at: 0, 2), bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while readBytes(at: offset, 2) {
            guard bytes[0] == 0xFF else { return nil }
            let marker = bytes[1]
            if marker == 0xFF { offset += 1; continue }                    // fill byte
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            if marker == 0xD9 || marker == 0xDA { return nil }             // image data before any frame
            guard readBytes(at: offset + 2, 7) else { return nil }
            let length = Int(bytes[0]) << 8 | Int(bytes[1])
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                let height = Int(bytes[3]) << 8 | Int(bytes[4])
                let width = Int(bytes[5]) << 8 | Int(bytes[6])
                return width > 0 && height > 0 ? (width, height) : nil
            }
            guard length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }
}
