import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// One of several processes (on one machine or many) indexing a library together:
/// `photolib index --worker`. Needs a PostgreSQL catalog, whose work queue hands out folders.
///
/// The first worker starts a run with the root folders; each worker claims a folder, lists
/// it (its subfolders become new items, so the walk itself is shared), reads the new and
/// changed files as `index` does, and writes them in the same transaction that marks the
/// folder done, only while its lease still holds. So every file is written once, even when
/// a worker is killed and its folder taken over. The worker that finds the queue empty
/// marks missing the assets the run never saw (and that are not on disk) and closes the run.
public final class IndexWorker {
    public let library: Library
    public let catalog: any WorkQueueCatalog
    public let options: IndexOptions
    /// How long a claim lasts without renewal (a killed worker's folder waits this long).
    public let leaseSeconds: Double
    /// How long to wait before looking again when other workers hold every open item: short,
    /// since a folder's batch takes tens of milliseconds and the look is one cheap query (at
    /// 0.25 s, two workers on 26 small folders spent most of the run waiting).
    public var idlePause: Double = 0.05
    /// The most folders claimed, read and completed together (fewer when other workers would
    /// be left without): a batch costs about the round trips one folder cost alone.
    public static let batchLimit = 8
    /// One for the whole run, so that the gazetteer loads once (not once a folder).
    private let places: PlaceResolver

    public init(library: Library, catalog: any WorkQueueCatalog, options: IndexOptions, leaseSeconds: Double = 60) {
        self.library = library
        self.catalog = catalog
        self.options = options
        self.leaseSeconds = leaseSeconds
        self.places = PlaceResolver(library: library)
    }

    /// Works until the run has no open folder; returns what this worker did.
    /// `paths` (folders) seed the run when this worker starts it; a worker joining an open run works on its folders.
    public func run(
        paths: [RawPath] = [], workingDirectory: RawPath? = nil,
        report: @escaping @Sendable (IndexEvent) -> Void = { _ in }
    ) throws -> IndexSummary {
        let indexer = Indexer(library: library, catalog: catalog, options: options)
        let roots = try indexer.scopeRoots(paths, workingDirectory: workingDirectory ?? library.root)
        for root in roots where !FileSystem.isDirectory(library.absolutePath(of: root)) {
            throw IndexError(path: library.absolutePath(of: root), reason: .notAFolder)
        }
        let identity = WorkerIdentity.current()
        let run = try catalog.joinRun(kind: .index, worker: identity) {
            roots.map { WorkTarget(bytes: $0.bytes, folderKey: FileWalker.folderKey(library.absolutePath(of: $0))) }
        }
        let keeper = LeaseKeeper(connect: catalog.reconnector, leaseSeconds: leaseSeconds)
        defer {
            keeper.stop()
            try? catalog.leave(identity)
        }
        // The files index could not read, by folder: as in a plain index, an unchanged one is
        // neither read nor reported again (unless retrying).
        var remembered: [RawPath: [RawPath: IndexFailure]] = [:]
        for failure in try catalog.indexFailures() {
            remembered[Self.folder(of: failure.relativePath), default: [:]][failure.relativePath] = failure
        }
        var summary = IndexSummary()
        while true {
            let leases = try catalog.claim(
                run: run, worker: identity, leaseSeconds: leaseSeconds, limit: Self.batchLimit)
            if !leases.isEmpty {
                keeper.hold(leases)
                // A folder taken over meanwhile counts for the worker that finished it.
                summary.add(try index(leases, indexer: indexer, remembered: remembered, report: report))
                keeper.hold(nil)
            } else if try catalog.openItemCount(run: run) == 0 {
                if let marked = try catalog.finishRun(
                    run,
                    missing: { unseen, roots in
                        Self.gone(unseen, under: roots, library: library)
                    })
                {
                    summary.missing = marked
                }
                return summary
            } else {
                Thread.sleep(forTimeInterval: idlePause)
            }
        }
    }

