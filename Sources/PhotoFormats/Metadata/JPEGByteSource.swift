import Foundation
import PhotoSupport

/// The bytes of a JPEG as the marker walk sees them: the head already in memory, anything
/// beyond it fetched in small windows, never more than `fetchBudget` bytes in all, so that
/// no chain of hostile segment lengths can make one file cost more than that.
struct JPEGByteSource<Reader: PositionalReader> {
    /// Bytes `0 ..< head.count` of the file.
    let head: UnsafeRawBufferPointer
    let fileSize: Int64
    let reader: Reader
    let fetchBudget: Int
    /// Bytes fetched beyond the head so far.
    private(set) var bytesFetched = 0
    /// Set when a read failed: the `errno` value.
    private(set) var readError: Int32?
    /// Set when a read was refused because the budget was spent.
    private(set) var budgetExhausted = false

    /// Headers past the head are small; a window of this size usually holds the next few.
    private static var windowSize: Int { 4096 }
    private var window: [UInt8] = []
    private var windowOffset: Int64 = 0

    init(head: UnsafeRawBufferPointer, fileSize: Int64, reader: Reader, fetchBudget: Int) {
        self.head = head
        self.fileSize = fileSize
        self.reader = reader
        self.fetchBudget = fetchBudget
    }

    /// The byte at `offset`, or nil past the end of the file or when it cannot be read.
    mutating func byte(at offset: Int64) -> UInt8? {
        if offset >= 0, offset < Int64(head.count) { return head[Int(offset)] }
        return withBytes(at: offset, upTo: 1) { $0.first } ?? nil
    }

    /// Calls `body` with the bytes from `offset`, `maxCount` of them or fewer where the file
    /// ends; nil (without calling `body`) when not even one byte is there or can be read.
    mutating func withBytes<Result>(
        at offset: Int64, upTo maxCount: Int,
        _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result? {
        guard offset >= 0, offset < fileSize, maxCount > 0 else { return nil }
        let count = Int(min(Int64(maxCount), fileSize - offset))
        if offset + Int64(count) <= Int64(head.count) {
            return body(UnsafeRawBufferPointer(rebasing: head[Int(offset)..<Int(offset) + count]))
        }
        if !windowCovers(offset, count) {
            guard fillWindow(at: offset, minimum: count) else { return nil }
        }
        let start = Int(offset - windowOffset)
        let available = min(count, window.count - start)
        guard available > 0 else { return nil }
        return window.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<start + available])) }
    }

    private func windowCovers(_ offset: Int64, _ count: Int) -> Bool {
        offset >= windowOffset && offset + Int64(count) <= windowOffset + Int64(window.count)
    }

    private mutating func fillWindow(at offset: Int64, minimum: Int) -> Bool {
        guard readError == nil else { return false }
        let wanted = Int(min(Int64(max(minimum, Self.windowSize)), fileSize - offset))
        guard bytesFetched + wanted <= fetchBudget else {
            budgetExhausted = true
            return false
        }
        var fetched = window.count == wanted ? window : [UInt8](repeating: 0, count: wanted)
        window = []
        let reader = self.reader
        let count = fetched.withUnsafeMutableBytes { reader.read(at: offset, into: $0) }
        if count < 0 {
            readError = errno
            return false
        }
        bytesFetched += wanted
        if count < wanted { fetched.removeSubrange(count...) }
        window = fetched
        windowOffset = offset
        return count > 0
    }
}
