import Testing

@testable import PhotoSupport

/// The buffer a worker's reply lands in.
@Suite struct ReadBufferTests {
    /// A worker stopped before it wrote anything (a RAW decode past its time budget) gives an
    /// empty reply; into a buffer that never held anything, `replace` unwrapped its missing
    /// memory and crashed the whole process (found by RawWorkerServerTests on a loaded machine).
    @Test func anEmptyReplyIntoAFreshBufferIsEmpty() {
        let buffer = ReadBuffer()
        buffer.replace(with: [])
        #expect(buffer.count == 0)
        buffer.replace(with: [1, 2, 3])
        #expect(Array(buffer.bytes) == [1, 2, 3])
        buffer.replace(with: [])
        #expect(buffer.count == 0 && buffer.bytes.isEmpty)
    }
}
