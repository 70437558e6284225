import Foundation
import PhotoSupport

// MARK: - What `export --update` remembers of each copy, the same on both stores

extension SQLRunner {
    private static var exportRecordColumns: String {
        "destination, asset_id, relative_path, variant, fingerprint, size, modified_ns, exported_at"
    }

    /// The records of the copies in `destination`, by asset.
    package func exportRecords(destination: RawPath) throws -> [AssetID: ExportRecord] {
        let records = try rows(
            "SELECT \(Self.exportRecordColumns) FROM export_records WHERE destination = \(dialect.placeholder(1))",
            [.bytes(destination.bytes)], exportRecord)
        return Dictionary(records.map { ($0.assetID, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Writes `records`, each replacing the one of its destination and asset, in one transaction.
    package func recordExports(_ records: [ExportRecord]) throws {
        guard !records.isEmpty else { return }
        let p = dialect.placeholder
        _ = try runEach(
            """
            INSERT INTO export_records (\(Self.exportRecordColumns))
            VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)), \(p(5)), \(p(6)), \(p(7)), \(p(8)))
            ON CONFLICT (destination, asset_id) DO UPDATE SET relative_path = excluded.relative_path,
                variant = excluded.variant, fingerprint = excluded.fingerprint, size = excluded.size,
                modified_ns = excluded.modified_ns, exported_at = excluded.exported_at
            """,
            records.map { record in
                [
                    .bytes(record.destination.bytes), .text(record.assetID.hex), .bytes(record.relativePath.bytes),
                    .text(record.variant), .text(record.fingerprint), .integer(record.size),
                    .integer(record.modifiedNanoseconds), .real(record.exportedAt),
                ]
            })
    }

    /// Removes the records of `assets` in `destination`, in one transaction.
    package func forgetExports(destination: RawPath, assets: [AssetID]) throws {
        guard !assets.isEmpty else { return }
        let p = dialect.placeholder
        _ = try runEach(
            "DELETE FROM export_records WHERE destination = \(p(1)) AND asset_id = \(p(2))",
            assets.map { [.bytes(destination.bytes), .text($0.hex)] })
    }

    /// Every record, by destination and asset (what `catalog copy` carries).
    package func allExportRecords() throws -> [ExportRecord] {
        try rows(
            "SELECT \(Self.exportRecordColumns) FROM export_records ORDER BY destination, asset_id", [], exportRecord)
    }

    private func exportRecord(_ row: Row) throws -> ExportRecord {
        ExportRecord(
            destination: RawPath(bytes: row.bytes(0)), assetID: try assetID(row, 1),
            relativePath: RawPath(bytes: row.bytes(2)), variant: row.text(3), fingerprint: row.text(4),
            size: row.int64(5), modifiedNanoseconds: row.int64(6), exportedAt: row.double(7))
    }
}
