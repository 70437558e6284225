import Foundation
import PhotoSupport

/// The changes a watcher has heard of and not indexed yet, and when each may be.
///
/// A file closed after writing or renamed into place is taken with the next batch: its
/// writer is done (one that closes between chunks and reads back as damaged is held back by
/// the pass, `holdBackDamaged`). Any other change (a writer that never closes) waits until
/// the file has been quiet for `settle` seconds: no event and a modification time at least
/// that old, checked with one `stat` when due.
struct WatchQueue {
    struct Waiting {
        var lastEvent: Double
        var quiet: Double
    }

    var settle: Double
    /// Changes are taken together once nothing happened for this long, or once the oldest
    /// has waited `longestDelay`: a lone photo at once, a card copied in as it arrives.
    var debounce = 0.1
    var longestDelay = 0.3
    /// At most this many written files a batch (the oldest events first), so that the first
    /// files of a card are committed, and listable, while the rest are still being read; a
    /// batch with files gone takes every due file, so that both halves of a move meet.
    var batchFiles = 256

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
        let quiet = closed ? 0 : settle
        // A close after writes shortens the wait; a write after a close lengthens it again.
        waiting[path] = Waiting(lastEvent: now, quiet: quiet)
        gone.remove(path)
    }

    /// A file's attributes changed (a `touch`, times set after a copy): it keeps the wait it
    /// had, or waits as a closed file.
    mutating func touched(_ path: RawPath, now: Double) {
        heard(now)
        waiting[path] = Waiting(lastEvent: now, quiet: waiting[path]?.quiet ?? 0)
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
        var due = waiting.filter { now >= $0.value.lastEvent + $0.value.quiet }
            .sorted { ($0.value.lastEvent, $0.key.bytes.count) < ($1.value.lastEvent, $1.key.bytes.count) }
        if gone.isEmpty, due.count > batchFiles { due.removeLast(due.count - batchFiles) }
        for (path, entry) in due {
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
        // What is left over (past `batchFiles`, or not quiet yet) is due from now on.
        self.firstPending = waiting.isEmpty ? nil : now - (due.count == batchFiles ? longestDelay : 0)
        return changes
    }

    /// Files a pass left alone because they were still being written: they settle first.
    mutating func postpone(_ paths: [RawPath], now: Double) {
        for path in paths where waiting[path] == nil { fileChanged(path, closed: false, now: now) }
    }
}
