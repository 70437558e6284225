import Foundation
import Synchronization

/// A one-line progress bar on a terminal: `indexing  1234/10000 [=====>     ] 12%  3.2s`.
///
/// Workers call `advance()` from any thread; the line is redrawn at most ten times a
/// second (and once at the end), so reporting every file costs a lock, not a write.
/// `finish()` erases the line. Draw one only when the output is a terminal.
final class ProgressBar: Sendable {
    private struct State {
        var completed = 0
        var total: Int
        var lastDraw: Double?
        var isFinished = false
    }

    let label: String
    private let output: OutputStream
    private let width: Int
    private let clock: @Sendable () -> Double
    private let startTime: Double
    private let state: Mutex<State>

    /// The least time between two redraws, in seconds.
    static let redrawInterval = 0.1

    /// - Parameters:
    ///   - width: the terminal's columns; the line stays one column narrower.
    ///   - clock: seconds from any fixed start (tests pass their own).
    init(
        label: String, total: Int, output: OutputStream, width: Int = 80,
        clock: @escaping @Sendable () -> Double = ProgressBar.monotonicSeconds
    ) {
        self.label = label
        self.output = output
        self.width = width
        self.clock = clock
        self.startTime = clock()
        self.state = Mutex(State(total: total))
    }

    /// Counts `count` more items done.
    func advance(by count: Int = 1) {
        update { $0.completed += count }
    }

    /// Sets how many items are done.
    func setCompleted(_ completed: Int) {
        update { $0.completed = completed }
    }

    /// Changes the total, for work that is still being discovered.
    func setTotal(_ total: Int) {
        update { $0.total = total }
    }

    /// Erases the bar; later reports draw nothing.
    func finish() {
        state.withLock { $0.isFinished = true }
        output.clearStatus()
    }

    private func update(_ change: (inout State) -> Void) {
        let line: String? = state.withLock { state in
            guard !state.isFinished else { return nil }
            change(&state)
            let now = clock()
            let isDone = state.total > 0 && state.completed >= state.total
            if let last = state.lastDraw, now - last < Self.redrawInterval, !isDone { return nil }
            state.lastDraw = now
            return Self.line(
                label: label, completed: state.completed, total: state.total,
                elapsed: now - startTime, width: width)
        }
        if let line { output.showStatus(line) }
    }

    /// The text of the bar, at most `width - 1` columns (a full last column makes some
    /// terminals wrap). With no total yet, only the count and the time.
    static func line(label: String, completed: Int, total: Int, elapsed: Double, width: Int) -> String {
        let seconds = String(format: "%.1fs", max(0, elapsed))
        guard total > 0 else { return DisplayWidth.truncate("\(label)  \(completed)  \(seconds)", to: width - 1) }
        let done = min(completed, total)
        let digits = String(total).count
        let count = DisplayWidth.pad(String(done), to: digits, left: true) + "/\(total)"
        let percent = "\(done * 100 / total)%"
        // Measured with the widest percentage, so the bar keeps its length as the count grows.
        let fixed = "\(label) \(count) [] 100%  \(seconds)"
        let barWidth = min(40, width - 1 - DisplayWidth.of(fixed))
        guard barWidth >= 5 else {
            return DisplayWidth.truncate("\(label) \(count) \(percent)  \(seconds)", to: width - 1)
        }
        let filled = done * barWidth / total
        let bar =
            filled == barWidth
            ? String(repeating: "=", count: barWidth)
            : String(repeating: "=", count: filled) + ">" + String(repeating: " ", count: barWidth - filled - 1)
        return "\(label) \(count) [\(bar)] \(percent)  \(seconds)"
    }

    /// Seconds on the monotonic clock, which wall-clock changes do not move.
    @Sendable static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
