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

    // No reconnection in these: they run inside `whileFrozen`.

    public func exportAssets(after: AssetID?, limit: Int) throws -> [StoredAsset] {
        try runner.exportAssets(after: after, limit: limit)
    }

    public func exportEvents(after: Int64, limit: Int) throws -> [StoredEvent] {
        try runner.events(after: after, limit: limit)
    }

    public func exportInfo() throws -> [String: String] { try runner.exportInfo() }

    public func contentCounts() throws -> (assets: Int, events: Int) { try runner.contentCounts() }

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
                COPY asset_events (\(PGRunner.eventColumns)) FROM STDIN (FORMAT binary)
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

    public func importInfo(_ info: [String: String]) throws { try runner.importInfo(info) }

    /// Removes the schema at `address` and everything in it (a copy that did not finish).
    public static func dropSchema(at address: PostgresAddress) throws {
        try PGConnection(address).execute("DROP SCHEMA IF EXISTS \"\(address.schema)\" CASCADE")
    }
}
