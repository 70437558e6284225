import Foundation
import PhotoFormats
import PhotoSupport

extension SQLiteCatalog {
    public func asset(atRelativePath relativePath: RawPath) throws -> Asset? {
        try database.cachedStatement("SELECT \(Self.assetColumns) FROM assets WHERE relative_path = ?")
            .firstRow([.blob(relativePath.bytes)], Self.asset(fromRow:))
    }

    /// Applies every edit in one write transaction (see `CatalogEditing.apply`).
    ///
    /// Each asset is read inside the transaction, so a toggle or a log entry's old value is
    /// what the catalog held at that moment, even with another photolib writing beside us.
    public func apply(_ edits: [AssetEdit], action: String, finishing moves: [Int64]) throws -> [Asset] {
        let now = Date()
        let batch = AssetID.random().hex
        return try database.inTransaction {
            let read = try database.cachedStatement("SELECT \(Self.assetColumns) FROM assets WHERE id = ?")
            var results: [Asset] = []
            for edit in edits {
                guard let old = try read.firstRow([.text(edit.id.hex)], Self.asset(fromRow:)) else {
                    throw CatalogEditError(.noSuchAsset(edit.id))
                }
                let new = edit.applied(to: old, now: now)
                if new != old {
                    try runner.writeEdited(
                        new, changes: FieldChange.between(old, new), action: action, at: now, batch: batch)
                }
                results.append(new)
            }
            try deleteMoves(moves)
            return results
        }
    }

    public func recordPop(id: AssetID) throws -> Asset? {
        try markPopped([id], at: Date())
        return try asset(id: id)
    }

    public func purge(_ ids: [AssetID], finishing moves: [Int64]) throws -> [AssetID] {
        let (now, batch) = (Date(), AssetID.random().hex)
        return try database.inTransaction {
            let removed = try runner.purge(ids, at: now, batch: batch)
            try deleteMoves(moves)
            return removed
        }
    }

    public func forget(_ ids: [AssetID]) throws -> [AssetID] {
        let (now, batch) = (Date(), AssetID.random().hex)
        return try database.inTransaction { try runner.forget(ids, at: now, batch: batch) }
    }

    public func catalogProblems() throws -> [CatalogProblem] {
        var problems = try database.prepare("PRAGMA integrity_check").rows { $0.text(at: 0) }.filter { $0 != "ok" }
        problems += try database.prepare("PRAGMA foreign_key_check").rows { "foreign key: \($0.text(at: 0))" }
        let strayTrash =
            try database.integerValue(
                """
                SELECT count(*) FROM assets
                WHERE (trashed = 1) <> (trash_path IS NOT NULL) OR (trashed = 1) <> (trashed_at IS NOT NULL)
                """) ?? 0
        if strayTrash > 0 { problems.append("\(strayTrash) assets whose trash state and trash location disagree") }
        let unconfined =
            try database.prepare("SELECT relative_path FROM assets UNION ALL SELECT trash_path FROM assets")
            .rows { $0.isNull(at: 0) ? nil : RawPath(bytes: $0.blob(at: 0)) }
            .compactMap { $0 }.filter { !ConfinedPath.isConfined($0) }.count
        if unconfined > 0 {
            problems.append("\(unconfined) paths that lead outside the library (absolute, or with '..')")
        }
        var found = problems.map { CatalogProblem(.other, $0) }
        let miscounted = try runner.collectionCountCorrections().count
        if miscounted > 0 { found.append(.miscounted(miscounted)) }
        return found
    }
}
