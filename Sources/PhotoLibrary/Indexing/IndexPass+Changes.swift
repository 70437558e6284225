import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// What a watcher found changed since its last batch, as library-relative paths: the events
/// say where to look, and the pass reads only there.
public struct IndexChanges: Sendable, Equatable {
    /// Files written, moved in or renamed into place (and sidecars changed or gone): their
    /// folder is listed, so that a photo's sidecar and companions are seen with it.
    public var files: Set<RawPath> = []
    /// Paths (files or folders) that went away or were moved off: their assets are missing
    /// unless a file read in the same pass is one of them moved.
    public var gone: Set<RawPath> = []
    /// Folders to walk whole: new ones, moved in, or every watched root after an overflow.
    public var scans: Set<RawPath> = []

    public init(files: Set<RawPath> = [], gone: Set<RawPath> = [], scans: Set<RawPath> = []) {
        self.files = files
        self.gone = gone
        self.scans = scans
    }

    public var isEmpty: Bool { files.isEmpty && gone.isEmpty && scans.isEmpty }
    public var count: Int { files.count + gone.count + scans.count }
}

extension Indexer {
    /// Brings the catalog in line with the files at `changes`, in one pass (so that a file
    /// gone from one folder and found in another is a move). Files `isSettled` refuses (still
    /// being written) are left alone and returned, to be looked at again later, and so are
    /// those read damaged (truncated) whose modification time is less than `holdBackDamaged`
    /// seconds old: their writer may only be pausing.
    /// With `listingWritten`, the assets written are returned in `written` (else it is empty).
    public func apply(
        _ changes: IndexChanges, isSettled: @escaping (WalkedFile) -> Bool = { _ in true },
        holdBackDamaged: Double? = nil, listingWritten: Bool = false,
        report: @escaping @Sendable (IndexEvent) -> Void = { _ in }
    ) throws -> (summary: IndexSummary, deferred: [RawPath], written: [WrittenAsset]) {
        let pass = try IndexPass(indexer: self, report: report)
        if listingWritten { pass.written = [] }
        // A file whose writer is done (its event is among `files`) is settled, even where a
        // scan of its new folder meets it first: left to the settle time, every file of a
        // card copied into a new folder waited it out.
        let done = Set(changes.files.map { library.absolutePath(of: $0) })
        pass.isSettled = { file in done.contains(file.path) || isSettled(file) }
        if let holdBackDamaged {
            pass.isRecentlyWritten = { file in
                Date().timeIntervalSince1970 - Double(file.modifiedNanoseconds) / 1e9 < holdBackDamaged
            }
        }
        let scans = Self.outermost(
            Array(changes.scans.filter { FileSystem.isDirectory(library.absolutePath(of: $0)) }))
        func underScan(_ path: RawPath) -> Bool {
            scans.contains { $0.bytes.isEmpty || path == $0 || path.relative(to: $0) != nil }
        }
        for root in scans { try pass.index(root) }
        // The files events named waited in the watcher's queue until their writers were done.
        pass.isSettled = { _ in true }
        var byFolder: [RawPath: Set<RawPath>] = [:]
        for path in changes.files.union(changes.gone) where !underScan(path) {
            byFolder[path.folderInLibrary, default: []].insert(path)
        }
        for folder in byFolder.keys.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
            try pass.indexFiles(in: folder, only: byFolder[folder] ?? [])
        }
        let gone = changes.gone.filter { !underScan($0) }
        for path in gone { try pass.checkGone(path) }
        let summary = try pass.finish(roots: scans + Array(gone))
        return (summary, pass.deferred, pass.written ?? [])
    }
}

/// An asset an index pass wrote: its renditions may be wanting.
public struct WrittenAsset: Sendable, Equatable {
    public var id: AssetID
    public var relativePath: RawPath
    /// The content hash the catalog held before (nil for a new asset or one never rendered).
    public var previousContentHash: String?
}

