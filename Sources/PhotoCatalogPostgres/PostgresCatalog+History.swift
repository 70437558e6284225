import Foundation
import PhotoCatalog

extension PostgresCatalog {
    public func history(for id: AssetID?, limit: Int?) throws -> [AssetEvent] {
        var values: [PGValue] = []
        var sql = "SELECT \(Self.eventColumns) FROM asset_events"
        if let id {
            values.append(.text(id.hex))
            sql += " WHERE asset_id = $1"
        }
        // The latest `limit` events, then back into the log's order.
        sql += " ORDER BY sequence DESC"
        if let limit {
            values.append(.int(Int64(max(limit, 0))))
            sql += " LIMIT $\(values.count)"
        }
        let newestFirst = try reconnecting {
            try connection.execute(sql, values).rows.map(Self.event(fromRow:))
        }
        return newestFirst.reversed()
    }

    public func history(after sequence: Int64, limit: Int) throws -> [AssetEvent] {
        try reconnecting {
            try connection.execute(
                """
                SELECT \(Self.eventColumns) FROM asset_events
                WHERE sequence > $1 ORDER BY sequence LIMIT $2
                """, [.int(sequence), .int(Int64(max(limit, 1)))]
            ).rows.map(Self.event(fromRow:))
        }
    }

    private static let eventColumns = "sequence, asset_id, at, action, field, old_value, new_value, batch"

    /// An event from a row of `eventColumns`, the columns both history queries select.
    private static func event(fromRow row: PGRow) throws -> AssetEvent {
        AssetEvent(
            sequence: row.int64(0), assetID: try assetID(fromRow: row, column: 1),
            date: Date(timeIntervalSince1970: row.double(2)), action: row.text(3),
            change: FieldChange(field: row.text(4), oldValue: row.optionalText(5), newValue: row.optionalText(6)),
            batch: row.text(7))
    }
}
