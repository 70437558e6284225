import Foundation
import PhotoCatalog

extension PostgresCatalog: CatalogTransfer {
    /// One REPEATABLE READ transaction holding SHARE locks on the tables: writers on every
    /// machine wait until it ends, readers do not. No reconnection inside: a new session
    /// would read outside the frozen state, so a lost connection ends the copy instead.
    public func whileFrozen<R>(_ body: () throws -> R) throws -> R {
        try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        do {
            try connection.execute("LOCK TABLE assets, asset_events IN SHARE MODE")
            let result = try body()
            try connection.execute("COMMIT")
            return result
        } catch {
            if connection.isConnected { _ = try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    public func exportAssets(after: AssetID?, limit: Int) throws -> [StoredAsset] {
        try connection.execute(
            "SELECT \(AssetFields.storedColumns.names) FROM assets WHERE id > $1 ORDER BY id LIMIT $2",
            [.text(after?.hex ?? ""), .int(Int64(limit))]
        ).rows.map { try AssetFields.storedColumns.read($0) }
    }

    public func exportEvents(after: Int64, limit: Int) throws -> [StoredEvent] {
        try connection.execute(
            """
            SELECT sequence, asset_id, at, action, field, old_value, new_value, batch FROM asset_events
            WHERE sequence > $1 ORDER BY sequence LIMIT $2
            """, [.int(after), .int(Int64(limit))]
        ).rows.map { row in
            let event = AssetEvent(
                sequence: row.int64(0), assetID: try Self.assetID(fromRow: row, column: 1),
                date: Date(timeIntervalSince1970: row.double(2)), action: row.text(3),
                change: FieldChange(field: row.text(4), oldValue: row.optionalText(5), newValue: row.optionalText(6)),
                batch: row.text(7))
            return StoredEvent(event: event, at: row.double(2))
        }
    }

    public func exportInfo() throws -> [String: String] {
        var info: [String: String] = [:]
        for row in try connection.execute("SELECT key, value FROM catalog_info").rows {
            info[row.text(0)] = row.text(1)
        }
        return info
    }

    public func contentCounts() throws -> (assets: Int, events: Int) {
        let assets = try connection.value("SELECT count(*) FROM assets") { $0.int64(0) } ?? 0
        let events = try connection.value("SELECT count(*) FROM asset_events") { $0.int64(0) } ?? 0
        return (Int(assets), Int(events))
    }

    /// One binary COPY straight into `assets`, the folded columns computed on the way.
    public func importAssets(_ assets: [StoredAsset]) throws {
        let columns = AssetFields.allColumns(of: .postgres)
        try connection.inTransaction {
            try connection.copyIn(
                "COPY assets (\(columns.names)) FROM STDIN (FORMAT binary)",
                types: columns.columns.map { PGType.of($0.type) },
                rows: assets.lazy.map { columns.values($0).map(PGValue.init) })
        }
    }

    /// One binary COPY with the events' own numbers, then the sequence moved past the highest.
    public func importEvents(_ events: [StoredEvent]) throws {
        let types = [PGType.int8] + [PGType.text, PGType.float8] + Array(repeating: PGType.text, count: 5)
        try connection.inTransaction {
            try connection.copyIn(
                """
                COPY asset_events (sequence, asset_id, at, action, field, old_value, new_value, batch)
                FROM STDIN (FORMAT binary)
                """, types: types,
                rows: events.lazy.map { stored in
                    let event = stored.event
                    return [
                        .int(event.sequence), .text(event.assetID.hex), .double(stored.at), .text(event.action),
                        .text(event.change.field), PGValue(event.change.oldValue), PGValue(event.change.newValue),
                        .text(event.batch),
                    ]
                })
            try connection.execute(
                """
                SELECT setval(pg_get_serial_sequence('asset_events', 'sequence'), max(sequence))
                FROM asset_events HAVING max(sequence) IS NOT NULL
                """)
        }
    }

    public func importInfo(_ info: [String: String]) throws {
        try connection.inTransaction {
            for (key, value) in info.sorted(by: { $0.key < $1.key }) {
                try connection.execute(
                    """
                    INSERT INTO catalog_info (key, value) VALUES ($1, $2)
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """, [.text(key), .text(value)])
            }
        }
    }

    /// Removes the schema at `address` and everything in it (a copy that did not finish).
    public static func dropSchema(at address: PostgresAddress) throws {
        try PGConnection(address).execute("DROP SCHEMA IF EXISTS \"\(address.schema)\" CASCADE")
    }
}
