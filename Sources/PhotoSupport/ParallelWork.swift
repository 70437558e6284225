import Dispatch
import Synchronization

/// Runs work items on a fixed number of threads, each with its own worker state
/// (a decoder, a buffer), and gives the results back in input order.
///
/// Threads pull the next item from a shared counter, so a slow file never holds up
/// the others, and at most `jobs` items are in flight: memory stays bounded. They are the
/// dispatch pool's, or a `ThreadTeam`'s when given.
public enum ParallelWork {
    public static func map<Item: Sendable, Result: Sendable, Worker>(
        _ items: [Item],
        jobs: Int,
        on team: ThreadTeam? = nil,
        makeWorker: @Sendable () -> Worker,
        progress: @Sendable (_ done: Int) -> Void = { _ in },
        _ body: @Sendable (inout Worker, Item) -> Result
    ) -> [Result] {
        if items.isEmpty { return [] }
        let counters = Counters()
        let threads = max(1, min(jobs, items.count, team?.size ?? .max))
        // Each result goes straight to its place in the array returned, initialised by the
        // thread that made it: no array of optionals to fill under a lock and copy out (an
        // index batch's results are a thousand bytes each, and their copies went to pages
        // the kernel had to fault in).
        return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
            let slots = Slots(base: buffer.baseAddress!)
            @Sendable func work(_: Int) {
                var worker = makeWorker()
                while true {
                    let index = counters.next.wrappingAdd(1, ordering: .relaxed).oldValue
                    if index >= items.count { break }
                    (slots.base + index).initialize(to: body(&worker, items[index]))
                    progress(counters.done.wrappingAdd(1, ordering: .relaxed).newValue)
                }
            }
            // The team's threads when one is given (`ThreadTeam`), else the dispatch pool's.
            // Both return once every thread has finished, so every slot is initialised (each
            // index is taken once) and its writes are seen here.
            if let team {
                team.perform(iterations: threads, work)
            } else {
                DispatchQueue.concurrentPerform(iterations: threads, execute: work)
            }
            initialized = items.count
        }
    }
}

private final class Counters: Sendable {
    let next = Atomic<Int>(0)
    let done = Atomic<Int>(0)
}

/// The returned array's storage, for the threads that fill it: each initialises only the
/// slots of the indices it took from `Counters.next`.
private struct Slots<Result>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Result>
}
