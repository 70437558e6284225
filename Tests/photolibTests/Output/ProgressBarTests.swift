import Synchronization
import Testing

@testable import photolib

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let seconds = Mutex(0.0)
    func advance(_ delta: Double) { seconds.withLock { $0 += delta } }
    var now: Double { seconds.withLock { $0 } }
}

@Suite struct ProgressBarTests {
    @Test func lineLayout() {
        #expect(
            ProgressBar.line(label: "indexing", completed: 1234, total: 10000, elapsed: 3.24, width: 56)
                == "indexing  1234/10000 [==>                  ] 12%  3.2s")
        #expect(
            ProgressBar.line(label: "indexing", completed: 10000, total: 10000, elapsed: 61, width: 56)
                == "indexing 10000/10000 [====================] 100%  61.0s")
        #expect(
            ProgressBar.line(label: "rendering", completed: 0, total: 3, elapsed: 0, width: 40)
                == "rendering 0/3 [>           ] 0%  0.0s")
        #expect(
            ProgressBar.line(label: "scanning", completed: 42, total: 0, elapsed: 1, width: 80) == "scanning  42  1.0s")
        // A narrow terminal drops the bar rather than wrapping.
        #expect(
            ProgressBar.line(label: "indexing", completed: 5, total: 10, elapsed: 1, width: 30)
                == "indexing  5/10 50%  1.0s")
        for width in 10...120 {
            #expect(
                DisplayWidth.of(
                    ProgressBar.line(label: "indexing", completed: 77, total: 1000, elapsed: 12.3, width: width))
                    < width)
        }
    }

    @Test func redrawsAtMostTenTimesASecondAndClearsAtTheEnd() {
        let output = OutputStream.memory()
        let clock = ManualClock()
        let bar = ProgressBar(label: "indexing", total: 100, output: output, width: 60, clock: { clock.now })
        for _ in 0..<99 {
            bar.advance()
            clock.advance(0.01)
        }
        bar.advance()
        bar.finish()
        let draws = output.text.components(separatedBy: "\r").filter { $0.hasPrefix("indexing") }
        // One draw at the start, one per 0.1 s of the 0.99 s (10 steps of 0.01), one at 100%.
        #expect(draws.count == 11)
        #expect(draws.last?.hasPrefix("indexing 100/100 [") == true)
        #expect(output.text.hasSuffix("\r\u{1B}[K"))
        bar.advance()
        #expect(output.text.hasSuffix("\r\u{1B}[K"))
    }

    @Test func warningsPrintAboveTheBar() {
        let output = OutputStream.memory()
        let bar = ProgressBar(label: "indexing", total: 10, output: output, width: 60, clock: { 0 })
        bar.advance()
        output.write("photolib: a.jpg: not a JPEG\n")
        let line = ProgressBar.line(label: "indexing", completed: 1, total: 10, elapsed: 0, width: 60)
        #expect(output.text == "\r\(line)\u{1B}[K\r\u{1B}[Kphotolib: a.jpg: not a JPEG\n\r\(line)\u{1B}[K")
    }

    @Test func countsFromManyThreads() async {
        let output = OutputStream.memory()
        let bar = ProgressBar(label: "indexing", total: 8000, output: output, width: 80)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<1000 { bar.advance() } }
            }
        }
        // Reaching the total always draws, whatever the clock says.
        #expect(output.text.contains("indexing 8000/8000 ["))
    }
}
