import Foundation
import PhotoCatalog
import PhotoSupport

/// How `index --watch` waits.
public struct WatchOptions: Sendable {
    /// Seconds a file that was not closed must stay unchanged before it is read.
    public var settle: Double
    /// Seconds between the stat passes over folders events do not reach.
    public var interval: Double
    /// At most this many watches (a stand-in for a low `fs.inotify.max_user_watches`).
    public var watchLimit: Int?

    public init(settle: Double = 2, interval: Double = 60, watchLimit: Int? = nil) {
        self.settle = settle
        self.interval = interval
        self.watchLimit = watchLimit
    }
}

/// What a watcher did, for the front end to say.
public enum WatchEvent: Sendable {
    /// The first index is done and the watches are set: `polled` folders get stat passes.
    case started(IndexSummary, watches: Int, polled: [RawPath], seconds: Double)
    case notice(WatchNotice)
    /// One batch of changes indexed.
    case batch(IndexSummary, changes: Int, seconds: Double)
    /// The renditions of a few assets written before, made.
    case rendered(WatchRenditions, seconds: Double)
    /// A batch that failed (the catalog locked, a disk error): its changes wait for the next.
    case batchFailed(String)
    /// The kernel's event queue overflowed: one stat pass follows.
    case overflow
    /// SIGHUP: the settings were read again (or could not be: the old ones stay).
    case reloaded(error: String?)
    /// SIGTERM or SIGINT: the watcher stops after the batch in hand.
    case stopping(signal: Int32)
}

/// Keeps a library's catalog current: a first index, then inotify events say where to look,
/// and the indexer brings those paths in line, in batches.
///
/// Blocks until a SIGTERM or SIGINT comes through `signals`; never prints.
public final class LibraryWatcher {
    var library: Library
    let catalog: any Catalog
    let indexOptions: IndexOptions
    let options: WatchOptions
    /// The watched folders, library-relative (empty: the whole library).
    let roots: [RawPath]
    var indexer: Indexer
    let tree: WatchTree
    var queue: WatchQueue
    var state: WatcherState
    var lastStateWrite = 0.0
    var nextPoll: Double?
    var movedFrom: [UInt32: (path: RawPath, isFolder: Bool)] = [:]
    /// True when the assets written get renditions: made after their rows are written.
    let rendersAfter: Bool
    var renditions = RenditionBacklog()

    public init(
        library: Library, catalog: any Catalog, indexOptions: IndexOptions, options: WatchOptions,
        paths: [RawPath] = [], workingDirectory: RawPath? = nil
    ) throws {
        self.library = library
        self.catalog = catalog
        // Renditions are made behind the catalog writes (`RenditionBacklog`), not by the pass.
        rendersAfter = indexOptions.makeRenditions
        var indexOptions = indexOptions
        indexOptions.makeRenditions = false
        self.indexOptions = indexOptions
        self.options = options
        let indexer = Indexer(library: library, catalog: catalog, options: indexOptions)
        self.indexer = indexer
        roots = Indexer.outermost(try indexer.scopeRoots(paths, workingDirectory: workingDirectory ?? library.root))
        tree = WatchTree(
            inotify: try Inotify(), root: library.root, includeHidden: indexOptions.includeHidden,
            watchLimit: options.watchLimit)
        queue = WatchQueue(settle: options.settle)
        state = WatcherState(pid: getpid(), startedAt: Date().timeIntervalSince1970)
    }

    static func now() -> Double { Date().timeIntervalSince1970 }

