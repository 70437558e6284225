import Foundation
import PhotoSupport

/// The changes a watcher has heard of and not indexed yet, and when each may be.
///
/// A file is taken once it has been quiet: `closedQuiet` seconds after it was closed after
/// writing or renamed into place (a writer that closes and reopens to append gets that long
/// to come back), `settle` seconds after any other change (a writer that never closes). Quiet
/// means no event and a modification time at least that old, checked with one `stat` when due.
struct WatchQueue {
    struct Waiting {
        var lastEvent: Double
        var quiet: Double
    }

    var settle: Double
    var closedQuiet = 0.3
    /// Changes are taken together once nothing happened for this long, or once the oldest
    /// has waited `longestDelay`: a card copied in goes in a few batches, a lone photo at once.
    var debounce = 0.2
    var longestDelay = 1.0

    private(set) var waiting: [RawPath: Waiting] = [:]
    private var gone: Set<RawPath> = []
    private var scans: Set<RawPath> = []
    private var lastEvent: Double = 0
    private var firstPending: Double?

    init(settle: Double) { self.settle = settle }

    var count: Int { waiting.count + gone.count + scans.count }
    var isEmpty: Bool { count == 0 }

    private mutating func heard(_ now: Double) {
        lastEvent = now
        if firstPending == nil { firstPending = now }
    }

    /// A file renamed into place: complete (its writer wrote it under the other name), taken
    /// with the next batch, so that the other half of a move goes with it.
    mutating func fileMovedIn(_ path: RawPath, now: Double) {
        heard(now)
        waiting[path] = Waiting(lastEvent: now, quiet: 0)
        gone.remove(path)
    }

    /// A file changed (`closed`: closed after writing).
    mutating func fileChanged(_ path: RawPath, closed: Bool, now: Double) {
        heard(now)
        let quiet = closed ? closedQuiet : settle
        // A close after writes shortens the wait; a write after a close lengthens it again.
        waiting[path] = Waiting(lastEvent: now, quiet: quiet)
        gone.remove(path)
    }

    /// A file's attributes changed (a `touch`, times set after a copy): it keeps the wait it
    /// had, or waits as a closed file.
    mutating func touched(_ path: RawPath, now: Double) {
        heard(now)
        waiting[path] = Waiting(lastEvent: now, quiet: waiting[path]?.quiet ?? closedQuiet)
        gone.remove(path)
    }

    /// A file or folder went away (deleted, or the first half of a move).
    mutating func removed(_ path: RawPath, now: Double) {
        heard(now)
        waiting[path] = nil
        gone.insert(path)
    }

    /// A folder to walk whole (new, moved in, polled, or after an overflow).
    mutating func scan(_ folder: RawPath, now: Double) {
        heard(now)
        scans.insert(folder)
    }

    /// When the loop should next look: the earliest a waiting file or a batch may be due;
    /// nil when nothing waits.
    func nextDeadline() -> Double? {
        guard let firstPending else { return nil }
        var deadline = min(lastEvent + debounce, firstPending + longestDelay)
        if gone.isEmpty, scans.isEmpty {
            let earliest = waiting.values.map { $0.lastEvent + $0.quiet }.min() ?? deadline
            deadline = max(deadline, earliest)
        }
        return deadline
    }

    /// The changes due at `now`, or nil when it is too early. Files whose `stat` says they
    /// are still changing wait longer; files gone since are passed to the pass as gone.
    mutating func take(now: Double, root: RawPath) -> IndexChanges? {
        guard let firstPending, now >= min(lastEvent + debounce, firstPending + longestDelay) else { return nil }
        var changes = IndexChanges(gone: gone, scans: scans)
        for (path, entry) in waiting where now >= entry.lastEvent + entry.quiet {
            guard let info = FileSystem.status(root.appending(path)) else {
                waiting[path] = nil
                changes.gone.insert(path)
                continue
            }
            let modified = Double(info.modifiedNanoseconds) / 1e9
            if entry.quiet == 0 || now >= modified + entry.quiet || (info.st_mode & S_IFMT) != S_IFREG {
                waiting[path] = nil
                changes.files.insert(path)
            } else {
                waiting[path]?.lastEvent = modified
            }
        }
        guard !changes.isEmpty else { return nil }
        gone = []
        scans = []
        self.firstPending = waiting.isEmpty ? nil : now
        return changes
    }

    /// Files a pass left alone because they were still being written: they settle first.
    mutating func postpone(_ paths: [RawPath], now: Double) {
        for path in paths where waiting[path] == nil { fileChanged(path, closed: false, now: now) }
    }
}
