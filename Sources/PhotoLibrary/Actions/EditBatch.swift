import Foundation
import PhotoCatalog
import PhotoSupport

/// The edits an action worked out, one per asset, with the assets it had to leave out: what
/// `action date`, `action gps` and the undos plan and carry out the same way.
struct EditBatch {
    var edits: [(Asset, AssetEdit)]
    var problems: [ActionPerformer.Failure] = []

    /// What the edits would do, changing nothing.
    func plan() -> ActionPerformer.Report {
        var report = ActionPerformer.Report(failures: problems)
        for (asset, edit) in edits {
            report.outcomes.append(
                ActionPerformer.Outcome(
                    before: asset, after: edit.applied(to: asset, now: Date()), changes: edit.fieldChanges(to: asset)))
        }
        return report
    }

    /// Makes the edits in one transaction logged as `action`, then updates the sidecars
    /// (with `sidecars: write`; the catalog's change stands if a sidecar cannot be written,
    /// and that asset is reported as failed).
    func perform(
        action: String, library: Library, catalog: any Catalog, writingDateAndPosition: Bool
    ) throws -> ActionPerformer.Report {
        var report = ActionPerformer.Report(failures: problems)
        guard !edits.isEmpty else { return report }
        let afters = try catalog.apply(edits.map(\.1), action: action)
        for ((before, _), after) in zip(edits, afters) {
            report.outcomes.append(
                ActionPerformer.Outcome(before: before, after: after, changes: FieldChange.between(before, after)))
            do {
                try library.updateSidecar(
                    for: after.id, catalog: catalog, writingDateAndPosition: writingDateAndPosition)
            } catch let error as any PhotolibError {
                report.failures.append(ActionPerformer.Failure(asset: after, error: error))
            }
        }
        return report
    }
}
