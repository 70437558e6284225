import Foundation
import PhotoSupport

extension SQLiteCatalog: ExportRecordStore {
    static let exportRecordColumns =
        "destination, asset_id, relative_path, variant, fingerprint, size, modified_ns, exported_at"

    public func exportRecords(destination: RawPath) throws -> [AssetID: ExportRecord] {
        let records = try database.cachedStatement(
            "SELECT \(Self.exportRecordColumns) FROM export_records WHERE destination = ?"
        ).rows([.blob(destination.bytes)], Self.exportRecord)
        return Dictionary(records.map { ($0.assetID, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func recordExports(_ records: [ExportRecord]) throws {
        guard !records.isEmpty else { return }
        try database.inTransaction {
            let insert = try database.cachedStatement(
                "INSERT OR REPLACE INTO export_records (\(Self.exportRecordColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            for record in records {
                try insert.run([
                    .blob(record.destination.bytes), .text(record.assetID.hex), .blob(record.relativePath.bytes),
                    .text(record.variant), .text(record.fingerprint), .integer(record.size),
                    .integer(record.modifiedNanoseconds), .real(record.exportedAt),
                ])
            }
        }
    }

    public func forgetExports(destination: RawPath, assets: [AssetID]) throws {
        guard !assets.isEmpty else { return }
        try database.inTransaction {
            let delete = try database.cachedStatement(
                "DELETE FROM export_records WHERE destination = ? AND asset_id = ?")
            for id in assets { try delete.run([.blob(destination.bytes), .text(id.hex)]) }
        }
    }

    public func allExportRecords() throws -> [ExportRecord] {
        try database.cachedStatement(
            "SELECT \(Self.exportRecordColumns) FROM export_records ORDER BY destination, asset_id"
        ).rows([], Self.exportRecord)
    }

    private static func exportRecord(_ row: SQLiteStatement) throws -> ExportRecord {
        ExportRecord(
            destination: RawPath(bytes: row.blob(at: 0)), assetID: try assetID(fromRow: row, column: 1),
            relativePath: RawPath(bytes: row.blob(at: 2)), variant: row.text(at: 3), fingerprint: row.text(at: 4),
            size: row.int64(at: 5), modifiedNanoseconds: row.int64(at: 6), exportedAt: row.double(at: 7))
    }
}
