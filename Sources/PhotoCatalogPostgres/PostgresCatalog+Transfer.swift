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
            "SELECT \(Self.assetColumns), added_at, sidecar_stamp FROM assets WHERE id > $1 ORDER BY id LIMIT $2",
            [.text(after?.hex ?? ""), .int(Int64(limit))]
        ).rows.map { row in
            StoredAsset(
                asset: try Self.asset(fromRow: row), indexedAt: row.double(26),
                addedAt: row.double(Self.assetColumnCount), poppedAt: row.optionalDouble(27),
                trashedAt: row.optionalDouble(28), sidecarStamp: row.optionalText(Self.assetColumnCount + 1))
        }
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
        try connection.inTransaction {
            try connection.copyIn(
                "COPY assets (\(Self.storedColumns.map(\.name).joined(separator: ", "))) FROM STDIN (FORMAT binary)",
                types: Self.storedColumns.map(\.type), rows: assets.lazy.map(Self.storedValues))
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

    /// Every column of `assets`, with its exact type for binary COPY.
    private static let storedColumns: [(name: String, type: UInt32)] = [
        ("id", PGType.text), ("relative_path", PGType.bytea), ("file_size", PGType.int8),
        ("modified_ns", PGType.int8), ("fingerprint", PGType.text), ("pixel_width", PGType.int4),
        ("pixel_height", PGType.int4), ("orientation", PGType.int4), ("taken_local", PGType.text),
        ("taken_offset", PGType.text), ("camera_make", PGType.text), ("camera_model", PGType.text),
        ("gps_latitude", PGType.float8), ("gps_longitude", PGType.float8), ("gps_altitude", PGType.float8),
        ("embedded_caption", PGType.text), ("caption", PGType.text), ("caption_source", PGType.text),
        ("caption_folded", PGType.text), ("city", PGType.text), ("city_source", PGType.text),
        ("city_folded", PGType.text), ("region", PGType.text), ("country", PGType.text),
        ("country_name", PGType.text), ("rating", PGType.int4), ("favourite", PGType.bool), ("liked", PGType.bool),
        ("trashed", PGType.bool), ("missing", PGType.bool), ("damage", PGType.text), ("indexed_at", PGType.float8),
        ("added_at", PGType.float8), ("popped_at", PGType.float8), ("trashed_at", PGType.float8),
        ("trash_path", PGType.bytea), ("sidecar_stamp", PGType.text), ("undecodable", PGType.bool),
        ("taken_source", PGType.text), ("gps_source", PGType.text), ("format", PGType.text),
        ("mime_type", PGType.text), ("rating_source", PGType.text), ("keywords", PGType.text),
        ("keywords_folded", PGType.text), ("keywords_source", PGType.text), ("content_hash", PGType.text),
    ]

    private static func storedValues(_ stored: StoredAsset) -> [PGValue] {
        let asset = stored.asset
        let metadata = asset.metadata
        return [
            .text(asset.id.hex), .bytes(asset.file.relativePath.bytes), .int(asset.file.size),
            .int(asset.file.modifiedNanoseconds), .text(asset.file.fingerprint),
            PGValue(metadata.pixelWidth), PGValue(metadata.pixelHeight), PGValue(metadata.orientation),
            PGValue(metadata.takenAt?.localTime), PGValue(metadata.takenAt?.utcOffset),
            PGValue(metadata.cameraMake), PGValue(metadata.cameraModel),
            PGValue(metadata.gps?.latitude), PGValue(metadata.gps?.longitude), PGValue(metadata.gps?.altitude),
            PGValue(metadata.caption), PGValue(asset.caption), PGValue(asset.captionSource?.rawValue),
            PGValue(asset.caption.map(fold)), PGValue(asset.city), PGValue(asset.citySource?.rawValue),
            PGValue(asset.city.map(fold)), PGValue(asset.region), PGValue(asset.country), PGValue(asset.countryName),
            PGValue(asset.rating), .bool(asset.favourite), .bool(asset.liked), .bool(asset.trashed),
            .bool(asset.missing), PGValue(asset.damage), .double(stored.indexedAt), .double(stored.addedAt),
            PGValue(stored.poppedAt), PGValue(stored.trashedAt), asset.trashLocation.map { .bytes($0.bytes) } ?? .null,
            PGValue(stored.sidecarStamp), .bool(asset.undecodable),
            PGValue(metadata.takenAt == nil ? nil : metadata.takenAtSource?.rawValue),
            PGValue(metadata.gps == nil ? nil : metadata.gpsSource?.rawValue),
            .text(metadata.format.rawValue), .text(metadata.mimeType),
            PGValue(asset.ratingSource?.rawValue), PGValue(KeywordColumns.text(asset.keywords)),
            PGValue(KeywordColumns.foldedJSON(asset.keywords)), PGValue(asset.keywordsSource?.rawValue),
            PGValue(asset.contentHash),
        ]
    }
}
