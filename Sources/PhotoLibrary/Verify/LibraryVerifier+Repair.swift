import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport
import Synchronization

extension LibraryVerifier {
    /// `check`, then `repair`; when an original was indexed again, a second check and repair
    /// for what that changed (its renditions under the old fingerprint are stale now, and the
    /// new fingerprint's may be missing). The findings of both passes are returned together.
    public func checkAndRepair(jobs: Int) throws -> VerifyReport {
        var report = repair(try check(), jobs: jobs)
        guard report.findings.contains(where: { $0.kind == .originalChanged && $0.repaired }) else { return report }
        let known = Set(report.findings.map { "\($0.kind.rawValue) \($0.path)" })
        var followUp = try check()
        followUp.findings.removeAll { known.contains("\($0.kind.rawValue) \($0.path)") }
        report.findings += repair(followUp, jobs: jobs).findings
        return report
    }

    /// Puts right what can be put right without losing anything, and returns `report` with
    /// each finding marked repaired or given the reason it is not:
    /// - a missing original is marked missing in the catalog (as `index` would);
    /// - a changed original is indexed again (its flags and edits are kept);
    /// - a missing rendition is made, one of a size no longer made is made again;
    /// - a stale or orphaned rendition file older than `minimumRemovalAge` is deleted;
    /// - stored collection counts that disagree with the assets are counted again, when that
    ///   is the catalog's only damage.
    ///
    /// Originals and files in the trash are never deleted, moved or written, and any other
    /// catalog damage is left for a person (restore it from a backup).
    public func repair(_ report: VerifyReport, jobs: Int) -> VerifyReport {
        var report = report
        let indices = { (kinds: Set<VerifyFinding.Kind>) in
            report.findings.indices.filter { kinds.contains(report.findings[$0].kind) }
        }
        recount(indices([.catalogDamaged]).filter { report.findings[$0].recountable }, in: &report)
        // First: renditions made below must not go through a planted link.
        removeLinks(indices([.controlSymlink]), in: &report)
        // Before the sidecars: a sidecar is written from the catalog, which must hold the
        // logged values again first.
        reapplyHistory(indices([.historyDisagrees]), in: &report)
        recordTrashState(indices([.trashUnrecorded, .restoreUnrecorded]), in: &report)
        markMissing(indices([.originalMissing]), in: &report)
        reindex(indices([.originalChanged]), in: &report, jobs: jobs)
        reindex(indices([.sizeStale]), in: &report, jobs: jobs, reread: true)
        makeRenditions(indices([.renditionMissing]), in: &report, jobs: jobs)
        // A rendition made before colour management is made again where it is.
        let remade = indices([.renditionStale]).filter { report.findings[$0].remake }
        makeRenditions(remade, in: &report, jobs: jobs, force: true)
        // A rendition of an asset at a size it is no longer made at is removed, then made again.
        let missized = indices([.renditionStale]).filter {
            report.findings[$0].assetID != nil && !report.findings[$0].remake
        }
        removeFiles(missized, in: &report)
        let removed = missized.filter { report.findings[$0].repaired }
        for index in removed { report.findings[index].repaired = false }  // until made again
        makeRenditions(removed, in: &report, jobs: jobs)
        removeFiles(
            indices([.renditionStale, .renditionOrphaned, .temporaryLeft]).filter {
                !missized.contains($0) && !report.findings[$0].remake
            },
            in: &report)
        rewriteSidecars(indices([.sidecarDisagrees]), in: &report)
        for index in report.findings.indices where !report.findings[index].isRepairable {
            report.findings[index].repairProblem =
                switch report.findings[index].kind {
                case .catalogDamaged: .catalogDamaged
                case .assetLost: .assetLost
                case .contentChanged, .originalUnreadable: .originalDamaged
                default: .trashNotTouched
                }
        }
        return report
    }

