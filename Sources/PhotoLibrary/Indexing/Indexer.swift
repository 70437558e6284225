import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Brings the catalog in line with the files under some folders of a library.
///
/// One pass: walk, compare with the catalog by size and modification time, read the
/// files that are new or changed on several threads, decide for each whether it is an
/// update, a move or a new asset, and write everything in a few transactions. Assets
/// whose files are gone are marked missing, never forgotten.
public final class Indexer {
    public let library: Library
    public let catalog: any Catalog
    public let options: IndexOptions

    public init(library: Library, catalog: any Catalog, options: IndexOptions = IndexOptions()) {
        self.library = library
        self.catalog = catalog
        self.options = options
    }

    /// Indexes `paths` (files or folders inside the library; the whole library when empty),
    /// relative ones read from `workingDirectory` (the library's root when nil).
    ///
    /// The walk comes in the byte order of paths and is compared with the catalog read in the
    /// same order, a page at a time (`IndexPass`): an unchanged file costs its `stat` and a
    /// comparison, and memory holds a few folders and pages, however large the library.
    public func run(
        paths: [RawPath] = [], workingDirectory: RawPath? = nil,
        report: @escaping @Sendable (IndexEvent) -> Void = { _ in }
    ) throws -> IndexSummary {
        let roots = Self.outermost(try scopeRoots(paths, workingDirectory: workingDirectory ?? library.root))
        let pass = try IndexPass(indexer: self, report: report)
        for root in roots { try pass.index(root) }
        var summary = try pass.finish(roots: roots)
        // A new gazetteer (installed, upgraded, imported) names the GPS cities again.
        do {
            summary.placesRefreshed = try PlaceRefresh.runIfGazetteerChanged(
                library: library, catalog: catalog, placedWith: pass.placedEveryPosition)
        } catch {
            report(.warning(message: "cities of GPS positions not looked up again: \(error)"))
        }
        return summary
    }

    /// The roots that lie under no other root, in path order: a folder and a file in it are walked once.
    static func outermost(_ roots: [RawPath]) -> [RawPath] {
        let sorted = Array(Set(roots)).sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        return sorted.filter { root in
            !sorted.contains { other in other != root && (other.bytes.isEmpty || root.relative(to: other) != nil) }
        }
    }

    /// What the walk leaves to do: the files that must be read (new, changed, back from
    /// missing, or with a changed sidecar), the paths seen, the ids of the unchanged ones,
    /// and the remembered failures to forget (their files changed, so they are read again).
    struct PendingScan {
        var toRead: [PendingFile] = []
        var seenPaths = Set<RawPath>()
        var unchanged: [AssetID] = []
        var companions = 0
        var failedBefore = 0
        var cleared: [RawPath] = []
    }

    /// The walked files that must be read, and the rest sorted out (`PendingScan`).
    func pendingFiles(
        _ files: [WalkedFile], explicitFiles: Set<RawPath>, recordsByPath: [RawPath: IndexRecord],
        failuresByPath: [RawPath: IndexFailure] = [:]
    ) -> PendingScan {
        let sidecars = SidecarFinder(walked: files, explicitFiles: explicitFiles)
        var scan = PendingScan()
        let companions = Companions.companionPaths(among: files.map(\.path))
        for file in files where !Sidecar.isSidecarName(file.path) {
            if companions.contains(file.path) {
                // Part of another file's photo (a .THM, the RAW of a RAW+JPEG pair): listed with it.
                scan.companions += 1
                continue
            }
            // Walked paths are absolute and normalised already: strip the root, no getcwd per file.
            guard let relativePath = file.path.relative(to: library.root) else { continue }
            scan.seenPaths.insert(relativePath)
            let sidecar = sidecars.sidecar(for: file.path)
            if let record = recordsByPath[relativePath], !record.missing,
                record.file.size == file.size, record.file.modifiedNanoseconds == file.modifiedNanoseconds,
                record.sidecarStamp == sidecar?.stamp
            {
                scan.unchanged.append(record.id)
            } else if let failure = failuresByPath[relativePath], !options.retryFailed,
                failure.size == file.size, failure.modifiedNanoseconds == file.modifiedNanoseconds
            {
                scan.failedBefore += 1
            } else {
                if failuresByPath[relativePath] != nil { scan.cleared.append(relativePath) }
                scan.toRead.append(
                    PendingFile(
                        absolutePath: file.path, relativePath: relativePath, sidecar: sidecar, size: file.size,
                        modifiedNanoseconds: file.modifiedNanoseconds, liveMovie: companions.liveMovies[file.path]))
            }
        }
        return scan
    }

