import PhotoSupport

/// The bytes of a file read where they are asked for: from the window already read at its
/// start when they lie there, else with one positional read. Lets a metadata reader follow a
/// container's offsets through a few kilobytes instead of reading a file of megabytes whole.
struct FileBytes {
    /// The file's first bytes, already read.
    let head: UnsafeRawBufferPointer
    let reader: any PositionalReader
    let size: Int64
    /// The open file's descriptor, for a library that reads by name (`/proc/self/fd/N`: the
    /// same file, whatever its name is now); nil for bytes in memory.
    var descriptor: Int32?

    /// `count` bytes at `offset`; nil when they are not all in the file (or a read fails).
    func bytes(at offset: Int64, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= size, Int64(count) <= size - offset else { return nil }
        if offset + Int64(count) <= Int64(head.count) {
            return Array(head[Int(offset)..<Int(offset) + count])
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
