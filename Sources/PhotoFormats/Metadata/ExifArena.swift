import CExif
import Glibc

/// libexif's memory for the EXIF blocks a thread parses, taken from one buffer it reuses.
///
/// Parsing a block makes about a hundred small allocations (the data, its directories, an
/// entry and a value each, the entry list grown one entry at a time) and frees them all with
/// the block: through `calloc`, `realloc` and `free` that was two thirds of libexif's work in
/// a first index. Here an allocation takes the next bytes of the thread's buffer (zeroed, as
/// `calloc` gives them), a free only counts, and the buffer is used again from its start once
/// everything taken from it is freed. What does not fit, and everything when a thread has no
/// buffer, comes from `calloc` and goes back to `free`, as before; so does a block whose
/// parse never frees something: the buffer is then only slower, never wrong.
///
/// libexif's allocator hooks carry no context, so the buffer is found through a thread-local
/// key. Each block gets an `ExifMem` of its own, because libexif counts the references to one
/// without a lock. A block is parsed and freed on one thread (`ExifBlock` is not Sendable):
/// a free finds the buffer its memory came from in the header before it, not the thread's.
enum ExifArena {
    /// A new allocator for one block (one reference, which `exif_data_new_mem` adds to).
    static func makeMem() -> OpaquePointer? {
        exif_mem_new(allocateHook, reallocateHook, releaseHook)
    }

    /// Bytes before each allocation: the buffer it came from (0 for `calloc`) and its size.
    static let headerSize = 16
    /// Each thread's buffer; a block's allocations take a few KiB, its thumbnail up to 64 KiB.
    static let bufferSize = 256 << 10

    /// The bytes of this thread's buffer in use, or nil when the thread has none yet.
    static var bytesInUseOnThisThread: Int? {
        guard let key = arenaKey, let raw = pthread_getspecific(key) else { return nil }
        return raw.assumingMemoryBound(to: Buffer.self).pointee.used
    }

    /// `size` bytes, zeroed; nil when `calloc` has none.
    static func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        let total = headerSize + rounded(size)
        if let buffer = currentBuffer(), buffer.pointee.capacity - buffer.pointee.used >= total {
            let block = buffer.pointee.base + buffer.pointee.used
            buffer.pointee.used += total
            buffer.pointee.live += 1
            block.storeBytes(of: UInt(bitPattern: buffer), as: UInt.self)
            block.storeBytes(of: size, toByteOffset: 8, as: Int.self)
            let payload = block + headerSize
            payload.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            return payload
        }
        guard let block = calloc(1, headerSize + size) else { return nil }
        block.storeBytes(of: 0, as: UInt.self)
        block.storeBytes(of: size, toByteOffset: 8, as: Int.self)
        return block + headerSize
    }

    /// `realloc`: the bytes kept up to the smaller size; in place when `pointer` is the
    /// latest allocation of its buffer and the buffer has room (the common case of an entry
    /// list grown while no entry was made in between).
    static func reallocate(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
        guard let pointer else { return allocate(size) }
        let block = pointer - headerSize
        let oldSize = block.load(fromByteOffset: 8, as: Int.self)
        if let buffer = owner(of: block), pointer + rounded(oldSize) == buffer.pointee.base + buffer.pointee.used {
            let end = (pointer - buffer.pointee.base) + rounded(size)
            if end <= buffer.pointee.capacity {
                buffer.pointee.used = end
                block.storeBytes(of: size, toByteOffset: 8, as: Int.self)
                return pointer
            }
        }
        guard let moved = allocate(size) else { return nil }
        moved.copyMemory(from: pointer, byteCount: min(oldSize, size))
        release(pointer)
        return moved
    }

    /// `free`: counted off its buffer, which starts over when nothing of it is in use.
    static func release(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        let block = pointer - headerSize
        guard let buffer = owner(of: block) else { return free(block) }
        buffer.pointee.live -= 1
        if buffer.pointee.live == 0 { buffer.pointee.used = 0 }
    }

    private static func rounded(_ size: Int) -> Int { (size + 15) & ~15 }

    private static func owner(of block: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Buffer>? {
        UnsafeMutablePointer(bitPattern: block.load(as: UInt.self))
    }

    /// This thread's buffer, made on first use; nil when memory or a key is lacking.
    private static func currentBuffer() -> UnsafeMutablePointer<Buffer>? {
        guard let key = arenaKey else { return nil }
        if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: Buffer.self) }
        guard let base = malloc(bufferSize) else { return nil }
        let buffer = UnsafeMutablePointer<Buffer>.allocate(capacity: 1)
        buffer.initialize(to: Buffer(base: base, capacity: bufferSize))
        guard pthread_setspecific(key, buffer) == 0 else {
            free(base)
            buffer.deallocate()
            return nil
        }
        return buffer
    }

    /// One thread's buffer: `used` bytes taken from `base`, `live` allocations not yet freed.
    struct Buffer {
        let base: UnsafeMutableRawPointer
        let capacity: Int
        var used = 0
        var live = 0
    }
}

/// The key of each thread's buffer; its destructor frees the buffer when the thread ends,
/// unless something of it is still in use (then it is left, not freed under a live block).
private let arenaKey: pthread_key_t? = {
    var key = pthread_key_t()
    let created = pthread_key_create(&key) { raw in
        guard let buffer = raw?.assumingMemoryBound(to: ExifArena.Buffer.self), buffer.pointee.live == 0 else {
            return
        }
        free(buffer.pointee.base)
        buffer.deallocate()
    }
    return created == 0 ? key : nil
}()

private let allocateHook: ExifMemAllocFunc = { size in ExifArena.allocate(Int(size)) }
private let reallocateHook: ExifMemReallocFunc = { pointer, size in ExifArena.reallocate(pointer, Int(size)) }
private let releaseHook: ExifMemFreeFunc = { pointer in ExifArena.release(pointer) }
