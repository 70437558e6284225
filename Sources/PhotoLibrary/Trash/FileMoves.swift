import Foundation
import PhotoCatalog
import PhotoSupport

/// Moves originals into the trash, out of it, or deletes them for good, together with the
/// catalog, so that a kill at any moment leaves nothing the next command cannot put right:
/// each move is recorded in the catalog (`FileMove`) before any file moves, the files
/// move, then one transaction changes the assets and drops the records.
struct FileMoves {
    let library: Library
    let catalog: any Catalog
    var trash: TrashBin { TrashBin(library: library) }

    /// One asset's move that could not be made; its asset is left as it was.
    struct Failure {
        var asset: Asset
        var error: any PhotolibError
    }

    /// Makes `moves` (one per asset in `assets`, in order) and then the catalog change:
    /// `finish` gets the assets whose files moved and the records to drop with its change.
    /// When `finish` throws, the files are moved back (those that cannot be stay recorded,
    /// for the next command to finish) and the error is rethrown.
    func run<Result>(
        _ moves: [FileMove], of assets: [Asset],
        finish: (_ moved: [Asset], _ records: [Int64]) throws -> Result
    ) throws -> (result: Result, failures: [Failure]) {
        let lock = try FileMoveLock.shared(in: library)
        let recorded = try catalog.recordMoves(moves)
        var moved: [Asset] = []
        var done: [FileMove] = []
        var notDone: [Int64] = []
        var failures: [Failure] = []
        for (move, asset) in zip(recorded, assets) {
            do {
                try trash.carryOut(move)
                moved.append(asset)
                done.append(move)
            } catch let error as any PhotolibError {
                failures.append(Failure(asset: asset, error: error))
                notDone.append(move.sequence)
                _ = try? trash.carryOn(move)  // nothing moved: tidies the folder made for it
            }
        }
        try catalog.dropMoves(notDone)
        do {
            let result = try finish(moved, done.map(\.sequence))
            withExtendedLifetime(lock) {}
            return (result, failures)
        } catch {
            var undone: [Int64] = []
            for move in done where move.kind != .purge {
                guard let target = move.target else { continue }
                let back = FileMove(
                    sequence: move.sequence, assetID: move.assetID, kind: move.kind, source: target, target: move.source
                )
                if (try? trash.carryOut(back)) != nil { undone.append(move.sequence) }
            }
            try? catalog.dropMoves(undone)
            throw error
        }
    }
}

/// Finishes or undoes the file moves that an interrupted command recorded (see `FileMove`):
/// a move whose original reached its target is finished (the rest of its files move and the
/// catalog records it, as the command would have); one whose original had not is forgotten,
/// as nothing had moved. Run when any command opens the catalog, so that the catalog and
/// the folders agree again after the next command, whatever it is.
struct FileMoveRecovery {
    let library: Library
    let catalog: any Catalog

    func run() throws {
        // Reading is cheap and needs no lock; only a library with records takes it.
        guard !(try catalog.pendingMoves()).isEmpty else { return }
        // A command making moves now holds the lock shared: its records are not orphans.
        guard let lock = FileMoveLock.exclusive(in: library) else { return }
        defer { withExtendedLifetime(lock) {} }
        let trash = TrashBin(library: library)
        for move in try catalog.pendingMoves() {
            let finished: Bool
            do {
                finished = try trash.carryOn(move)
            } catch {
                // A path that leads outside the library (or through a symlink): nothing was
                // moved by it, nor ever will be.
                try catalog.dropMoves([move.sequence])
                continue
            }
            guard finished else {
                try catalog.dropMoves([move.sequence])
                continue
            }
            do {
                switch move.kind {
                case .trash:
                    guard let location = move.target else { continue }
                    _ = try catalog.apply(
                        [AssetEdit(id: move.assetID, change: .trash(location: location))], action: "delete",
                        finishing: [move.sequence])
                case .restore:
                    _ = try catalog.apply(
                        [AssetEdit(id: move.assetID, change: .restore)], action: "restore",
                        finishing: [move.sequence])
                case .purge:
                    _ = try catalog.purge([move.assetID], finishing: [move.sequence])
                }
            } catch is CatalogEditError {
                // The asset is gone from the catalog: nothing left to record.
                try catalog.dropMoves([move.sequence])
            }
        }
    }
}
