import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

// MARK: - Rows to values, by the field table (`AssetFields`)

extension PostgresCatalog {
    /// The columns `asset(fromRow:)` reads (the SQLite catalog's too).
    static let assetColumns = AssetFields.assetColumns.names

    /// How many columns `assetColumns` names.
    static let assetColumnCount = AssetFields.assetColumns.count

    static func asset(fromRow row: PGRow) throws -> Asset {
        try AssetFields.assetColumns.read(row).asset
    }

    /// The columns `indexRecord(fromRow:)` reads, as the field table says.
    static let indexRecordColumns = AssetFields.indexRecordColumns.names

    static func indexRecord(fromRow row: PGRow) throws -> IndexRecord { try AssetFields.indexRecord(fromRow: row) }

    /// The id in `column`; the schema's CHECK keeps anything else out.
    static func assetID(fromRow row: PGRow, column: Int32) throws -> AssetID {
        let text = row.text(column)
        guard let id = AssetID(lowercaseHex: text) else {
            throw row.badID(text)
        }
        return id
    }
}

// MARK: - Values to rows

extension PostgresCatalog {
    /// The columns an index pass writes, as the field table says, with their types (binary
    /// COPY needs each one exact), in the order `scannedValues` fills them: the temporary
    /// table an index batch is copied into has these.
    static let scannedColumnList = AssetFields.indexedColumns(of: .postgres)
    static let scannedColumns = scannedColumnList.columns.map { (name: $0.name, type: PGType.of($0.type)) }

    static func scannedValues(_ scanned: ScannedFile, now: Double) -> [PGValue] {
        scannedColumnList.values(StoredAsset(scanned: scanned, now: now)).map(PGValue.init)
    }

    /// The form in which captions and cities are compared: the SQLite catalog's own function,
    /// so that both find the same assets.
    static func fold(_ text: String) -> String { SQLiteCatalog.fold(text) }
}

extension PGType {
    /// The exact type of a column of the field table.
    static func of(_ type: ColumnType) -> UInt32 {
        switch type {
        case .text: text
        case .integer: int8
        case .smallInteger: int4
        case .real: float8
        case .bytes: bytea
        case .bool: bool
        }
    }
}

extension PGValue {
    init(_ cell: CellValue) {
        switch cell {
        case .null: self = .null
        case .integer(let value): self = .int(value)
        case .real(let value): self = .double(value)
        case .text(let value): self = .text(value)
        case .bytes(let value): self = .bytes(value)
        case .bool(let value): self = .bool(value)
        }
    }
}

extension PGRow: AssetRow {
    func badID(_ text: String) -> any Error {
        PGError(.client, message: "the catalog holds an asset id that is not 16 hex digits: '\(text)'")
    }
}
