import Dispatch
import PhotoCatalog
import PhotoSupport
import Synchronization

/// A batch of files being read on the reading threads (or waiting for the batch before it to
/// be read) while the thread that owns the catalog places and writes an earlier batch and
/// walks on to the next.
///
/// The catalog (its connection and statement cache) stays on one thread; only the reading,
/// which needs no catalog, moves. One batch is read at a time, so the decoders' memory is
/// what it was; the batches are still placed and written in the order they were walked.
final class BatchReading {
    let files: [PendingFile]
    let recordsByPath: [RawPath: IndexRecord]
    private let result = ReadingResult()

    /// Reads `files` on `queue`, a serial one: a batch is read once the one before it is.
    init(
        files: [PendingFile], recordsByPath: [RawPath: IndexRecord], queue: DispatchQueue,
        job: @escaping @Sendable () -> [ReadOutcome]
    ) {
        self.files = files
        self.recordsByPath = recordsByPath
        let result = self.result
        queue.async {
            let start = DispatchTime.now().uptimeNanoseconds
            let readings = job()
            result.deliver(readings, readIn: DispatchTime.now().uptimeNanoseconds - start)
        }
    }

    /// The readings, in the order of `files`, once every file is read.
    func wait() -> [ReadOutcome] { result.wait().readings }

    /// How long the reading took, in nanoseconds, once every file is read.
    func readTime() -> UInt64 { result.wait().nanoseconds }
}

/// The readings of one batch, handed from the reading threads to the one that waits.
private final class ReadingResult: Sendable {
    private let value = Mutex<(readings: [ReadOutcome], nanoseconds: UInt64)?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func deliver(_ readings: [ReadOutcome], readIn nanoseconds: UInt64) {
        value.withLock { $0 = (readings, nanoseconds) }
        done.signal()
    }

    /// Blocks until delivered (the signal is given back, so a second call returns at once).
    func wait() -> (readings: [ReadOutcome], nanoseconds: UInt64) {
        done.wait()
        done.signal()
        return value.withLock { $0 ?? ([], 0) }
    }
}