    /// Indexes the files of a batch of folders and completes their items together; returns
    /// what the folders whose lease held found.
    private func index(
        _ leases: [WorkLease], indexer: Indexer, remembered: [RawPath: [RawPath: IndexFailure]],
        report: @escaping @Sendable (IndexEvent) -> Void
    ) throws -> IndexSummary {
        let folders = leases.map { RawPath(bytes: $0.target.bytes) }
        let recordsByFolder = try catalog.indexRecords(inFolders: folders)
        var items: [FolderItem] = []
        for (lease, folder) in zip(leases, folders) {
            items.append(
                read(
                    lease, folder: folder, records: recordsByFolder[folder] ?? [], indexer: indexer,
                    remembered: remembered[folder] ?? [:], report: report))
        }
        // A file new at its path may be an asset moved from anywhere in the library: the
        // candidates are the assets with its fingerprint, looked up for the whole batch at once.
        var newReadings: [ImageFileReading] = []
        for item in items {
            for (file, outcome) in zip(item.pending.toRead, item.readings)
            where item.recordsByPath[file.relativePath] == nil {
                if case .success(let reading) = outcome.image { newReadings.append(reading) }
            }
        }
        let candidates = try ChangePlan.candidates(forNew: newReadings, catalog: catalog, indexedBefore: nil)
        var results: [IndexItemResult] = []
        var failures: [(recording: [IndexFailure], clearing: [RawPath])] = []
        // An asset one folder of the batch wrote (moved there, say) is no candidate for the
        // next: one at a time, the next folder would have found it at its new path, a copy.
        var written = Set<AssetID>()
        for index in items.indices {
            let item = items[index]
            let records = item.records.filter { !written.contains($0.id) }
            var known = Set(records.map(\.id)).union(written)
            let theirs = candidates.filter { known.insert($0.id).inserted }
            var plan = ChangePlan(records: records + theirs, seenPaths: item.pending.seenPaths, library: library)
            let newFailures = indexer.place(
                item.pending.toRead, item.readings, plan: &plan, recordsByPath: item.recordsByPath,
                summary: &items[index].summary, report: report)
            written.formUnion((plan.refreshed + plan.added).map(\.id))
            results.append(
                IndexItemResult(
                    lease: item.lease, scanned: plan.refreshed + plan.added, seen: item.pending.unchanged,
                    subfolders: item.subfolders, filesDone: item.pending.seenPaths.count))
            let cleared = item.pending.cleared + item.remembered.keys.filter { !item.pending.seenPaths.contains($0) }
            failures.append((newFailures, cleared))
        }
        let done = try catalog.completeIndexItems(results)
        // Remembered after the folders' items are done (only then are their results this
        // worker's); a kill in between costs a second reading of those files, nothing else.
        var summary = IndexSummary()
        var recording: [IndexFailure] = []
        var clearing: [RawPath] = []
        for (item, failure) in zip(items, failures) where done.contains(item.lease.item) {
            summary.add(item.summary)
            recording += failure.recording
            clearing += failure.clearing
        }
        if !recording.isEmpty || !clearing.isEmpty {
            try catalog.updateIndexFailures(recording: recording, clearing: clearing)
        }
        return summary
    }

    /// One folder of a batch, listed and read, waiting for the batch's fingerprint lookup.
    private struct FolderItem {
        var lease: WorkLease
        var records: [IndexRecord]
        var recordsByPath: [RawPath: IndexRecord]
        var remembered: [RawPath: IndexFailure]
        var pending: Indexer.PendingScan
        var readings: [ReadOutcome]
        var subfolders: [WorkTarget]
        var summary: IndexSummary
    }

    /// Lists one folder and reads its new and changed files.
    private func read(
        _ lease: WorkLease, folder: RawPath, records: [IndexRecord], indexer: Indexer,
        remembered: [RawPath: IndexFailure], report: @escaping @Sendable (IndexEvent) -> Void
    ) -> FolderItem {
        let listing = FileWalker(
            includeHidden: options.includeHidden, skippedNames: [Array(Library.controlDirectoryName.utf8)]
        ).list(library.absolutePath(of: folder))
        var summary = IndexSummary()
        for problem in listing.problems {
            summary.failed += 1
            report(.failed(path: problem.path, message: "\(problem.path): \(problem.reason)"))
        }
        var recordsByPath: [RawPath: IndexRecord] = [:]
        for record in records { recordsByPath[record.file.relativePath] = record }
        let pending = indexer.pendingFiles(
            listing.files, explicitFiles: [], recordsByPath: recordsByPath, failuresByPath: remembered)
        summary.unchanged = pending.unchanged.count
        summary.companions = pending.companions
        summary.failedBefore = pending.failedBefore
        let readings = indexer.readFiles(pending.toRead, places: places, report: report)
        let subfolders = listing.folders.compactMap { subfolder in
            subfolder.path.relative(to: library.root).map { WorkTarget(bytes: $0.bytes, folderKey: subfolder.key) }
        }
        return FolderItem(
            lease: lease, records: records, recordsByPath: recordsByPath, remembered: remembered, pending: pending,
            readings: readings, subfolders: subfolders, summary: summary)
    }

    /// The folder a relative path lies in, as work items name folders (the root is empty).
    static func folder(of relativePath: RawPath) -> RawPath {
        relativePath.bytes.contains(UInt8(ascii: "/")) ? relativePath.parent : RawPath(bytes: [])
    }

    /// Of the assets a run never saw, those under its roots whose file is not on disk (or is
    /// no regular file: a FIFO at its path, say).
    static func gone(_ unseen: [(id: AssetID, path: RawPath)], under roots: [RawPath], library: Library) -> [AssetID] {
        unseen.filter { asset in
            roots.contains { root in
                root.bytes.isEmpty || asset.path == root || asset.path.relative(to: root) != nil
            } && !FileSystem.isRegularFile(library.absolutePath(of: asset.path))
        }.map(\.id)
    }
}

extension IndexSummary {
    /// Adds another summary's counts to this one.
    mutating func add(_ other: IndexSummary) {
        added += other.added
        updated += other.updated
        moved += other.moved
        unchanged += other.unchanged
        companions += other.companions
        failedBefore += other.failedBefore
        missing += other.missing
        failed += other.failed
        damaged += other.damaged
        skipped += other.skipped
        videos.merge(other.videos, uniquingKeysWith: +)
        passedOver += other.passedOver
        rendered += other.rendered
        renditionsFailed += other.renditionsFailed
        for failure in other.failures where failures.count < Self.listedLimit { failures.append(failure) }
        for failure in other.renditionFailures where renditionFailures.count < Self.listedLimit {
            renditionFailures.append(failure)
        }
    }
}
