import Foundation

// MARK: - The action log and ids, read the same way on both stores

extension SQLRunner {
    /// The columns of `asset_events` in the order `event(fromRow:)` reads them and `catalog
    /// copy` writes them.
    package static var eventColumns: String { "sequence, asset_id, at, action, field, old_value, new_value, batch" }

    /// An event from a row that selected `eventColumns`, with its time as stored (a `Date`
    /// does not give the same Double back).
    func storedEvent(fromRow row: Row) throws -> StoredEvent {
        let event = AssetEvent(
            sequence: row.int64(0), assetID: try assetID(row, 1), date: Date(timeIntervalSince1970: row.double(2)),
            action: row.text(3),
            change: FieldChange(field: row.text(4), oldValue: row.optionalText(5), newValue: row.optionalText(6)),
            batch: row.text(7))
        return StoredEvent(event: event, at: row.double(2))
    }

    /// The id in `column`; the schema's CHECK keeps anything else out, so a bad one means a
    /// damaged catalog.
    func assetID(_ row: Row, _ column: Int32) throws -> AssetID {
        let text = row.text(column)
        guard let id = AssetID(lowercaseHex: text) else { throw row.badID(text) }
        return id
    }

    package func history(for id: AssetID?, limit: Int?) throws -> [AssetEvent] {
        var arguments = SQLArguments(dialect)
        var sql = "SELECT \(Self.eventColumns) FROM asset_events"
        if let id { sql += " WHERE asset_id = " + arguments.add(.text(id.hex)) }
        // The latest `limit` events, then back into the log's order.
        sql += " ORDER BY sequence DESC"
        if let limit { sql += " LIMIT " + arguments.add(.integer(Int64(max(limit, 0)))) }
        return try rows(sql, arguments.values) { try storedEvent(fromRow: $0).event }.reversed()
    }

    /// The events after `sequence` in the log's order (for `history(after:)` and `catalog copy`).
    package func events(after sequence: Int64, limit: Int) throws -> [StoredEvent] {
        let p = dialect.placeholder
        return try rows(
            "SELECT \(Self.eventColumns) FROM asset_events WHERE sequence > \(p(1)) ORDER BY sequence LIMIT \(p(2))",
            [.integer(sequence), .integer(Int64(limit))], storedEvent(fromRow:))
    }

    /// Ids starting with `prefix` (any case), in id order; none when `prefix` is not 1 to 16
    /// hex digits. The range `prefix <= id < bound` (`SQLiteCatalog.prefixUpperBound`) holds
    /// in byte order (PostgreSQL's `id` is `COLLATE "C"`), and the primary key answers it as
    /// one range scan.
    package func ids(withPrefix prefix: String, limit: Int) throws -> [AssetID] {
        guard limit > 0, AssetID.isPossiblePrefix(prefix) else { return [] }
        let lower = prefix.lowercased()
        let p = dialect.placeholder
        return try rows(
            "SELECT id FROM assets WHERE id >= \(p(1)) AND id < \(p(2)) ORDER BY id LIMIT \(p(3))",
            [.text(lower), .text(SQLiteCatalog.prefixUpperBound(lower)), .integer(Int64(limit))]
        ) { try assetID($0, 0) }
    }
}