extension IndexPass {
    /// A root that is a file, named on its own.
    func indexFile(_ root: RawPath, absolute: RawPath) throws {
        guard let file = FileWalker().walk([absolute]).files.first else { return }
        let exact = IndexPathRange(lower: root.bytes, upper: root.bytes + [0])
        // The folder's other names decide whether it is a companion, or a Live Photo's photo.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: absolute.parent.description)) ?? []
        let neighbours = names.map { absolute.parent.appending(RawPath($0)) }
        try consider(
            file, sidecars: SidecarFinder(walked: [file], explicitFiles: [absolute]),
            companions: Companions.companionPaths(among: neighbours.contains(absolute) ? neighbours : [absolute])
        ) { _, stamp in
            let record = try catalog.indexRecords(in: exact, after: nil, limit: 1).first
            let unchanged = record?.isUnchanged(file, sidecarStamp: stamp) == true
            return unchanged && !indexer.options.rereadNamedFiles ? .unchanged : .changed(record)
        }
    }

    /// Considers the files of one folder (library-relative) that are among `names`, or whose
    /// sidecar is: the folder is listed (one `stat` a file), not walked.
    func indexFiles(in folder: RawPath, only names: Set<RawPath>) throws {
        let absoluteFolder = library.absolutePath(of: folder)
        guard FileSystem.isDirectory(absoluteFolder) else { return }
        let walker = FileWalker(
            includeHidden: indexer.options.includeHidden,
            skippedNames: [Array(Library.controlDirectoryName.utf8)])
        let files = walker.list(absoluteFolder).files.sorted { $0.path.bytes.lexicographicallyPrecedes($1.path.bytes) }
        let wanted = Set(names.map { library.absolutePath(of: $0) })
        let sidecars = SidecarFinder(walked: files, explicitFiles: [])
        let companions = Companions.companionPaths(among: files.map(\.path))
        for file in files {
            guard wanted.contains(file.path) || Sidecar.candidates(for: file.path).contains(where: wanted.contains)
            else { continue }
            try consider(file, sidecars: sidecars, companions: companions) { relativeBytes, stamp in
                let exact = IndexPathRange(lower: Array(relativeBytes), upper: Array(relativeBytes) + [0])
                let record = try catalog.indexRecords(in: exact, after: nil, limit: 1).first
                return record?.isUnchanged(file, sidecarStamp: stamp) == true ? .unchanged : .changed(record)
            }
        }
    }

    /// The assets at `path` (a file or a folder, library-relative) go missing at the end of
    /// the pass, unless a file is there again or one read in this pass is theirs, moved.
    func checkGone(_ path: RawPath) throws {
        guard !FileSystem.exists(library.absolutePath(of: path)) else { return }
        var after: RawPath?
        while true {
            let page = try catalog.indexRecords(in: .under(path), after: after, limit: CatalogCursor.pageSize)
            for record in page { pass(record, root: path) }
            guard page.count == CatalogCursor.pageSize, let last = page.last else { return }
            after = last.file.relativePath
        }
    }
}

extension RawPath {
    /// The folder holding this library-relative path: empty (the root) for a top-level name.
    public var folderInLibrary: RawPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return RawPath(bytes: []) }
        return RawPath(bytes: Array(bytes[..<slash]))
    }
}

extension IndexPass {
    /// The readings to place: a damaged one (truncated, say) of a file written moments ago is
    /// dropped and its file deferred, for a writer that closes between chunks may not be done.
    func holdBackUnfinished(_ files: [PendingFile], _ readings: [ReadOutcome]) -> ([PendingFile], [ReadOutcome]) {
        guard let isRecentlyWritten else { return (files, readings) }
        var keptFiles: [PendingFile] = []
        var keptReadings: [ReadOutcome] = []
        for (file, outcome) in zip(files, readings) {
            let damaged =
                switch outcome.image {
                case .success(let reading): !reading.problems.isEmpty
                case .failure: true
                }
            if damaged, isRecentlyWritten(file) {
                deferred.append(file.relativePath)
                continue
            }
            keptFiles.append(file)
            keptReadings.append(outcome)
        }
        return (keptFiles, keptReadings)
    }
}