    /// Watches, indexes once, then follows events until SIGTERM or SIGINT. `reload` opens the
    /// library again on SIGHUP (its settings re-read).
    public func run(
        signals: SignalPipe, reload: @escaping () throws -> Library,
        report: (WatchEvent) -> Void, indexReport: @escaping @Sendable (IndexEvent) -> Void
    ) throws {
        let lock = try WatcherLock.take(in: library)
        defer { withExtendedLifetime(lock) {} }
        let started = Self.now()
        // What a watcher killed before it made them left to do: that watcher's last word.
        if rendersAfter {
            for id in WatcherState.renditionsLeft(in: library) {
                renditions.add(id, previousContentHash: nil, notBefore: started)
            }
        }
        // Watches first: a file written during the first index is heard of, not lost.
        for root in roots { tree.add(root) }
        for notice in tree.notices { report(.notice(notice)) }
        tree.notices = []
        let first = try indexer.apply(
            IndexChanges(scans: Set(roots)), isSettled: settled(at: started), listingWritten: rendersAfter,
            report: indexReport)
        queue.postpone(first.deferred, now: Self.now())
        renditions.add(first.written, now: Self.now())
        if !tree.polled.isEmpty { nextPoll = Self.now() + options.interval }
        report(
            .started(
                first.summary, watches: tree.watchCount, polled: tree.polled.sorted(by: Self.pathOrder),
                seconds: Self.now() - started))
        writeState(force: true)

        while true {
            let now = Self.now()
            let deadlines = [queue.nextDeadline(), nextPoll, renditions.nextDeadline()].compactMap { $0 }
            let timeout = deadlines.min().map { max(0, $0 - now) }
            let events = try tree.inotify.wait(timeout: timeout, wakeDescriptor: signals.readDescriptor)
            var stop = false
            for signal in signals.take() {
                if signal == SIGHUP {
                    do {
                        library = try reload()
                        indexer = Indexer(library: library, catalog: catalog, options: indexOptions)
                        report(.reloaded(error: nil))
                    } catch {
                        report(.reloaded(error: "\(error)"))
                    }
                } else {
                    report(.stopping(signal: signal))
                    stop = true
                }
            }
            if stop { break }
            if !events.isEmpty {
                handle(events, now: Self.now(), report: report)
                state.lastEventAt = Self.now()
            }
            if let poll = nextPoll, Self.now() >= poll {
                for folder in tree.polled { queue.scan(folder, now: Self.now()) }
                nextPoll = Self.now() + options.interval
            }
            // Changes first: renditions are made only when no batch is due.
            if let changes = queue.take(now: Self.now(), root: library.root) {
                runBatch(changes, report: report, indexReport: indexReport)
                writeState(force: true)
            } else if let due = renditions.nextDeadline(), due <= Self.now() {
                renderSome(report: report, indexReport: indexReport)
                writeState(force: renditions.isEmpty)
            } else if !events.isEmpty {
                writeState(force: false)
            }
        }
        writeState(force: true)
    }

    /// Indexes one batch; a failure puts its changes back for the next.
    private func runBatch(
        _ changes: IndexChanges, report: (WatchEvent) -> Void, indexReport: @escaping @Sendable (IndexEvent) -> Void
    ) {
        let started = Self.now()
        do {
            let done = try indexer.apply(
                changes, isSettled: settled(at: started), holdBackDamaged: options.settle,
                listingWritten: rendersAfter, report: indexReport)
            queue.postpone(done.deferred, now: Self.now())
            renditions.add(done.written, now: Self.now())
            let seconds = Self.now() - started
            state.lastBatchAt = Self.now()
            let summary = done.summary
            state.lastBatch =
                "added \(summary.added), updated \(summary.updated), moved \(summary.moved), "
                + "missing \(summary.missing), failed \(summary.failed)"
            report(.batch(done.summary, changes: changes.count, seconds: seconds))
        } catch {
            report(.batchFailed("\(error)"))
            let now = Self.now()
            for path in changes.files { queue.fileChanged(path, closed: true, now: now) }
            for path in changes.gone { queue.removed(path, now: now) }
            for folder in changes.scans { queue.scan(folder, now: now) }
        }
    }

    /// A walked file may be read once its modification time is `settle` seconds old; a newer
    /// one goes to the queue, to be read when its writer closes it or it settles.
    private func settled(at started: Double) -> (WalkedFile) -> Bool {
        let settle = options.settle
        return { file in started - Double(file.modifiedNanoseconds) / 1e9 >= settle }
    }

    func writeState(force: Bool) {
        let now = Self.now()
        guard force || now - lastStateWrite >= 1 else { return }
        lastStateWrite = now
        state.queued = queue.count
        state.renditionsWanted = rendersAfter ? renditions.ids.map(\.hex) : nil
        state.watches = tree.watchCount
        state.polledFolders = tree.polled.sorted(by: Self.pathOrder).map(\.description)
        try? state.write(in: library)
    }

    static func pathOrder(_ a: RawPath, _ b: RawPath) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
}
