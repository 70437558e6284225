import Foundation
import PhotoCatalog
import PhotoCatalogPostgres
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
    public let catalog: PostgresCatalog
    public let options: IndexOptions
    /// How long a claim lasts without renewal (a killed worker's folder waits this long).
    public let leaseSeconds: Double
    /// How long to wait before looking again when other workers hold every open item.
    public var idlePause: Double = 0.25

    public init(library: Library, catalog: PostgresCatalog, options: IndexOptions, leaseSeconds: Double = 60) {
        self.library = library
        self.catalog = catalog
        self.options = options
        self.leaseSeconds = leaseSeconds
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
        let keeper = LeaseKeeper(address: catalog.address, leaseSeconds: leaseSeconds)
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
            if let lease = try catalog.claim(run: run, worker: identity, leaseSeconds: leaseSeconds) {
                keeper.hold(lease)
                let (done, folder) = try index(
                    lease, indexer: indexer, remembered: remembered[RawPath(bytes: lease.target.bytes)] ?? [:],
                    report: report)
                keeper.hold(nil)
                // A folder taken over meanwhile counts for the worker that finished it.
                if done { summary.add(folder) }
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

    /// Indexes the files of one folder and completes its item; false when the lease was lost.
    private func index(
        _ lease: WorkLease, indexer: Indexer, remembered: [RawPath: IndexFailure],
        report: @escaping @Sendable (IndexEvent) -> Void
    ) throws -> (Bool, IndexSummary) {
        let folder = RawPath(bytes: lease.target.bytes)
        let listing = FileWalker(
            includeHidden: options.includeHidden, skippedNames: [Array(Library.controlDirectoryName.utf8)]
        ).list(library.absolutePath(of: folder))
        var summary = IndexSummary()
        for problem in listing.problems {
            summary.failed += 1
            report(.failed(path: problem.path, message: "\(problem.path): \(problem.reason)"))
        }
        let records = try catalog.indexRecords(inFolder: folder)
        var recordsByPath: [RawPath: IndexRecord] = [:]
        for record in records { recordsByPath[record.file.relativePath] = record }
        let pending = indexer.pendingFiles(
            listing.files, explicitFiles: [], recordsByPath: recordsByPath, failuresByPath: remembered)
        summary.unchanged = pending.unchanged.count
        summary.companions = pending.companions
        summary.failedBefore = pending.failedBefore
        let readings = indexer.readFiles(pending.toRead, report: report)

        // A file new at its path may be an asset moved from anywhere in the library: the
        // candidates are the assets with its fingerprint.
        var fingerprints = Set<String>()
        for (file, outcome) in zip(pending.toRead, readings) where recordsByPath[file.relativePath] == nil {
            if case .success(let reading) = outcome.image { fingerprints.insert(reading.fingerprint) }
        }
        var known = Set(records.map(\.id))
        let candidates = try catalog.indexRecords(withFingerprints: Array(fingerprints), indexedBefore: nil).filter {
            known.insert($0.id).inserted
        }
        var plan = ChangePlan(records: records + candidates, seenPaths: pending.seenPaths, library: library)
        let newFailures = indexer.place(
            pending.toRead, readings, plan: &plan, recordsByPath: recordsByPath, summary: &summary, report: report)

        let subfolders = listing.folders.compactMap { subfolder in
            subfolder.path.relative(to: library.root).map { WorkTarget(bytes: $0.bytes, folderKey: subfolder.key) }
        }
        let done = try catalog.completeIndexItem(
            lease, scanned: plan.refreshed + plan.added, seen: pending.unchanged, subfolders: subfolders,
            filesDone: pending.seenPaths.count)
        // Remembered after the folder's item is done (only then are its results this worker's);
        // a kill in between costs a second reading of those files, nothing else.
        let cleared = pending.cleared + remembered.keys.filter { !pending.seenPaths.contains($0) }
        if done, !newFailures.isEmpty || !cleared.isEmpty {
            try catalog.updateIndexFailures(recording: newFailures, clearing: cleared)
        }
        return (done, summary)
    }

    /// The folder a relative path lies in, as work items name folders (the root is empty).
    static func folder(of relativePath: RawPath) -> RawPath {
        relativePath.bytes.contains(UInt8(ascii: "/")) ? relativePath.parent : RawPath(bytes: [])
    }

    /// Of the assets a run never saw, those under its roots whose file is not on disk.
    static func gone(_ unseen: [(id: AssetID, path: RawPath)], under roots: [RawPath], library: Library) -> [AssetID] {
        unseen.filter { asset in
            roots.contains { root in
                root.bytes.isEmpty || asset.path == root || asset.path.relative(to: root) != nil
            } && !FileSystem.exists(library.absolutePath(of: asset.path))
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
