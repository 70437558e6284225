import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// One `index` pass over some roots of a library, in bounded memory.
///
/// The walk hands out files in the byte order of their paths and the catalog is read in the
/// same order, a page at a time (`CatalogCursor`), so each file meets its record without a
/// query or a hash lookup, and nothing per file is kept past its batch: the files to read go
/// in batches of up to `IndexOptions.batchSize` (read on several threads, then placed and
/// written while the next batch is read), and only counts, the first failures, the assets
/// that may have gone missing and the ids claimed by moves stay until the end. A pass where
/// nothing changed never reads a file, loads the gazetteer or opens the rendition store.
final class IndexPass {
    let indexer: Indexer
    let report: @Sendable (IndexEvent) -> Void
    var library: Library { indexer.library }
    var catalog: any Catalog { indexer.catalog }
    /// False for a file still being written (a watcher's pass): left alone, in `deferred`.
    var isSettled: (WalkedFile) -> Bool = { _ in true }
    var deferred: [RawPath] = []
    /// True for a file written so recently that a damaged reading may be its writer's pause
    /// between two chunks (a watcher's pass): such a reading is dropped and the file deferred.
    var isRecentlyWritten: ((PendingFile) -> Bool)?
    /// When not nil, every asset this pass writes (added, updated or moved) is listed here,
    /// for a watcher that makes their renditions after the catalog is written.
    var written: [WrittenAsset]?

    var summary = IndexSummary()
    /// Remembered failures by path (few: files that failed and did not change), and those the walk met.
    private let failuresByPath: [RawPath: IndexFailure]
    private var seenFailures = Set<RawPath>()
    private var cleared: [RawPath] = []
    /// Files waiting to be read, with the record at their path, if any.
    private var batch: [(file: PendingFile, record: IndexRecord?)] = []
    private var queued = 0
    private var read = 0
    /// Assets claimed by a move in this pass: not missing, not a move of another file.
    var claimed = Set<AssetID>()
    /// Records the walk did not meet (not missing, not trashed): missing unless on disk or moved.
    private var unseen: [IndexRecord] = []
    private let places: PlaceResolver
    /// True when the catalog held no asset as the pass began (a first index): no file can
    /// then be a moved asset, and the candidates are not looked for.
    let catalogWasEmpty: Bool
    /// Records written by this pass carry a later `indexedAt`: a page read after a batch was
    /// written may hold them behind the walk, and they are not unseen.
    let startedAt = Date().timeIntervalSince1970
    /// How many files go to the reading threads at a time.
    private var sizes: IndexBatchSizes
    /// The batches handed to the reading threads and not yet written, oldest first (`flush`).
    private var inFlight: [BatchReading] = []
    /// Where the batches are read, one after another.
    private let readingQueue = DispatchQueue(label: "photolib.index.reading", qos: .userInitiated)
    /// Batches handed to the reading threads before the oldest is written: the next is queued
    /// behind the one being read, so the reading threads go on while a write takes longer.
    static let batchesReadAhead = 2
    /// The reading threads of batches read while others are written, a few nice levels below
    /// the thread that owns the catalog, which then keeps up with them (see `ThreadTeam`).
    private lazy var readingTeam = ThreadTeam(size: indexer.options.jobs, niceIncrement: 10)
    /// True when a batch may be written while the next is read. Not when renditions are made
    /// and the catalog held assets: writing a batch removes the renditions of contents its
    /// edited files no longer have, which a file of the batch being read may have again and
    /// just have been given (in a first index nothing is edited, so nothing is removed).
    private var overlapsWrites: Bool { sizes.walksAhead }
    /// Whether the batches' writes share a transaction now (only while they overlap reading).
    private var holding = WriteHolding()

    /// A first batch of this many files loads the gazetteer beside its reading (it takes as
    /// long as reading about 60 photos): a photo with a position among them is likely, and
    /// would otherwise stop the reading threads while one of them loads it.
    static let filesWorthLoadingPlacesFor = 64

    init(indexer: Indexer, report: @escaping @Sendable (IndexEvent) -> Void) throws {
        self.indexer = indexer
        self.report = report
        var failures: [RawPath: IndexFailure] = [:]
        for failure in try indexer.catalog.indexFailures() { failures[failure.relativePath] = failure }
        failuresByPath = failures
        places = PlaceResolver(library: indexer.library)
        catalogWasEmpty = try indexer.catalog.indexRecords(in: .under(RawPath(bytes: [])), after: nil, limit: 1).isEmpty
        sizes = IndexBatchSizes(
            largest: indexer.options.batchSize,
            walksAhead: catalogWasEmpty || !indexer.options.makeRenditions)
        // A first index places positions from its first batch on: the load starts with the walk.
        if catalogWasEmpty { places.loadInBackground() }
    }

