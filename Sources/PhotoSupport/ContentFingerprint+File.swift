import Foundation

/// The one reader of the bytes a fingerprint covers. Indexing records fingerprints and verify
/// recomputes them: were the two to read different windows, verify would flag every asset as
/// changed, so both read through here.
extension ContentFingerprint {
    /// The bytes of an open file that its fingerprint covers, in memory `withWindows` owns.
    package struct Windows {
        /// The first `windowSize` bytes, or the whole file when it has at most `2 * windowSize`.
        package var head: UnsafeRawBufferPointer
        /// The last `windowSize` bytes, or nil when `head` is the whole file.
        package var tail: UnsafeRawBufferPointer?
        /// The size as read: less than `fstat` said when the file shrank in between.
        package var fileSize: Int64

        package var fingerprint: String { ContentFingerprint.of(size: fileSize, head: head, tail: tail) }
    }

    /// A read of the windows that failed, with its `errno` (EIO for a tail cut short).
    package struct ReadFailure: Error, Equatable {
        package var code: Int32
    }

    /// Reads the windows of the file open at `descriptor`, whose `fstat` size is `size`, into
    /// temporary memory (on the stack where there is room: a heap block of this size costs more
    /// than the read) and calls `body` with them; they are valid only during the call.
    package static func withWindows<Result, Failure: Error>(
        of descriptor: Int32, size: Int64,
        _ body: (Swift.Result<Windows, ReadFailure>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let isSmall = size <= Int64(2 * windowSize)
        let byteCount = isSmall ? Int(max(size, 0)) : 2 * windowSize
        return try withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: 16) {
            (buffer) throws(Failure) -> Result in
            try body(read(FileDescriptorReader(descriptor: descriptor), size: size, into: buffer))
        }
    }

    private static func read(
        _ reader: FileDescriptorReader, size: Int64, into buffer: UnsafeMutableRawBufferPointer
    ) -> Swift.Result<Windows, ReadFailure> {
        let isSmall = size <= Int64(2 * windowSize)
        let headCount = reader.read(
            at: 0, into: isSmall ? buffer : UnsafeMutableRawBufferPointer(rebasing: buffer[..<windowSize]))
        guard headCount >= 0 else { return .failure(ReadFailure(code: errno)) }
        // A file that shrank between fstat and read: what was read is what there is.
        let shrank = headCount < (isSmall ? buffer.count : windowSize)
        let head = UnsafeRawBufferPointer(rebasing: buffer[..<headCount])
        guard !isSmall, !shrank else {
            return .success(Windows(head: head, tail: nil, fileSize: shrank ? Int64(headCount) : size))
        }
        let tail = UnsafeMutableRawBufferPointer(rebasing: buffer[windowSize...])
        let tailCount = reader.read(at: size - Int64(windowSize), into: tail)
        guard tailCount >= 0 else { return .failure(ReadFailure(code: errno)) }
        guard tailCount == windowSize else { return .failure(ReadFailure(code: EIO)) }
        return .success(Windows(head: head, tail: UnsafeRawBufferPointer(tail), fileSize: size))
    }
}
