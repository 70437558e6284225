import PhotoSupport

/// The bytes of a file read where they are asked for: from the window already read at its
/// start when they lie there, else from the last block read (a walk from chunk to chunk, as a
/// PNG's 8 KB IDATs make it, costs one read per block, not one per chunk), else with one
/// positional read. Lets a metadata reader follow a container's offsets through a few
/// kilobytes instead of reading a file of megabytes whole.
final class FileBytes {
    /// The file's first bytes, already read.
    let head: UnsafeRawBufferPointer
    let reader: any PositionalReader
    let size: Int64
    /// The open file's descriptor, for a library that reads the file itself (LibRaw, from a
    /// mapping of it: the same file, whatever its name is now); nil for bytes in memory.
    let descriptor: Int32?
    /// The last block read for small reads past the head.
    private var block: (offset: Int64, bytes: [UInt8]) = (0, [])
    static let blockSize = 64 << 10

    init(head: UnsafeRawBufferPointer, reader: any PositionalReader, size: Int64, descriptor: Int32? = nil) {
        self.head = head
        self.reader = reader
        self.size = size
        self.descriptor = descriptor
    }

    /// `count` bytes at `offset`; nil when they are not all in the file (or a read fails).
    /// `keep: false` reads only those bytes, not a block to keep (a look far ahead).
    func bytes(at offset: Int64, count: Int, keep: Bool = true) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= size, Int64(count) <= size - offset else { return nil }
        if offset + Int64(count) <= Int64(head.count) {
            return Array(head[Int(offset)..<Int(offset) + count])
        }
        if offset >= block.offset, offset + Int64(count) <= block.offset + Int64(block.bytes.count) {
            let start = Int(offset - block.offset)
            return Array(block.bytes[start..<start + count])
        }
        if keep, count <= Self.blockSize / 4 {
            let length = Int(min(Int64(Self.blockSize), size - offset))
            var bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
                let read = reader.read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
                initialized = max(read, 0)
            }
            guard bytes.count >= count else { return nil }
            block = (offset, bytes)
            bytes.removeLast(bytes.count - count)
            return bytes
        }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { reader.read(at: offset, into: $0) }
        return read == count ? bytes : nil
    }

    /// Up to `count` bytes at `offset`: fewer where the file ends first.
    func prefix(at offset: Int64, count: Int) -> [UInt8]? {
        guard offset >= 0, offset <= size else { return nil }
        return bytes(at: offset, count: Int(min(Int64(count), size - offset)))
    }

    /// The whole file, for the readers that need it all (what could be read of it when it
    /// shrank since its size was taken); nil when a read fails.
    func all() -> [UInt8]? {
        if Int64(head.count) == size { return Array(head) }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let count = bytes.withUnsafeMutableBytes { reader.read(at: 0, into: $0) }
        guard count >= 0 else { return nil }
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}
