import Foundation
import Synchronization

/// Threads of their own for `ParallelWork`, at a lower scheduling priority than the thread
/// that made them, kept for as long as the team is.
///
/// An index pass reads files on its reading threads while the thread that owns the catalog
/// writes what they read: three threads on two cores, shared evenly, left the writer behind,
/// and it finished the last batches alone. With the readers a few nice levels down, the writer
/// keeps up and the readers take what it leaves. Linux keeps nice values per thread, and an
/// unprivileged process cannot raise one again, so the team's threads are its own rather than
/// the dispatch pool's, which other work shares.
public final class ThreadTeam: Sendable {
    /// How many threads the team has.
    public let size: Int
    private let shared: Shared

    /// Starts `size` threads, each `niceIncrement` nice levels below the caller (at most 19).
    public init(size: Int, niceIncrement: Int32) {
        self.size = max(1, size)
        shared = Shared(size: self.size)
        errno = 0
        let callerNice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let nice = errno == 0 ? min(19, callerNice + niceIncrement) : nil
        for index in 0..<self.size {
            let shared = self.shared
            let thread = Thread {
                // PRIO_PROCESS with 0 names the calling thread on Linux.
                if let nice { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) }
                shared.serve(index)
            }
            // Room for what readers keep on the stack (a file's windows, nested XML).
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    deinit { shared.stop() }

    /// Runs `body(0)`, …, `body(iterations - 1)` on the team's threads, at most `size` at
    /// once, and returns when all have returned (like `DispatchQueue.concurrentPerform`).
    public func perform(iterations: Int, _ body: @Sendable (Int) -> Void) {
        guard iterations > 0 else { return }
        withoutActuallyEscaping(body) { body in
            // Handed to the threads only until the last iteration is done.
            shared.run(iterations: iterations, body)
        }
    }

    private final class Shared: Sendable {
        let size: Int
        private let state = Mutex(State())
        private let start: [DispatchSemaphore]
        private let done = DispatchSemaphore(value: 0)

        struct State {
            var job: (@Sendable (Int) -> Void)?
            var iterations = 0
            var next = 0
            var stopped = false
        }

        init(size: Int) {
            self.size = size
            start = (0..<size).map { _ in DispatchSemaphore(value: 0) }
        }

        func run(iterations: Int, _ job: @escaping @Sendable (Int) -> Void) {
            state.withLock {
                $0.job = job
                $0.iterations = iterations
                $0.next = 0
            }
            let woken = min(size, iterations)
            for index in 0..<woken { start[index].signal() }
            for _ in 0..<woken { done.wait() }
            state.withLock { $0.job = nil }
        }

        /// A thread's life: wait for a job, take iterations until none is left, report done.
        func serve(_ index: Int) {
            while true {
                start[index].wait()
                while true {
                    let taken = state.withLock {
                        state -> (job: (@Sendable (Int) -> Void)?, iteration: Int, stop: Bool) in
                        if state.stopped { return (nil, 0, true) }
                        guard let job = state.job, state.next < state.iterations else { return (nil, 0, false) }
                        state.next += 1
                        return (job, state.next - 1, false)
                    }
                    if taken.stop { return }
                    guard let job = taken.job else { break }
                    job(taken.iteration)
                }
                done.signal()
            }
        }

        func stop() {
            state.withLock { $0.stopped = true }
            for semaphore in start { semaphore.signal() }
        }
    }
}
