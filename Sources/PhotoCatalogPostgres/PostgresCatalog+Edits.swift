import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

extension PostgresCatalog {
    public func asset(atRelativePath relativePath: RawPath) throws -> Asset? {
        try reconnecting {
            try connection.execute(
                "SELECT \(Self.assetColumns) FROM assets WHERE relative_path = $1", [.bytes(relativePath.bytes)]
            ).rows.first.map(Self.asset(fromRow:))
        }
    }

    /// Applies every edit in one READ COMMITTED transaction that first locks the edited rows
    /// (`SELECT … FOR UPDATE`, in id order so that two batches cannot deadlock): a toggle
    /// waiting for another machine's toggle then reads the row that one committed, so no
    /// change is lost and each logged old value is the previous event's new value.
    ///
    /// When the connection breaks, the edits are not simply run again: a toggle run twice
    /// would undo itself. After reconnecting, the batch's events tell whether the lost COMMIT
    /// landed; only if it did not are the edits applied (to the rows as they are then).
    /// With `finishing`, the rows of those recorded file moves go in the same transaction.
    public func apply(_ edits: [AssetEdit], action: String, finishing moves: [Int64]) throws -> [Asset] {
        let now = Date()
        let batch = AssetID.random().hex
        return try landingOnce(batch: batch) {
            try connection.inRetriedTransaction {
                let results = try applyLocked(edits, action: action, now: now, batch: batch)
                try deleteMoves(moves)
                return results
            }
        } landed: {
            try edits.map { edit in
                guard let asset = try asset(id: edit.id) else { throw CatalogEditError(.noSuchAsset(edit.id)) }
                return asset
            }
        }
    }

    private func applyLocked(_ edits: [AssetEdit], action: String, now: Date, batch: String) throws -> [Asset] {
        var current = try lockedAssets(Set(edits.map(\.id)))
        var results: [Asset] = []
        for edit in edits {
            guard let old = current[edit.id] else { throw CatalogEditError(.noSuchAsset(edit.id)) }
            let new = edit.applied(to: old, now: now)
            if new != old {
                try runner.writeEdited(
                    new, changes: FieldChange.between(old, new), action: action, at: now, batch: batch)
                current[edit.id] = new
            }
            results.append(new)
        }
        return results
    }

    /// The assets with these ids, each row locked until the transaction ends.
    private func lockedAssets(_ ids: Set<AssetID>) throws -> [AssetID: Asset] {
        let rows = try connection.execute(
            "SELECT \(Self.assetColumns) FROM assets WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE",
            [.textArray(ids.map(\.hex))]
        ).rows
        var assets: [AssetID: Asset] = [:]
        for row in rows {
            let asset = try Self.asset(fromRow: row)
            assets[asset.id] = asset
        }
        return assets
    }

    public func recordPop(id: AssetID) throws -> Asset? {
        try markPopped([id], at: Date())
        return try asset(id: id)
    }

    public func purge(_ ids: [AssetID], finishing moves: [Int64]) throws -> [AssetID] {
        let (now, batch) = (Date(), AssetID.random().hex)
        return try landingOnce(batch: batch) {
            try connection.inRetriedTransaction {
                let removed = try runner.purge(ids, at: now, batch: batch)
                try deleteMoves(moves)
                return removed
            }
        } landed: {
            try removedInBatch(batch)
        }
    }

    public func forget(_ ids: [AssetID]) throws -> [AssetID] {
        let (now, batch) = (Date(), AssetID.random().hex)
        return try landingOnce(batch: batch) {
            try connection.inRetriedTransaction { try runner.forget(ids, at: now, batch: batch) }
        } landed: {
            try removedInBatch(batch)
        }
    }

    /// The assets a purge or forget that landed under `batch` removed, in its order.
    private func removedInBatch(_ batch: String) throws -> [AssetID] {
        try connection.execute(
            "SELECT asset_id FROM asset_events WHERE batch = $1 ORDER BY sequence", [.text(batch)]
        ).rows.map { try Self.assetID(fromRow: $0, column: 0) }
    }

    /// `runOnce` for a transaction that logs its changes under `batch`: its events show
    /// whether a COMMIT cut off by a lost connection landed.
    private func landingOnce<R>(batch: String, _ body: () throws -> R, landed: () throws -> R) throws -> R {
        try runOnce(body) {
            let found =
                try connection.value("SELECT 1 FROM asset_events WHERE batch = $1 LIMIT 1", [.text(batch)]) { _ in
                    true
                } ?? false
            return found ? try landed() : nil
        }
    }

    public func catalogProblems() throws -> [CatalogProblem] {
        try reconnecting {
            var problems: [String] = []
            let strayTrash =
                try connection.value(
                    """
                    SELECT count(*) FROM assets
                    WHERE trashed <> (trash_path IS NOT NULL) OR trashed <> (trashed_at IS NOT NULL)
                    """
                ) { $0.int64(0) } ?? 0
            if strayTrash > 0 { problems.append("\(strayTrash) assets whose trash state and trash location disagree") }
            // The folded copies must be what photolib's folding makes of the text, or
            // --caption and --city would miss assets; only photolib can compute them.
            let rows = try connection.execute(
                "SELECT caption, caption_folded, city, city_folded FROM assets WHERE caption IS NOT NULL OR city IS NOT NULL"
            ).rows
            let stale = rows.filter {
                $0.optionalText(0).map(Self.fold) != $0.optionalText(1)
                    || $0.optionalText(2).map(Self.fold) != $0.optionalText(3)
            }.count
            if stale > 0 { problems.append("\(stale) assets whose folded caption or city is out of date") }
            // As on SQLite: a path the catalog gives must stay inside the library.
            let unconfined = try connection.execute(
                "SELECT relative_path FROM assets UNION ALL SELECT trash_path FROM assets WHERE trash_path IS NOT NULL"
            ).rows.map { RawPath(bytes: $0.bytes(0)) }.filter { !ConfinedPath.isConfined($0) }.count
            if unconfined > 0 {
                problems.append("\(unconfined) paths that lead outside the library (absolute, or with '..')")
            }
            var found = problems.map { CatalogProblem(.other, $0) }
            let miscounted = try runner.collectionCountCorrections().count
            if miscounted > 0 { found.append(.miscounted(miscounted)) }
            return found
        }
    }
}
