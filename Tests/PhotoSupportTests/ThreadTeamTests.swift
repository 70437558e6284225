import Dispatch
import Foundation
import Synchronization
import Testing

@testable import PhotoSupport

/// A team of threads of its own, below the caller's priority, running `ParallelWork`'s jobs.
@Suite struct ThreadTeamTests {
    @Test func everyIterationRunsOnceJobAfterJob() {
        let team = ThreadTeam(size: 3, niceIncrement: 1)
        for iterations in [1, 2, 3, 50] {
            let seen = Mutex([Int]())
            team.perform(iterations: iterations) { index in seen.withLock { $0.append(index) } }
            #expect(seen.withLock { $0.sorted() } == Array(0..<iterations))
        }
    }

    @Test func iterationsRunAtOnceOnTheTeamsThreadsBelowTheCaller() {
        let team = ThreadTeam(size: 2, niceIncrement: 5)
        errno = 0
        let callerNice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let caller = pthread_self()
        let arrived = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let seen = Mutex([(nice: Int32, isCaller: Bool, metOther: Bool)]())
        team.perform(iterations: 2) { index in
            // Each waits for the other: only two threads running at once get past this.
            arrived[index].signal()
            let metOther = arrived[1 - index].wait(timeout: .now() + 10) == .success
            let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            seen.withLock { $0.append((nice, pthread_equal(pthread_self(), caller) != 0, metOther)) }
        }
        let runs = seen.withLock { $0 }
        #expect(runs.count == 2)
        #expect(runs.allSatisfy { $0.metOther && !$0.isCaller })
        #expect(runs.allSatisfy { $0.nice == min(19, callerNice + 5) })
    }

    @Test func parallelWorkGivesTheSameResultsInOrderOnATeam() {
        let team = ThreadTeam(size: 2, niceIncrement: 10)
        let items = Array(0..<1000)
        let onTeam = ParallelWork.map(items, jobs: 4, on: team, makeWorker: { 0 }) { seen, item in
            seen += 1
            return item * item
        }
        #expect(onTeam == items.map { $0 * $0 })
        #expect(onTeam == ParallelWork.map(items, jobs: 4, makeWorker: { 0 }) { _, item in item * item })
    }
}
