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

    /// The fields an XMP sidecar carries (`dc:description`, `photoshop:City`, `xmp:Rating`).
    static let sidecarFields: Set<String> = ["caption", "city", "favourite"]

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
        var report = Report()
        var edits: [AssetEdit] = []
        var befores: [Asset] = []
        for asset in assets {
            switch action {
            case .delete where asset.trashed, .restore where !asset.trashed:
                report.outcomes.append(Outcome(before: asset, after: asset, changes: []))
            case .delete:
                do {
                    edits.append(AssetEdit(id: asset.id, change: .trash(location: try trash.moveIn(asset))))
                    befores.append(asset)
                } catch let error as any PhotolibError {
                    report.failures.append(Failure(asset: asset, error: error))
                }
            case .restore:
                do {
                    try trash.moveOut(asset)
                    edits.append(AssetEdit(id: asset.id, change: .restore))
                    befores.append(asset)
                } catch let error as any PhotolibError {
                    report.failures.append(Failure(asset: asset, error: error))
                }
            default:
                edits.append(AssetEdit(id: asset.id, change: action.change(value: value)!))
                befores.append(asset)
            }
        }
        guard !edits.isEmpty else { return report }
        let afters: [Asset]
        do {
            afters = try catalog.apply(edits, action: action.rawValue)
        } catch {
            undoMoves(action, edits: edits, befores: befores)
            throw error
        }
        for (before, after) in zip(befores, afters) {
            let changes = FieldChange.between(before, after)
            report.outcomes.append(Outcome(before: before, after: after, changes: changes))
            // Give caption, city and favourite back to other tools through the sidecar
            // (only with `sidecars: write`); the catalog change stands even if this fails.
            guard !after.trashed, changes.contains(where: { Self.sidecarFields.contains($0.field) }) else { continue }
            do {
                try library.updateSidecar(for: after)
            } catch let error as any PhotolibError {
                report.failures.append(Failure(asset: after, error: error))
            }
        }
        return report
    }

    /// Puts files back where the catalog still says they are.
    private func undoMoves(_ action: AssetAction, edits: [AssetEdit], befores: [Asset]) {
        for (edit, before) in zip(edits, befores) {
            let original = library.absolutePath(of: before.file.relativePath)
            switch edit.change {
            case .trash(let location):
                try? FileTransfer.move(library.absolutePath(of: location), to: original)
            case .restore:
                if let location = before.trashLocation {
                    try? FileTransfer.move(original, to: library.absolutePath(of: location))
                }
            default:
                break
            }
        }
    }
}
