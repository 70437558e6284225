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
        let state = SharedState<Result>(count: items.count)
        let threads = max(1, min(jobs, items.count, team?.size ?? .max))
        @Sendable func work(_: Int) {
            var worker = makeWorker()
            while true {
                let index = state.next.wrappingAdd(1, ordering: .relaxed).oldValue
                if index >= items.count { break }
                let result = body(&worker, items[index])
                state.results.withLock { $0[index] = result }
                progress(state.done.wrappingAdd(1, ordering: .relaxed).newValue)
            }
        }
        // The team's threads when one is given (`ThreadTeam`), else the dispatch pool's.
        if let team {
            team.perform(iterations: threads, work)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads, execute: work)
        }
        return state.results.withLock { results in results.map { $0! } }
    }
}

private final class SharedState<Result: Sendable>: Sendable {
    let next = Atomic<Int>(0)
    let done = Atomic<Int>(0)
    let results: Mutex<[Result?]>

    init(count: Int) {
        results = Mutex(Array(repeating: nil, count: count))
    }
}
