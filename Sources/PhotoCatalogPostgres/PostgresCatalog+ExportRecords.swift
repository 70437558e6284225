import Foundation
import PhotoCatalog
import PhotoSupport

// The SQLite catalog's SQLiteCatalog+ExportRecords.swift, on PostgreSQL.
extension PostgresCatalog: ExportRecordStore {
    static let exportRecordColumns =
        "destination, asset_id, relative_path, variant, fingerprint, size, modified_ns, exported_at"

    public func exportRecords(destination: RawPath) throws -> [AssetID: ExportRecord] {
        let records = try reconnecting {
            try connection.execute(
                "SELECT \(Self.exportRecordColumns) FROM export_records WHERE destination = $1",
                [.bytes(destination.bytes)]
            ).rows.map(Self.exportRecord)
        }
        return Dictionary(records.map { ($0.assetID, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func recordExports(_ records: [ExportRecord]) throws {
        guard !records.isEmpty else { return }
        try reconnecting {
            try connection.inRetriedTransaction {
                for record in records {
                    try connection.execute(
                        """
                        INSERT INTO export_records (\(Self.exportRecordColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                        ON CONFLICT (destination, asset_id) DO UPDATE SET relative_path = excluded.relative_path,
                            variant = excluded.variant, fingerprint = excluded.fingerprint, size = excluded.size,
                            modified_ns = excluded.modified_ns, exported_at = excluded.exported_at
                        """,
                        [
                            .bytes(record.destination.bytes), .text(record.assetID.hex),
                            .bytes(record.relativePath.bytes), .text(record.variant), .text(record.fingerprint),
                            .int(record.size), .int(record.modifiedNanoseconds), .double(record.exportedAt),
                        ])
                }
            }
        }
    }

    public func forgetExports(destination: RawPath, assets: [AssetID]) throws {
        guard !assets.isEmpty else { return }
        try reconnecting {
            _ = try connection.execute(
                "DELETE FROM export_records WHERE destination = $1 AND asset_id = ANY($2::text[])",
                [.bytes(destination.bytes), .textArray(assets.map(\.hex))])
        }
    }

    public func allExportRecords() throws -> [ExportRecord] {
        try reconnecting {
            try connection.execute(
                "SELECT \(Self.exportRecordColumns) FROM export_records ORDER BY destination, asset_id"
            ).rows.map(Self.exportRecord)
        }
    }

    private static func exportRecord(_ row: PGRow) throws -> ExportRecord {
        ExportRecord(
            destination: RawPath(bytes: row.bytes(0)), assetID: try assetID(fromRow: row, column: 1),
            relativePath: RawPath(bytes: row.bytes(2)), variant: row.text(3), fingerprint: row.text(4),
            size: row.int64(5), modifiedNanoseconds: row.int64(6), exportedAt: row.double(7))
    }
}
