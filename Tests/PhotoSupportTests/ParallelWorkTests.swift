import Synchronization
import Testing

@testable import PhotoSupport

/// `ParallelWork.map` puts each result straight into the array it returns.
@Suite struct ParallelWorkTests {
    final class Box: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// Results that own memory (strings, objects) arrive in order, each once: none copied
    /// twice, left out or freed before the array is.
    @Test func resultsOwningMemoryArriveInOrderAndGoWithTheArray() {
        let items = Array(0..<500)
        @Sendable func text(_ item: Int) -> String { String(repeating: "x", count: item % 40) + "\(item)" }
        weak var firstBox: Box?
        do {
            let results = ParallelWork.map(items, jobs: 3, makeWorker: {}) { _, item in (text(item), Box(item)) }
            #expect(results.map(\.0) == items.map(text))
            #expect(results.map(\.1.value) == items)
            firstBox = results[0].1
            #expect(firstBox != nil)
        }
        #expect(firstBox == nil)
    }

    @Test func eachWorkerIsMadeOnceAndEveryItemIsDone() {
        let workers = Atomic<Int>(0)
        let results = ParallelWork.map(Array(0..<100), jobs: 4, makeWorker: { workers.add(1, ordering: .relaxed) }) {
            _, item in item + 1
        }
        #expect(results == Array(1...100))
        #expect((1...4).contains(workers.load(ordering: .relaxed)))
        #expect(ParallelWork.map([Int](), jobs: 4, makeWorker: {}) { _, item in item }.isEmpty)
    }
}