    /// Rewrites the stored collection counts; the finding then names those it changed.
    private func recount(_ indices: [Int], in report: inout VerifyReport) {
        guard !indices.isEmpty else { return }
        do {
            let corrections = try catalog.recountCollections()
            let shown = corrections.prefix(5).map(\.description).joined(separator: ", ")
            let more = corrections.count > 5 ? " and \(corrections.count - 5) more" : ""
            for index in indices {
                report.findings[index].repaired = true
                // (None when a writer's own trigger put them right meanwhile.)
                if !corrections.isEmpty { report.findings[index].detail += "; recounted: \(shown)\(more)" }
            }
        } catch {
            for index in indices { report.findings[index].repairProblem = .failed("\(error)") }
        }
    }

    private func markMissing(_ indices: [Int], in report: inout VerifyReport) {
        guard !indices.isEmpty else { return }
        do {
            try catalog.applyIndexChanges(scanned: [], missing: indices.compactMap { report.findings[$0].assetID })
            for index in indices { report.findings[index].repaired = true }
        } catch {
            for index in indices { report.findings[index].repairProblem = .failed("\(error)") }
        }
    }

    /// Indexes the changed files again (with `reread`, the unchanged ones too), then checks
    /// each against the catalog's new facts.
    private func reindex(_ indices: [Int], in report: inout VerifyReport, jobs: Int, reread: Bool = false) {
        guard !indices.isEmpty else { return }
        let failures = MessagesByPath()
        do {
            var options = IndexOptions(jobs: jobs, makeRenditions: true)
            options.rereadNamedFiles = reread
            let indexer = Indexer(library: library, catalog: catalog, options: options)
            _ = try indexer.run(paths: indices.map { report.findings[$0].path }) { event in
                if case .failed(let path, let message) = event { failures.record(path, message) }
            }
        } catch {
            for index in indices { report.findings[index].repairProblem = .failed("\(error)") }
            return
        }
        let failed = failures.all
        for index in indices {
            let finding = report.findings[index]
            if let message = failed[finding.path] {
                report.findings[index].repairProblem = .failed(message)
                continue
            }
            guard let id = finding.assetID, let asset = try? catalog.asset(id: id) else {
                report.findings[index].repaired = true  // now indexed as another asset (a move)
                continue
            }
            if asset.missing
                || (OriginalState.of(finding.path, recorded: asset.file) == .unchanged
                    && staleSize(of: asset, path: finding.path).isEmpty)
            {
                report.findings[index].repaired = true
            } else {
                report.findings[index].repairProblem = .stillDisagrees
            }
        }
    }

    /// Makes the missing renditions with `RenditionBatch` (every one again when `force`), then
    /// looks for each file, which must carry the colour-management mark.
    private func makeRenditions(_ indices: [Int], in report: inout VerifyReport, jobs: Int, force: Bool = false) {
        guard !indices.isEmpty else { return }
        var assets: [Asset] = []
        var seen = Set<AssetID>()
        for index in indices {
            guard let id = report.findings[index].assetID, seen.insert(id).inserted,
                let asset = try? catalog.asset(id: id)
            else { continue }
            assets.append(asset)
        }
        let problems = MessagesByPath()
        let made = RenditionBatch(library: library).run(
            assets, kinds: Set(RenditionKind.allCases), force: force, jobs: jobs
        ) { event in
            if case .problem(let path, let message, _) = event { problems.record(path, message) }
        }
        // An asset without a content hash got one: its renditions are named by it now.
        _ = try? catalog.recordContentHashes(made.contentHashes)
        _ = try? catalog.recordVisualHashes(made.visualHashes)
        let hashes = Dictionary(made.contentHashes.map { ($0.id, $0.hash) }, uniquingKeysWith: { first, _ in first })
        let store = RenditionStore(library: library)
        let messages = problems.all
        for index in indices {
            let finding = report.findings[index]
            var asset = assets.first { $0.id == finding.assetID }
            // An asset that had no content hash was reported at its original: its renditions
            // are found by the hash making them gave it.
            let hadNoHash = asset?.contentHash == nil
            if let id = finding.assetID, let hash = hashes[id] { asset?.contentHash = hash }
            let allMade = asset.map { asset in
                RenditionKind.allCases.allSatisfy {
                    store.existing(RenditionSpec.standard($0, settings: library.settings), for: asset) != nil
                }
            }
            let made = store.isRendition(finding.path) && RenditionMark.isColourManaged(finding.path)
            if hadNoHash ? allMade == true : made {
                report.findings[index].repaired = true
            } else {
                let original = assets.first { $0.id == finding.assetID }.flatMap { try? library.originalPath(of: $0) }
                report.findings[index].repairProblem = .failed(
                    original.flatMap { messages[$0] } ?? "the rendition could not be made")
            }
        }
    }

