import Foundation
import PhotoCatalog
import PhotoSupport

/// Trash states an interrupted delete or restore left behind when no file move was recorded
/// for it (photolib before file-move records, issue 11 items 1 and 2): the file is where the
/// command took it, the catalog is as it was. The file is the evidence: it is this asset's
/// when its size and fingerprint are the ones the catalog recorded.
extension LibraryVerifier {
    /// The trash file of a not-trashed asset whose original is not at its path: where this
    /// photolib puts it (`<id>/<name>`) or where older ones did (`<id>-<name>`), relative to
    /// the root. Nil when neither holds this asset's content.
    func unrecordedTrashFile(of asset: Asset) -> RawPath? {
        let name = asset.file.relativePath.lastComponent
        let candidates = [
            Library.trashRelativeDirectory.appending(asset.id.hex).appending(name),
            Library.trashRelativeDirectory.appending(RawPath(bytes: Array("\(asset.id.hex)-".utf8) + name.bytes)),
        ]
        return candidates.first { holdsContent(of: asset, at: $0) }
    }

    /// True when `relative` is a regular file (no symlink) with the asset's size and fingerprint.
    func holdsContent(of asset: Asset, at relative: RawPath) -> Bool {
        guard ConfinedPath.isConfined(relative) else { return false }
        let path = library.absolutePath(of: relative)
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return OriginalState.of(path, recorded: asset.file, ignoringModificationTime: true) == .unchanged
    }

    func trashUnrecordedFinding(_ asset: Asset, location: RawPath) -> VerifyFinding {
        VerifyFinding(
            kind: .trashUnrecorded, path: library.absolutePath(of: location), assetID: asset.id,
            detail: "the original of \(asset.file.relativePath) is in the trash, but the catalog says it is not "
                + "trashed (a delete cut short)")
    }

    /// A trashed asset whose file is gone from the trash and back at its path.
    func restoreUnrecordedFinding(_ asset: Asset) -> VerifyFinding? {
        guard holdsContent(of: asset, at: asset.file.relativePath) else { return nil }
        return VerifyFinding(
            kind: .restoreUnrecorded, path: library.absolutePath(of: asset.file.relativePath), assetID: asset.id,
            detail: "the original is back at its path and gone from the trash, but the catalog says it is "
                + "trashed (a restore cut short)")
    }

    /// Records each finished-but-unrecorded delete or restore as the command would have, under
    /// the file-move lock (so that no command is moving files meanwhile), after checking the
    /// files once more; logged as a `repair` action.
    func recordTrashState(_ indices: [Int], in report: inout VerifyReport) {
        guard !indices.isEmpty else { return }
        guard let lock = FileMoveLock.exclusive(in: library) else {
            for index in indices { report.findings[index].repairProblem = .filesMoving }
            return
        }
        defer { withExtendedLifetime(lock) {} }
        for index in indices {
            let finding = report.findings[index]
            do {
                guard let id = finding.assetID, let asset = try catalog.asset(id: id) else {
                    report.findings[index].repairProblem = .failed("the asset is no longer in the catalog")
                    continue
                }
                var edit: AssetEdit?
                if finding.kind == .trashUnrecorded {
                    if !asset.trashed, let location = library.relativePath(of: finding.path),
                        holdsContent(of: asset, at: location)
                    {
                        edit = AssetEdit(id: id, change: .trash(location: location))
                    }
                } else if asset.trashed, restoreUnrecordedFinding(asset) != nil {
                    edit = AssetEdit(id: id, change: .restore)
                }
                guard let edit else {
                    report.findings[index].repairProblem = .failed("the files changed since the check; verify again")
                    continue
                }
                _ = try catalog.apply([edit], action: "repair")
                report.findings[index].repaired = true
            } catch {
                report.findings[index].repairProblem = .failed("\(error)")
            }
        }
    }
}
