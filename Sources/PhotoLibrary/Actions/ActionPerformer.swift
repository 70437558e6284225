import Foundation
import PhotoCatalog
import PhotoSupport

/// Carries out `photolib action` on assets: the catalog change in one transaction with its
/// log entries and, for `delete` and `restore`, the move of the original first.
///
/// Files move before the catalog changes; when the catalog then refuses, the files are
/// moved back, so the catalog never says a file is somewhere it is not.
public struct ActionPerformer {
    public let library: Library
    public let catalog: any Catalog
    private var trash: TrashBin { TrashBin(library: library) }

    /// The actions that change a field an XMP sidecar carries (`dc:description`,
    /// `photoshop:City`, `xmp:Rating`, `dc:subject`, `Iptc4xmpExt:PersonInImage`).
    static let sidecarActions: Set<AssetAction> = [
        .favourite, .unfavourite, .toggleFavourite, .caption, .city, .rating, .keywordAdd, .keywordRemove,
        .personAdd, .personRemove,
    ]

    public init(library: Library, catalog: any Catalog) {
        self.library = library
        self.catalog = catalog
    }

    /// What happened to one asset.
    public struct Outcome: Sendable {
        public var before: Asset
        /// The asset as it is now (as it would be, for a dry run).
        public var after: Asset
        /// The logged fields that changed (or would); empty when the asset already was so.
        public var changes: [FieldChange]
    }

    /// An asset the action could not be carried out on; the others went ahead.
    public struct Failure: Sendable {
        public var asset: Asset
        public var error: any PhotolibError
    }

    public struct Report: Sendable {
        public var outcomes: [Outcome] = []
        public var failures: [Failure] = []
    }

    /// What `action` would change on each asset, changing nothing.
    public func plan(_ action: AssetAction, value: String?, on assets: [Asset]) -> Report {
        var report = Report()
        for asset in assets {
            let change: AssetEdit.Change
            switch action {
            case .delete:
                guard !asset.trashed else {
                    report.outcomes.append(Outcome(before: asset, after: asset, changes: []))
                    continue
                }
                let original = library.absolutePath(of: asset.file.relativePath)
                guard FileSystem.exists(original) else {
                    report.failures.append(
                        Failure(asset: asset, error: TrashError(path: original, reason: .originalMissing)))
                    continue
                }
                change = .trash(location: trash.location(for: asset))
            case .restore:
                guard asset.trashed else {
                    report.outcomes.append(Outcome(before: asset, after: asset, changes: []))
                    continue
                }
                let original = library.absolutePath(of: asset.file.relativePath)
                if FileSystem.exists(original) {
                    report.failures.append(Failure(asset: asset, error: TrashError(path: original, reason: .pathTaken)))
                    continue
                }
                change = .restore
            default:
                change = action.change(value: value)!
            }
            let edit = AssetEdit(id: asset.id, change: change)
            report.outcomes.append(
                Outcome(
                    before: asset, after: edit.applied(to: asset, now: Date()),
                    changes: edit.fieldChanges(to: asset)))
        }
        return report
    }

    /// Carries out `action` on every asset. Per-asset file problems become `failures`; a
    /// catalog failure throws (after moving back any file already moved).
    public func perform(_ action: AssetAction, value: String?, on assets: [Asset]) throws -> Report {
        switch action {
        case .delete, .restore: return try move(action, assets)
        default: break
        }
        var report = Report()
        if let problem = action.change(value: value).flatMap(AssetTextLimits.problem) {
            throw TextLimitError(problem: problem)
        }
        let edits = assets.map { AssetEdit(id: $0.id, change: action.change(value: value)!) }
        guard !edits.isEmpty else { return report }
        let afters = try catalog.apply(edits, action: action.rawValue)
        for (before, after) in zip(assets, afters) {
            let changes = FieldChange.between(before, after)
            report.outcomes.append(Outcome(before: before, after: after, changes: changes))
            // Give caption, city and favourite back to other tools through the sidecar
            // (only with `sidecars: write`); the catalog change stands even if this fails.
            // Whenever the action is about a sidecar field, not only when `changes` shows one:
            // another process may have changed the asset between our read and our commit, so
            // that our commit changed it though `before` says not (the sidecar writer writes
            // nothing when the file already says so).
            guard Self.sidecarActions.contains(action) else { continue }
            do {
                try library.updateSidecar(for: after.id, catalog: catalog)
            } catch let error as any PhotolibError {
                report.failures.append(Failure(asset: after, error: error))
            }
        }
        return report
    }

    /// `delete` and `restore`: each move recorded before it is made (`FileMoves`).
    private func move(_ action: AssetAction, _ assets: [Asset]) throws -> Report {
        var report = Report()
        var moves: [FileMove] = []
        var moving: [Asset] = []
        for asset in assets {
            if action == .delete ? asset.trashed : !asset.trashed {
                report.outcomes.append(Outcome(before: asset, after: asset, changes: []))
            } else if action == .delete {
                moves.append(
                    FileMove(
                        assetID: asset.id, kind: .trash, source: asset.file.relativePath,
                        target: trash.location(for: asset)))
                moving.append(asset)
            } else if let location = asset.trashLocation {
                moves.append(
                    FileMove(assetID: asset.id, kind: .restore, source: location, target: asset.file.relativePath))
                moving.append(asset)
            } else {
                report.failures.append(
                    Failure(asset: asset, error: TrashError(path: asset.file.relativePath, reason: .notInTrash)))
            }
        }
        guard !moves.isEmpty else { return report }
        let movedByID = Dictionary(uniqueKeysWithValues: zip(moves.map(\.assetID), moves))
        let (afters, failures) = try FileMoves(library: library, catalog: catalog).run(moves, of: moving) {
            moved, records in
            let edits = moved.map { asset in
                AssetEdit(
                    id: asset.id,
                    change: action == .delete ? .trash(location: movedByID[asset.id]!.target!) : .restore)
            }
            return (moved, try catalog.apply(edits, action: action.rawValue, finishing: records))
        }
        for (before, after) in zip(afters.0, afters.1) {
            report.outcomes.append(Outcome(before: before, after: after, changes: FieldChange.between(before, after)))
        }
        report.failures += failures.map { Failure(asset: $0.asset, error: $0.error) }
        return report
    }
}