    /// Writes each disagreeing sidecar again from the catalog.
    private func rewriteSidecars(_ indices: [Int], in report: inout VerifyReport) {
        for index in indices {
            guard let id = report.findings[index].assetID else { continue }
            do {
                try library.updateSidecar(for: id, catalog: catalog)
                // Repaired only when it now reads back as the catalog says: a repair that
                // claims success and leaves the same finding for the next verify is a lie.
                if let asset = try catalog.asset(id: id), let still = checkSidecar(of: asset) {
                    report.findings[index].repairProblem = .failed("written again, but \(still.detail)")
                } else {
                    report.findings[index].repaired = true
                }
            } catch {
                report.findings[index].repairProblem = .failed("\(error)")
            }
        }
    }

    /// Removes planted links in `.photolib/`: the link alone, reached through no symlink
    /// (`Library.place(of:)`), never what it points to.
    private func removeLinks(_ indices: [Int], in report: inout VerifyReport) {
        for index in indices {
            let path = report.findings[index].path
            // The library's own folder as a link holds the catalog this pass read: a person
            // puts the folder back.
            if path == library.controlDirectory {
                report.findings[index].repairProblem = .failed(
                    "not removed: it holds the catalog; replace the link with the folder it points to")
                continue
            }
            do {
                guard let relative = path.relative(to: library.root) else {
                    throw ConfinedPathError(path: path, reason: .notConfined)
                }
                let place = try library.place(of: relative)
                if let info = place.status, (info.st_mode & S_IFMT) == S_IFLNK { try place.folder.unlink(place.name) }
                // The settings in effect are written back in the link's place: without the
                // file the folder is no library.
                if path == library.settingsPath, place.status == nil { try library.writeSettings(library.settings) }
                report.findings[index].repaired = path == library.settingsPath || place.status == nil
            } catch {
                report.findings[index].repairProblem = .failed("\(error)")
            }
        }
    }

    /// Deletes stale and orphaned rendition files that no writer can be using now.
    private func removeFiles(_ indices: [Int], in report: inout VerifyReport) {
        let now = Date().timeIntervalSince1970
        for index in indices {
            let path = report.findings[index].path
            var info = stat()
            guard path.withCString({ lstat($0, &info) }) == 0 else {
                report.findings[index].repaired = true  // gone already
                continue
            }
            let age = now - Double(info.modifiedNanoseconds) / 1e9
            if age < minimumRemovalAge {
                report.findings[index].repairProblem = .changedRecently(seconds: Int(age.rounded()))
                continue
            }
            // Through no symlink: a folder swapped for a link since the check leads nowhere.
            do {
                guard let relative = path.relative(to: library.root) else {
                    throw ConfinedPathError(path: path, reason: .notConfined)
                }
                let place = try library.place(of: relative)
                try place.folder.unlink(place.name)
                report.findings[index].repaired = true
            } catch {
                report.findings[index].repairProblem = .failed("\(error)")
            }
        }
    }
}

/// Messages about paths, gathered from callbacks that may run on worker threads.
private final class MessagesByPath: Sendable {
    private let messages = Mutex<[RawPath: String]>([:])

    func record(_ path: RawPath, _ message: String) { messages.withLock { $0[path] = message } }

    var all: [RawPath: String] { messages.withLock { $0 } }
}
