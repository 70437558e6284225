import Foundation

extension SQLiteCatalog {
    public func history(for id: AssetID?, limit: Int?) throws -> [AssetEvent] {
        var conditions = ""
        var values: [SQLiteValue] = []
        if let id {
            conditions = " WHERE asset_id = ?"
            values.append(.text(id.hex))
        }
        // The latest `limit` events, then back into the log's order.
        var sql =
            "SELECT sequence, asset_id, at, action, field, old_value, new_value, batch FROM asset_events"
            + conditions + " ORDER BY sequence DESC"
        if let limit {
            sql += " LIMIT ?"
            values.append(.integer(Int64(max(limit, 0))))
        }
        let newestFirst = try database.cachedStatement(sql).rows(values) { row in
            AssetEvent(
                sequence: row.int64(at: 0), assetID: try Self.assetID(fromRow: row, column: 1),
                date: Date(timeIntervalSince1970: row.double(at: 2)), action: row.text(at: 3),
                change: FieldChange(
                    field: row.text(at: 4), oldValue: row.optionalText(at: 5),
                    newValue: row.optionalText(at: 6)),
                batch: row.text(at: 7))
        }
        return newestFirst.reversed()
    }

    public func history(after sequence: Int64, limit: Int) throws -> [AssetEvent] {
        try database.cachedStatement(
            """
            SELECT sequence, asset_id, at, action, field, old_value, new_value, batch FROM asset_events
            WHERE sequence > ? ORDER BY sequence LIMIT ?
            """
        ).rows([.integer(sequence), .integer(Int64(max(limit, 1)))]) { row in
            AssetEvent(
                sequence: row.int64(at: 0), assetID: try Self.assetID(fromRow: row, column: 1),
                date: Date(timeIntervalSince1970: row.double(at: 2)), action: row.text(at: 3),
                change: FieldChange(
                    field: row.text(at: 4), oldValue: row.optionalText(at: 5), newValue: row.optionalText(at: 6)),
                batch: row.text(at: 7))
        }
    }
}
