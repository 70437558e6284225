import Foundation

// MARK: - An edit's row and its log entries, written the same way on both stores

extension SQLRunner {
    /// Writes the columns an edit may change (`AssetFields.editedColumns`) from `asset`, and
    /// one log entry for each of `changes`, all under `batch`: the caller holds the
    /// transaction (and, on PostgreSQL, the row's lock) in which it read the asset.
    package func writeEdited(
        _ asset: Asset, changes: [FieldChange], action: String, at date: Date, batch: String
    ) throws {
        let columns = AssetFields.editedColumns(of: dialect.store)
        let stored = StoredAsset(
            asset: asset, indexedAt: 0, addedAt: 0, poppedAt: nil,
            trashedAt: asset.trashedAt?.timeIntervalSince1970, sidecarStamp: nil)
        _ = try runEach(dialect.updateEditedSQL, [columns.values(stored) + [.text(asset.id.hex)]])
        try logEvents(id: asset.id, changes: changes, action: action, at: date, batch: batch)
    }

    /// Writes one log entry for each of `changes` to the asset `id`.
    package func logEvents(id: AssetID, changes: [FieldChange], action: String, at date: Date, batch: String) throws {
        guard !changes.isEmpty else { return }
        let p = dialect.placeholder
        _ = try runEach(
            """
            INSERT INTO asset_events (asset_id, at, action, field, old_value, new_value, batch)
            VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)), \(p(6)), \(p(7)))
            """,
            changes.map { change in
                [
                    .text(id.hex), .real(date.timeIntervalSince1970), .text(action), .text(change.field),
                    CellValue(change.oldValue), CellValue(change.newValue), .text(batch),
                ]
            })
    }
}

extension SQLDialect {
    /// The store whose schema this dialect writes.
    package var store: CatalogStore {
        switch self {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }

    /// `UPDATE assets SET` each edited column `= ?N`, `WHERE id =` the last placeholder.
    var updateEditedSQL: String {
        switch self {
        case .sqlite: Self.sqliteUpdateEdited
        case .postgres: Self.postgresUpdateEdited
        }
    }

    private static let sqliteUpdateEdited = SQLDialect.sqlite.makeUpdateEditedSQL()
    private static let postgresUpdateEdited = SQLDialect.postgres.makeUpdateEditedSQL()

    private func makeUpdateEditedSQL() -> String {
        let columns = AssetFields.editedColumns(of: store).columns
        let assignments = columns.enumerated().map { "\($1.name) = \(placeholder($0 + 1))" }
        return "UPDATE assets SET \(assignments.joined(separator: ", ")) WHERE id = \(placeholder(columns.count + 1))"
    }
}
