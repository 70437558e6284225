import CJPEG
import Foundation

/// A memory budget that workers share for libjpeg's whole-image buffers.
///
/// A single-scan JPEG decodes a row of blocks at a time, but a progressive one needs all of
/// its DCT coefficients at full size before the first row comes out, whatever the scale: about
/// 80 MB for a 24-megapixel photo. Two such decodes at once would double that, so a worker
/// reserves the bytes first and waits while others hold too much. One image larger than the
/// whole budget still goes ahead, alone.
///
/// The freed buffer must also leave the process before the next worker allocates its own:
/// glibc raises its mmap threshold after freeing a big block, so the next blocks of that size
/// come from a per-thread heap that keeps them. Trimming the heaps after such a decode keeps
/// the peak at one buffer (measured with two workers on 24-megapixel progressive photos:
/// 132 MB instead of 190 MB).
package final class DecodeMemoryGate: @unchecked Sendable {
    /// Shared by every `RenditionMaker` of the process. 128 MiB lets two 12-megapixel
    /// progressive photos decode side by side, but not two of 24 megapixels.
    package static let shared = DecodeMemoryGate(budget: 128 << 20)

    let budget: Int
    // NSCondition guards `reserved`; that is what makes the class safe to share.
    private let condition = NSCondition()
    private var reserved = 0

    init(budget: Int) {
        self.budget = budget
    }

    /// Runs `body` once `bytes` fit in the budget next to the other reservations.
    func withReservation<Result>(of bytes: Int, _ body: () throws -> Result) rethrows -> Result {
        guard bytes > 0 else { return try body() }
        condition.lock()
        while reserved > 0 && reserved + bytes > budget { condition.wait() }
        reserved += bytes
        condition.unlock()
        defer {
            releaseFreedMemory()
            condition.lock()
            reserved -= bytes
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    private func releaseFreedMemory() {
        pljpeg_release_freed_memory()
    }
}
