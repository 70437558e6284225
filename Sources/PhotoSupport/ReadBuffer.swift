import Foundation

/// Memory a descriptor is read into until its end, kept from one read to the next: a RAW
/// worker's 3 MB bitmap lands where it is used, with no zeroed chunk, no copy out of one and
/// no fresh pages each time (those were a fifth of what photolib's side of a raw cost).
package final class ReadBuffer {
    private var base: UnsafeMutableRawPointer?
    private var capacity = 0
    /// The bytes read by the last `readToEnd`.
    package private(set) var count = 0

    package init() {}

    deinit { free(base) }

    /// What the last `readToEnd` read; valid until the next one.
    package var bytes: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base, count: count)
    }

    /// Reads `descriptor` until its end (retrying interrupted reads). Returns false, with what
    /// fit, as soon as more than `maximum` bytes come; true otherwise. A failed read ends the
    /// reading as its end would.
    package func readToEnd(from descriptor: Int32, maximum: Int) -> Bool {
        count = 0
        while true {
            if count == capacity {
                // realloc moves big blocks by remapping pages, not by copying them.
                let grown = max(1 << 20, capacity * 2)
                guard let moved = realloc(base, grown) else { return false }
                base = moved
                capacity = grown
            }
            let room = min(capacity, maximum + 1) - count
            guard room > 0 else { return false }
            let read = Glibc.read(descriptor, base! + count, room)
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return true }
            count += read
            if count > maximum {
                count = maximum
                return false
            }
        }
    }

    /// Holds a copy of `bytes` instead (a reply that came another way).
    package func replace(with bytes: [UInt8]) {
        count = 0
        // An empty reply (a worker stopped before it wrote anything) before any memory was
        // held: an empty array may still have a base address, and there is none to copy to.
        guard !bytes.isEmpty else { return }
        if bytes.count > capacity {
            guard let grown = realloc(base, bytes.count) else { return }
            base = grown
            capacity = bytes.count
        }
        bytes.withUnsafeBytes { source in
            if let from = source.baseAddress { base!.copyMemory(from: from, byteCount: source.count) }
        }
        count = bytes.count
    }

    /// Gives the memory back when an unusual reply made it much larger than usual.
    package func shrink(to limit: Int) {
        guard capacity > limit else { return }
        free(base)
        base = nil
        capacity = 0
        count = 0
    }
}
