import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Carries out `photolib action set --from FILE`: every row's asset found, every change
/// weighed against the asset as it is, then all of them applied in one transaction with one
/// action-log entry per changed field, or none at all when any row is bad.
public struct BulkEditor {
    public let library: Library
    public let catalog: any Catalog
    public let workingDirectory: RawPath

    /// The name the action log records the changes under.
    public static let actionName = "set"

    public init(library: Library, catalog: any Catalog, workingDirectory: RawPath) {
        self.library = library
        self.catalog = catalog
        self.workingDirectory = workingDirectory
    }

    /// What the rows would do: each asset they name with the edits that change something
    /// (a field already so is no edit), in the order the assets appear. Throws
    /// `BulkEditError` naming every bad row (parse problems included) when there is one; a
    /// row naming an asset an earlier row named is one.
    public func plan(_ rows: [BulkEditRow], problems: [BulkEditProblem], source: String) throws -> [BulkEditPlan] {
        var problems = problems
        let resolver = AssetReferenceResolver(library: library, catalog: catalog, workingDirectory: workingDirectory)
        var plans: [BulkEditPlan] = []
        var firstLine: [AssetID: Int] = [:]
        // Loaded the first time a row gives a position, to name its city.
        var loaded: Gazetteer??
        func gazetteer() -> Gazetteer? {
            if loaded == nil { loaded = .some(try? Gazetteer.load(for: library)) }
            return loaded ?? nil
        }
        for row in rows {
            let asset: Asset
            do { asset = try resolver.resolve(row.reference) } catch let error as AssetReferenceError {
                problems.append(BulkEditProblem(line: row.line, message: error.description))
                continue
            }
            if asset.trashed, !row.changes.isEmpty {
                problems.append(BulkEditProblem(line: row.line, message: "\(row.reference): in the trash"))
                continue
            }
            // One row an asset: a second would log the first's value as a change made, then
            // overwritten, and leave which one wins to the order of the file.
            if let first = firstLine[asset.id] {
                problems.append(
                    BulkEditProblem(
                        line: row.line,
                        message: "\(row.reference): the same asset as line \(first); name each asset once"))
                continue
            }
            firstLine[asset.id] = row.line
            plans.append(BulkEditPlan(before: asset, after: asset, edits: []))
            let index = plans.count - 1
            for var change in row.changes {
                let current = plans[index].after
                // Unrated reads as null or 0 (XMP's "no rating"): either way, asking for unrated is no change.
                if case .rating(let value) = change, (value ?? 0) == (current.rating ?? 0) { continue }
                // The date or position the asset has already is no change, whoever gave it
                // (so that `list --jsonl` read back changes nothing).
                if case .takenAt(let date, _) = change, date?.iso8601 == current.metadata.takenAt?.iso8601 { continue }
                // Nor are the people it shows already (which would only make the file's the user's).
                if case .people(let names) = change, People.deduplicated(AssetEdit.userPeople(names)) == current.people
                {
                    continue
                }
                if case .position(let gps, _) = change {
                    // Latitude and longitude alone: a row gives no altitude, which is no reason
                    // to drop the file's.
                    let given = gps.map { "\($0.latitude),\($0.longitude)" }
                    if given == current.metadata.gps.map({ "\($0.latitude),\($0.longitude)" }) { continue }
                    let place = gps.flatMap { $0.isNoFixPlaceholder ? nil : gazetteer()?.lookup($0) }
                    change = .position(gps, place: place)
                }
                let edit = AssetEdit(id: asset.id, change: change)
                guard !edit.fieldChanges(to: plans[index].after).isEmpty else { continue }
                plans[index].edits.append(edit)
                plans[index].after = edit.applied(to: plans[index].after, now: Date())
            }
        }
        guard problems.isEmpty else {
            throw BulkEditError(source: source, problems: problems.sorted { $0.line < $1.line })
        }
        return plans
    }

    /// The plans as a report, changing nothing (`--dry-run`).
    public func report(_ plans: [BulkEditPlan]) -> ActionPerformer.Report {
        var report = ActionPerformer.Report()
        report.outcomes = plans.map { ActionPerformer.Outcome(before: $0.before, after: $0.after, changes: $0.changes) }
        return report
    }

    /// Applies the plans in one transaction; returns each asset before and after, with its
    /// changes. With `sidecars: write`, each changed asset's sidecar is written afterwards;
    /// a sidecar that cannot be written is a failure of that asset (the catalog change stands).
    public func apply(_ plans: [BulkEditPlan]) throws -> ActionPerformer.Report {
        var report = ActionPerformer.Report()
        let edits = plans.flatMap(\.edits)
        var afterByID: [AssetID: Asset] = [:]
        if !edits.isEmpty {
            for asset in try catalog.apply(edits, action: Self.actionName) { afterByID[asset.id] = asset }
        }
        for plan in plans {
            let after = afterByID[plan.before.id] ?? plan.before
            let changes = FieldChange.between(plan.before, after)
            report.outcomes.append(ActionPerformer.Outcome(before: plan.before, after: after, changes: changes))
            guard !changes.isEmpty else { continue }
            do {
                try library.updateSidecar(for: after.id, catalog: catalog)
            } catch let error as any PhotolibError {
                report.failures.append(ActionPerformer.Failure(asset: after, error: error))
            }
        }
        return report
    }
}

/// One asset of a bulk edit: as it is, as it will be, and the edits between.
public struct BulkEditPlan: Sendable {
    public var before: Asset
    public var after: Asset
    public var edits: [AssetEdit]

    /// The logged fields that change.
    public var changes: [FieldChange] { FieldChange.between(before, after) }
}

/// A bulk-edit file with rows that cannot be applied: nothing was.
public struct BulkEditError: PhotolibError {
    /// The file's name, or "standard input".
    public var source: String
    public var problems: [BulkEditProblem]

    public var kind: ErrorKind { .badData }

    /// One line per problem, `FILE:LINE: reason`.
    public var lines: [String] { problems.map { "\(source):\($0.line): \($0.message)" } }

    public var description: String {
        let rows = Set(problems.map(\.line)).count
        return
            "\(source): \(rows) bad row\(rows == 1 ? "" : "s") (from line \(problems.first?.line ?? 0)); nothing was changed"
    }
}
