import Foundation

extension SQLiteCatalog: CatalogTransfer {
    /// Holds SQLite's write lock (BEGIN IMMEDIATE): other writers wait, readers do not.
    public func whileFrozen<R>(_ body: () throws -> R) throws -> R {
        try database.inTransaction(body)
    }

    public func exportAssets(after: AssetID?, limit: Int) throws -> [StoredAsset] {
        try runner.exportAssets(after: after, limit: limit)
    }

    public func exportEvents(after: Int64, limit: Int) throws -> [StoredEvent] {
        try runner.events(after: after, limit: limit)
    }

    public func exportInfo() throws -> [String: String] { try runner.exportInfo() }

    public func contentCounts() throws -> (assets: Int, events: Int) { try runner.contentCounts() }

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
                INSERT INTO asset_events (\(SQLiteRunner.eventColumns))
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

    public func importInfo(_ info: [String: String]) throws { try runner.importInfo(info) }

    /// Folds the write-ahead log into the file and leaves WAL mode, so that the file alone
    /// holds the catalog and may be renamed once this connection is closed (the next open
    /// turns WAL on again). Only for a file no other connection has open.
    public func detachLog() throws {
        try database.execute("PRAGMA journal_mode = DELETE")
    }
}
