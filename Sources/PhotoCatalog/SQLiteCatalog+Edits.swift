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
            let update = try database.cachedStatement(Self.updateEditableSQL)
            let log = try database.cachedStatement(Self.insertEventSQL)
            var results: [Asset] = []
            for edit in edits {
                guard let old = try read.firstRow([.text(edit.id.hex)], Self.asset(fromRow:)) else {
                    throw CatalogEditError(.noSuchAsset(edit.id))
                }
                let new = edit.applied(to: old, now: now)
                if new != old {
                    try update.run(Self.editableValues(new))
                    for change in FieldChange.between(old, new) {
                        try log.run(
                            Self.eventValues(id: edit.id, at: now, action: action, change: change, batch: batch))
                    }
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
        let now = Date()
        let batch = AssetID.random().hex
        return try database.inTransaction {
            let read = try database.cachedStatement("SELECT relative_path FROM assets WHERE id = ? AND trashed = 1")
            let delete = try database.cachedStatement("DELETE FROM assets WHERE id = ?")
            let log = try database.cachedStatement(Self.insertEventSQL)
            var removed: [AssetID] = []
            for id in ids {
                guard let path = try read.firstRow([.text(id.hex)], { RawPath(bytes: $0.blob(at: 0)) }) else {
                    continue
                }
                try delete.run([.text(id.hex)])
                let change = FieldChange(field: "path", oldValue: path.description, newValue: nil)
                try log.run(Self.eventValues(id: id, at: now, action: "purge", change: change, batch: batch))
                removed.append(id)
            }
            try deleteMoves(moves)
            return removed
        }
    }

    public func forget(_ ids: [AssetID]) throws -> [AssetID] {
        let now = Date()
        let batch = AssetID.random().hex
        return try database.inTransaction {
            let read = try database.cachedStatement(
                "SELECT relative_path FROM assets WHERE id = ? AND missing = 1 AND trashed = 0")
            let delete = try database.cachedStatement("DELETE FROM assets WHERE id = ?")
            let log = try database.cachedStatement(Self.insertEventSQL)
            var removed: [AssetID] = []
            for id in ids {
                guard let path = try read.firstRow([.text(id.hex)], { RawPath(bytes: $0.blob(at: 0)) }) else {
                    continue
                }
                try delete.run([.text(id.hex)])
                let change = FieldChange(field: "path", oldValue: path.description, newValue: nil)
                try log.run(Self.eventValues(id: id, at: now, action: "forget", change: change, batch: batch))
                removed.append(id)
            }
            return removed
        }
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

    // MARK: - SQL

    /// Every column an edit may change, with the id last.
    private static let updateEditableSQL = """
        UPDATE assets SET favourite = ?1, liked = ?2, caption = ?3, caption_source = ?4, city = ?5,
            city_source = ?6, trashed = ?7, trashed_at = ?8, trash_path = ?9, missing = ?10,
            rating = ?12, rating_source = ?13, keywords = ?14, keywords_folded = ?15, keywords_source = ?16,
            taken_local = ?17, taken_offset = ?18, taken_by_user = ?19,
            gps_latitude = ?20, gps_longitude = ?21, gps_altitude = ?22, gps_by_user = ?23,
            region = ?24, country = ?25, country_name = ?26, taken_zone = ?27, taken_sort = ?28,
            gps_from_track = ?29, people = ?30, people_folded = ?31, people_source = ?32
        WHERE id = ?11
        """

    private static func editableValues(_ asset: Asset) -> [SQLiteValue] {
        [
            SQLiteValue(asset.favourite), SQLiteValue(asset.liked),
            SQLiteValue(asset.caption), SQLiteValue(asset.captionSource?.rawValue),
            SQLiteValue(asset.city), SQLiteValue(asset.citySource?.rawValue),
            SQLiteValue(asset.trashed), SQLiteValue(asset.trashedAt?.timeIntervalSince1970),
            asset.trashLocation.map { .blob($0.bytes) } ?? .null, SQLiteValue(asset.missing),
            .text(asset.id.hex),
            SQLiteValue(asset.rating), SQLiteValue(asset.ratingSource?.rawValue),
            SQLiteValue(KeywordColumns.text(asset.keywords)), SQLiteValue(KeywordColumns.foldedJSON(asset.keywords)),
            SQLiteValue(asset.keywordsSource?.rawValue),
            SQLiteValue(asset.metadata.takenAt?.localTime), SQLiteValue(asset.metadata.takenAt?.utcOffset),
            SQLiteValue(asset.takenAtByUser),
            SQLiteValue(asset.metadata.gps?.latitude), SQLiteValue(asset.metadata.gps?.longitude),
            SQLiteValue(asset.metadata.gps?.altitude), SQLiteValue(asset.gpsByUser),
            SQLiteValue(asset.region), SQLiteValue(asset.country), SQLiteValue(asset.countryName),
            SQLiteValue(asset.metadata.takenAt?.zone),
            SQLiteValue(asset.metadata.takenAt.map(CaptureDateText.sortText)),
            SQLiteValue(asset.gpsFromTrack),
            SQLiteValue(PeopleColumns.text(asset.people)), SQLiteValue(PeopleColumns.folded(asset.people)),
            SQLiteValue(asset.peopleSource?.rawValue),
        ]
    }

    static let insertEventSQL = """
        INSERT INTO asset_events (asset_id, at, action, field, old_value, new_value, batch)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """

    static func eventValues(
        id: AssetID, at date: Date, action: String, change: FieldChange,
        batch: String
    ) -> [SQLiteValue] {
        [
            .text(id.hex), .real(date.timeIntervalSince1970), .text(action), .text(change.field),
            SQLiteValue(change.oldValue), SQLiteValue(change.newValue), .text(batch),
        ]
    }
}