    /// Walks `root` (library-relative; empty for the whole library) and compares it with the catalog.
    func index(_ root: RawPath) throws {
        let absolute = library.absolutePath(of: root)
        guard FileSystem.isDirectory(absolute) else { return try indexFile(root, absolute: absolute) }
        var cursor = CatalogCursor(catalog: catalog, range: .under(root))
        let walker = FileWalker(
            includeHidden: indexer.options.includeHidden, jobs: indexer.options.jobs,
            skippedNames: [Array(Library.controlDirectoryName.utf8)])
        var sidecars = SidecarFinder(walked: [], explicitFiles: [])
        var companions = FolderCompanions()
        try walker.walkInPathOrder(
            absolute,
            problem: { problem in
                summary.failed += 1
                report(.failed(path: problem.path, message: "\(problem.path): \(problem.reason)"))
            },
            visit: { run in
                if run.isFirstOfFolder {
                    // Sidecars and companions share their photo's folder: one listing decides them.
                    sidecars = SidecarFinder(walked: run.folderFiles, explicitFiles: [])
                    companions = Companions.companionPaths(among: run.folderFiles.map(\.path))
                }
                for file in run.folderFiles[run.range] {
                    try consider(file, sidecars: sidecars, companions: companions) { relativeBytes, stamp in
                        try cursor.match(
                            file, at: relativeBytes, sidecarStamp: stamp, passing: { pass($0, root: root) })
                    }
                }
            })
        try cursor.drain { pass($0, root: root) }
    }

    /// Sorts out one walked file: unchanged, failed before and unchanged, or to be read.
    func consider(
        _ file: WalkedFile, sidecars: SidecarFinder, companions: FolderCompanions,
        match lookUp: (ArraySlice<UInt8>, _ sidecarStamp: String?) throws -> CatalogMatch
    ) throws {
        if Sidecar.isSidecarName(file.path) { return }
        guard isSettled(file) else {
            if let relative = file.path.relative(to: library.root) { deferred.append(relative) }
            return
        }
        if !companions.isEmpty, companions.contains(file.path) {
            // Part of another file's photo (a .THM, the RAW of a RAW+JPEG pair): listed with it.
            summary.companions += 1
            return
        }
        // Walked paths are absolute and normalised already: strip the root, no getcwd per file,
        // and no path made for a file that turns out unchanged.
        guard let relativeBytes = file.path.relativeBytes(to: library.root) else { return }
        let sidecar = sidecars.sidecar(for: file.path)
        let match = try lookUp(relativeBytes, sidecar?.stamp)
        var relativePath: RawPath { RawPath(bytes: Array(relativeBytes)) }
        let failure = failuresByPath.isEmpty ? nil : failuresByPath[relativePath]
        if failure != nil { seenFailures.insert(relativePath) }
        guard case .changed(let record) = match else {
            summary.unchanged += 1
            return
        }
        if let failure, !indexer.options.retryFailed, failure.size == file.size,
            failure.modifiedNanoseconds == file.modifiedNanoseconds
        {
            // Failed before and not changed since: neither read nor reported again (unless asked).
            summary.failedBefore += 1
        } else {
            let relativePath = relativePath
            if failure != nil { cleared.append(relativePath) }
            batch.append(
                (
                    PendingFile(
                        absolutePath: file.path, relativePath: relativePath, sidecar: sidecar, size: file.size,
                        modifiedNanoseconds: file.modifiedNanoseconds, liveMovie: companions.liveMovies[file.path]),
                    record
                ))
            queued += 1
            if batch.count >= sizes.next + sizes.lookahead { try flush(sizes.next) }
        }
    }

    /// A record the walk went past without meeting its file.
    func pass(_ record: IndexRecord, root: RawPath) {
        guard !record.missing, !record.trashed, record.indexedAt < startedAt else { return }
        // The range of a folder "a" also holds "a.jpg" and "a-2/...", which are not under it.
        guard
            root.bytes.isEmpty || record.file.relativePath == root || record.file.relativePath.relative(to: root) != nil
        else { return }
        unseen.append(record)
    }

