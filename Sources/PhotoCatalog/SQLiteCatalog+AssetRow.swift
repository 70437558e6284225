import Foundation
import PhotoFormats
import PhotoSupport

// MARK: - Rows to values, by the field table (`AssetFields`)

extension SQLiteCatalog {
    /// The columns `asset(fromRow:)` reads: select them as `SELECT \(assetColumns) FROM assets`.
    static let assetColumns = AssetFields.assetColumns.names

    /// How many columns `assetColumns` names: a query may select more after them.
    static let assetColumnCount = AssetFields.assetColumns.count

    /// The asset in the current row of a statement that selected `assetColumns`.
    static func asset(fromRow row: SQLiteStatement) throws -> Asset {
        try AssetFields.assetColumns.read(row).asset
    }

    /// The columns `indexRecord(fromRow:)` reads, as the field table says.
    static let indexRecordColumns = AssetFields.indexRecordColumns.names

    static func indexRecord(fromRow row: SQLiteStatement) throws -> IndexRecord {
        try AssetFields.indexRecord(fromRow: row)
    }

    /// The id in `column`; the schema's CHECK keeps anything else out, so a bad one means a damaged file.
    static func assetID(fromRow row: SQLiteStatement, column: Int32) throws -> AssetID {
        let text = row.text(at: column)
        guard let id = AssetID(lowercaseHex: text) else {
            throw row.badID(text)
        }
        return id
    }
}

// MARK: - Values to rows

extension SQLiteCatalog {
    /// The columns an index pass writes, as the field table says.
    static let scannedColumnList = AssetFields.indexedColumns(of: .sqlite)

    /// Appends the values of a scanned file for the columns an index pass writes to `values`,
    /// in the order of `scannedColumns`: straight into a statement's list, with no array of
    /// its own to copy from (an index batch's writes wait for these).
    static func appendScannedValues(_ scanned: ScannedFile, now: Double, to values: inout [SQLiteValue]) {
        let stored = StoredAsset(scanned: scanned, now: now)
        for column in scannedColumnList.columns { values.append(SQLiteValue(column.value(stored))) }
    }

    /// The names of the columns `appendScannedValues` fills, in its order.
    static let scannedColumns = scannedColumnList.columns.map(\.name)

}

extension SQLiteValue {
    init(_ cell: CellValue) {
        switch cell {
        case .null: self = .null
        case .integer(let value): self = .integer(value)
        case .real(let value): self = .real(value)
        case .text(let value): self = .text(value)
        case .bytes(let value): self = .blob(value)
        case .bool(let value): self = SQLiteValue(value)
        }
    }
}

extension SQLiteStatement: AssetRow {
    func isNull(_ column: Int32) -> Bool { isNull(at: column) }
    func int64(_ column: Int32) -> Int64 { int64(at: column) }
    func double(_ column: Int32) -> Double { double(at: column) }
    func text(_ column: Int32) -> String { text(at: column) }
    func bytes(_ column: Int32) -> [UInt8] { blob(at: column) }
    func bool(_ column: Int32) -> Bool { bool(at: column) }
    func badID(_ text: String) -> any Error {
        SQLiteError.corrupt("assets.id '\(text)' is not 16 hex digits", sql: sql)
    }
}

extension AssetID {
    /// Like `init(hex:)` for text already in lowercase, as the catalog stores it, checked on
    /// its bytes: listing 100,000 index records spent a third of its time in the Character-based
    /// check, and `list --ids` a sixth of its own in a check through the UTF-8 view; on the
    /// contiguous bytes (a catalog's text always is) it is a short loop.
    package init?(lowercaseHex text: String) {
        var text = text
        let isLowercaseHex = text.withUTF8 { bytes in
            bytes.count == AssetID.length && bytes.allSatisfy { $0 &- 0x30 < 10 || $0 &- 0x61 < 6 }
        }
        guard isLowercaseHex else { return nil }
        hex = text
    }
}
