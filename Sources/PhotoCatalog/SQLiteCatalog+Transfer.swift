import Foundation

extension SQLiteCatalog: CatalogTransfer {
    /// Holds SQLite's write lock (BEGIN IMMEDIATE): other writers wait, readers do not.
    public func whileFrozen<R>(_ body: () throws -> R) throws -> R {
        try database.inTransaction(body)
    }

    public func exportAssets(after: AssetID?, limit: Int) throws -> [StoredAsset] {
        try database.cachedStatement(
            "SELECT \(AssetFields.storedColumns.names) FROM assets WHERE id > ? ORDER BY id LIMIT ?"
        ).rows([.text(after?.hex ?? ""), .integer(Int64(limit))]) { try AssetFields.storedColumns.read($0) }
    }

    public func exportEvents(after: Int64, limit: Int) throws -> [StoredEvent] {
        try database.cachedStatement(
            """
            SELECT sequence, asset_id, at, action, field, old_value, new_value, batch FROM asset_events
            WHERE sequence > ? ORDER BY sequence LIMIT ?
            """
        ).rows([.integer(after), .integer(Int64(limit))]) { row in
            let event = AssetEvent(
                sequence: row.int64(at: 0), assetID: try Self.assetID(fromRow: row, column: 1),
                date: Date(timeIntervalSince1970: row.double(at: 2)), action: row.text(at: 3),
                change: FieldChange(
                    field: row.text(at: 4), oldValue: row.optionalText(at: 5), newValue: row.optionalText(at: 6)),
                batch: row.text(at: 7))
            return StoredEvent(event: event, at: row.double(at: 2))
        }
    }

    public func exportInfo() throws -> [String: String] {
        var info: [String: String] = [:]
        let rows = try database.prepare("SELECT key, value FROM catalog_info").rows([]) {
            ($0.text(at: 0), $0.text(at: 1))
        }
        for (key, value) in rows { info[key] = value }
        return info
    }

    public func contentCounts() throws -> (assets: Int, events: Int) {
        let assets = try database.integerValue("SELECT count(*) FROM assets") ?? 0
        let events = try database.integerValue("SELECT count(*) FROM asset_events") ?? 0
        return (Int(assets), Int(events))
    }

    public func importAssets(_ assets: [StoredAsset]) throws {
        let columns = AssetFields.allColumns(of: .sqlite)
        try database.inTransaction {
            let insert = try database.cachedStatement(
                """
                INSERT INTO assets (\(columns.names))
                VALUES (\(Array(repeating: "?", count: Int(columns.count)).joined(separator: ", ")))
                """)
            for stored in assets { try insert.run(columns.values(stored).map(SQLiteValue.init)) }
        }
    }

    public func importEvents(_ events: [StoredEvent]) throws {
        try database.inTransaction {
            let insert = try database.cachedStatement(
                """
                INSERT INTO asset_events (sequence, asset_id, at, action, field, old_value, new_value, batch)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for stored in events {
                let event = stored.event
                try insert.run([
                    .integer(event.sequence), .text(event.assetID.hex), .real(stored.at), .text(event.action),
                    .text(event.change.field), SQLiteValue(event.change.oldValue), SQLiteValue(event.change.newValue),
                    .text(event.batch),
                ])
            }
        }
    }

    public func importInfo(_ info: [String: String]) throws {
        try database.inTransaction {
            let insert = try database.cachedStatement("INSERT OR REPLACE INTO catalog_info (key, value) VALUES (?, ?)")
            for (key, value) in info.sorted(by: { $0.key < $1.key }) { try insert.run([.text(key), .text(value)]) }
        }
    }

    /// Folds the write-ahead log into the file and leaves WAL mode, so that the file alone
    /// holds the catalog and may be renamed once this connection is closed (the next open
    /// turns WAL on again). Only for a file no other connection has open.
    public func detachLog() throws {
        try database.execute("PRAGMA journal_mode = DELETE")
    }
}