    /// Decides what each reading is (update, move, new asset), counting and reporting as it goes.
    func place(
        _ toRead: [PendingFile], _ readings: [ReadOutcome], plan: inout ChangePlan,
        recordsByPath: [RawPath: IndexRecord], summary: inout IndexSummary,
        report: @escaping @Sendable (IndexEvent) -> Void
    ) -> [IndexFailure] {
        var newFailures: [IndexFailure] = []
        let now = Date()
        for (pending, outcome) in zip(toRead, readings) {
            if let problem = outcome.sidecarProblem { report(.warning(message: problem)) }
            if !outcome.textProblems.isEmpty {
                report(.warning(message: "\(pending.absolutePath): \(outcome.textProblems.joined(separator: "; "))"))
            }
            if let colour = outcome.colourWarning {
                report(.warning(message: "\(pending.absolutePath): \(colour)"))
            }
            switch outcome.image {
            case .success(let reading):
                let scanned = ScannedFile(
                    id: AssetID.random(),
                    file: FileFacts(
                        relativePath: pending.relativePath, size: reading.size,
                        modifiedNanoseconds: reading.modifiedNanoseconds, fingerprint: reading.fingerprint,
                        imageDataHash: reading.imageDataHash),
                    metadata: reading.metadata,
                    damage: reading.problems.isEmpty ? nil : reading.problems.joined(separator: "; "),
                    text: outcome.text, sidecarStamp: pending.sidecar?.stamp, undecodable: outcome.undecodable,
                    contentHash: outcome.contentHash, visualHash: outcome.visualHash)
                plan.place(scanned, recordsByPath: recordsByPath, summary: &summary)
                if let container = reading.videoKind { summary.videos[container, default: 0] += 1 }
                report(.indexed(path: pending.absolutePath))
                if !reading.problems.isEmpty {
                    summary.damaged += 1
                    report(
                        .damaged(
                            path: pending.absolutePath,
                            message: "\(pending.absolutePath): \(reading.problems.joined(separator: "; "))"))
                }
            case .failure(let error):
                if let video = error.videoKind {
                    summary.videos[video, default: 0] += 1
                    summary.passedOver.append(RenditionFailure(path: pending.absolutePath, reason: "\(video) video"))
                } else if let kind = error.notYetReadKind {
                    summary.notReadYet[kind, default: 0] += 1
                    summary.passedOver.append(
                        RenditionFailure(path: pending.absolutePath, reason: "skipped: \(kind)")
                    )
                } else if IndexRules.isQuietlySkipped(error, path: pending.relativePath) {
                    summary.skipped += 1
                    summary.passedOver.append(
                        RenditionFailure(path: pending.absolutePath, reason: error.reasonDescription))
                } else {
                    summary.noteFailure(RenditionFailure(path: pending.absolutePath, reason: error.description))
                    newFailures.append(
                        IndexFailure(
                            relativePath: pending.relativePath, size: pending.size,
                            modifiedNanoseconds: pending.modifiedNanoseconds, reason: error.description, failedAt: now))
                    report(.failed(path: pending.absolutePath, message: error.description))
                }
            }
            switch outcome.renditions {
            case .made:
                summary.rendered += 1
            case .failed(let reason):
                summary.noteRenditionFailure(RenditionFailure(path: pending.absolutePath, reason: reason))
                report(.renditionsFailed(path: pending.absolutePath, reason: reason))
            case .notTried, .existing:
                break
            }
        }
        return newFailures
    }

    /// The library-relative roots to walk; empty means the whole library.
    func scopeRoots(_ paths: [RawPath], workingDirectory: RawPath) throws -> [RawPath] {
        if paths.isEmpty { return [RawPath(bytes: [])] }
        return try paths.map { path in
            let absolute = path.absolute(currentDirectory: workingDirectory)
            if absolute == library.root { return RawPath(bytes: []) }
            guard let relative = library.relativePath(of: absolute) else {
                throw IndexError(path: path, reason: .outsideLibrary(library.root))
            }
            guard FileSystem.exists(absolute) else { throw IndexError(path: path, reason: .notFound) }
            return relative
        }
    }

    /// Updates and moves first (they only take paths no other asset holds), then new
    /// assets (which may take a path a moved asset just left), then the missing marks;
    /// in chunks, so a huge first index does not hold one enormous transaction.
    func write(_ plan: ChangePlan, missing: [AssetID]) throws {
        let chunkSize = 2000
        // The contents edited originals had: their renditions go once no asset has them.
        var replaced = Set<String>()
        for file in plan.refreshed {
            // Only when the new content is known to differ: a touched file re-read without
            // renditions keeps them (its hash is read again when they are next needed).
            guard let new = file.contentHash, let old = try catalog.asset(id: file.id)?.contentHash, old != new
            else { continue }
            replaced.insert(old)
        }
        defer { _ = try? RenditionCleanup(library: library, catalog: catalog).removeUnclaimed(replaced) }
        // A batch of an index pass fits one chunk: its two lists go as they are, not copied
        // twice more (a thousand bytes a file, on the thread every batch waits for).
        if plan.refreshed.count + plan.added.count <= chunkSize {
            return try catalog.applyIndexChanges(scanned: plan.refreshed, added: plan.added, missing: missing)
        }
        let ordered = plan.refreshed + plan.added
        let knownCount = plan.refreshed.count
        var start = 0
        repeat {
            let end = min(start + chunkSize, ordered.count)
            let isLast = end == ordered.count
            let split = min(max(knownCount, start), end)
            try catalog.applyIndexChanges(
                scanned: Array(ordered[start..<split]), added: Array(ordered[split..<end]),
                missing: isLast ? missing : [])
            start = end
        } while start < ordered.count
    }
}

/// A file the walk found that must be read.
struct PendingFile: Sendable {
    var absolutePath: RawPath
    var relativePath: RawPath
    var sidecar: FoundSidecar?
    /// What the walk saw, remembered with a failure.
    var size: Int64
    var modifiedNanoseconds: Int64
    /// The Live Photo movie beside the photo (absolute), which makes it of kind `live`.
    var liveMovie: RawPath?
}

/// Why `index` refused to start.
public struct IndexError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case outsideLibrary(RawPath)
        case notFound
        /// `index --worker` takes folders only.
        case notAFolder
    }

    public var path: RawPath
    public var reason: Reason

    public var kind: ErrorKind { .noSuchInput }

    public var description: String {
        switch reason {
        case .outsideLibrary(let root): "\(path): outside the library at \(root)"
        case .notFound: "\(path): no such file or directory"
        case .notAFolder: "\(path): not a folder (index --worker takes folders)"
        }
    }
}