    /// Hands the waiting files to the reading threads, then places and writes the oldest batch
    /// handed to them before, while these are read: the catalog's writes (a fifth of a first
    /// index's work) and the walk to the next batch overlap the reading instead of following
    /// it, and with a batch queued behind the one being read, a write that takes longer than
    /// a reading no longer leaves the reading threads waiting (a tenth of a first index's time).
    private func flush(_ count: Int? = nil) throws {
        guard !batch.isEmpty else { return }
        let taken = batch.prefix(count ?? batch.count)
        let batchFiles = taken.map(\.file)
        var recordsByPath: [RawPath: IndexRecord] = [:]
        for (file, record) in taken { if let record { recordsByPath[file.relativePath] = record } }
        batch.removeFirst(taken.count)
        sizes.flushed()
        if sizes.flushedCount == 1, batchFiles.count >= Self.filesWorthLoadingPlacesFor { places.loadInBackground() }
        report(.planned(toRead: queued, unchanged: summary.unchanged))
        let job = indexer.readingJob(
            batchFiles, places: places, team: overlapsWrites ? readingTeam : nil, progressBase: read,
            progressTotal: queued, report: report)
        read += batchFiles.count
        guard overlapsWrites else { return try write(batchFiles, job(), recordsByPath: recordsByPath) }
        inFlight.append(BatchReading(files: batchFiles, recordsByPath: recordsByPath, queue: readingQueue, job: job))
        while inFlight.count > Self.batchesReadAhead { try writeOldest() }
    }

    /// Places and writes the batches still handed to the reading threads.
    private func settle() throws {
        while !inFlight.isEmpty { try writeOldest() }
    }

    /// Places and writes the oldest batch handed to the reading threads, once read.
    private func writeOldest() throws {
        let oldest = inFlight.removeFirst()
        do {
            try holding.willWait(catalog: catalog)
            let readings = oldest.wait()
            holding.willWrite(readIn: oldest.readTime(), catalog: catalog)
            try write(oldest.files, readings, recordsByPath: oldest.recordsByPath)
        } catch {
            // The reading threads are done before the error leaves the pass, and the batches
            // written before it stay written.
            for reading in inFlight { _ = reading.wait() }
            inFlight = []
            try? holding.commit(catalog: catalog)
            throw error
        }
    }

    deinit {
        // A pass left by an error still commits what it wrote (`finish` commits otherwise).
        try? holding.commit(catalog: catalog)
    }

    /// The gazetteer that placed every GPS position in the catalog, when this pass did: it
    /// began with an empty catalog and loaded one. Nil otherwise.
    var placedEveryPosition: PlacedGazetteer? { catalogWasEmpty ? places.loaded : nil }

    /// Reads what is left, marks missing what went away and forgets the failures that are gone.
    func finish(roots: [RawPath]) throws -> IndexSummary {
        if overlapsWrites {
            // The last batch's write overlaps nothing, so the pass ends on small batches, each
            // read while an earlier one is written.
            for size in sizes.closing(batch.count) { try flush(size) }
        }
        try flush()
        try settle()
        let missing = try unseen.filter { record in
            let path = library.absolutePath(of: record.file.relativePath)
            guard !claimed.contains(record.id), !FileSystem.isRegularFile(path) else { return false }
            // Not gone, but no file either (a FIFO, a link to a device): no reader opens it, and
            // the walk lists only files, so it is said here, once (the asset is missing after).
            if let kind = FileSystem.specialKind(at: path) {
                summary.failed += 1
                let error = FileSystemError(path: path, reason: .special(kind))
                report(.failed(path: path, message: "\(error) (marked missing)"))
            }
            return true
        }.filter { record in
            // Still at the path it was read at: with a shared catalog another machine's index
            // may have moved the asset meanwhile (the same rename, seen there first), and an id
            // read at its old path must not make the moved asset missing.
            let exact = IndexPathRange(
                lower: record.file.relativePath.bytes, upper: record.file.relativePath.bytes + [0])
            return try catalog.indexRecords(in: exact, after: nil, limit: 1).first?.id == record.id
        }.map(\.id)
        summary.missing = missing.count
        if !missing.isEmpty { try catalog.applyIndexChanges(scanned: [], missing: missing) }
        // A remembered failure whose file is gone from the walked folders is forgotten.
        for path in failuresByPath.keys where !seenFailures.contains(path) {
            if roots.contains(where: { $0.bytes.isEmpty || path == $0 || path.relative(to: $0) != nil }) {
                cleared.append(path)
            }
        }
        if !cleared.isEmpty { try catalog.updateIndexFailures(recording: [], clearing: cleared) }
        try holding.commit(catalog: catalog)
        return summary
    }
}
