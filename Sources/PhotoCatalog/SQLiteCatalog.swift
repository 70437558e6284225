import CSQLite
import Foundation
import PhotoSupport

/// The catalog kept in one SQLite file (`.photolib/catalog.sqlite`).
///
/// Several photolib processes may open the same file: reads never wait (WAL), writes
/// queue for up to ten seconds. One object serves one thread at a time.
public final class SQLiteCatalog: Catalog {
    /// The connection; internal so that tests (and later features in this module) can reach it.
    let database: SQLiteDatabase

    /// Opens the catalog at `path`, creating the file when missing and bringing its schema up to date.
    ///
    /// Throws `SQLiteError` when the file cannot be opened, is not a database, or was made
    /// by a newer photolib (`.schemaTooNew`).
    public init(path: RawPath, access: SQLiteAccess = .readWrite) throws {
        database = try SQLiteDatabase(path: path, access: access)
        try database.createTextFunction(Self.foldFunction, Self.fold)
        if access == .readWrite {
            try Self.migrator.migrate(database)
        } else {
            // Nothing may be written: a catalog an older photolib made cannot be brought up to date.
            let version = try database.userVersion()
            guard version == Self.migrator.latestVersion else {
                throw SQLiteError(
                    .result(
                        extendedCode: SQLITE_READONLY,
                        message: "the catalog needs upgrading (schema \(version)) but the library is read-only",
                        sql: nil))
            }
        }
    }

    /// The file this catalog lives in.
    public var path: RawPath { database.path }

    // MARK: - Case folding for search

    /// The SQL name of `fold`, registered on every connection.
    static let foldFunction = "photolib_fold"

    /// The form in which captions and cities are compared: canonically composed, then
    /// lowercased by Unicode's rules, so that "ÉTÉ" finds "été" (SQLite's LIKE and NOCASE
    /// fold ASCII letters only) and a decomposed "é" finds a composed one.
    package static func fold(_ text: String) -> String {
        // ASCII needs neither composition nor Unicode case rules: the fast path for most text.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.precomposedStringWithCanonicalMapping.lowercased()
    }

    // MARK: - Catalog

    public func count() throws -> Int {
        Int(try database.cachedStatement("SELECT count(*) FROM assets").firstRow { $0.int64(at: 0) } ?? 0)
    }

    public func asset(id: AssetID) throws -> Asset? {
        try database.cachedStatement("SELECT \(Self.assetColumns) FROM assets WHERE id = ?")
            .firstRow([.text(id.hex)], Self.asset(fromRow:))
    }

    public func indexRecords() throws -> [IndexRecord] {
        try database.prepare("SELECT \(Self.indexRecordColumns) FROM assets").rows([], Self.indexRecord(fromRow:))
    }

    public func indexRecords(in range: IndexPathRange, after: RawPath?, limit: Int) throws -> [IndexRecord] {
        // relative_path is a BLOB with a unique index: compared with memcmp, read in that order.
        var sql = "SELECT \(Self.indexRecordColumns) FROM assets WHERE relative_path "
        var values: [SQLiteValue] = []
        if let after, !after.bytes.lexicographicallyPrecedes(range.lower) {
            sql += "> ?"
            values.append(.blob(after.bytes))
        } else {
            sql += ">= ?"
            values.append(.blob(range.lower))
        }
        if let upper = range.upper {
            sql += " AND relative_path < ?"
            values.append(.blob(upper))
        }
        sql += " ORDER BY relative_path LIMIT ?"
        values.append(.integer(Int64(limit)))
        return try database.cachedStatement(sql).rows(values, Self.indexRecord(fromRow:))
    }

    public func indexRecords(
        withFingerprints fingerprints: [String], indexedBefore: Double? = nil
    ) throws
        -> [IndexRecord]
    {
        guard !fingerprints.isEmpty else { return [] }
        let statement = try database.cachedStatement(
            "SELECT \(Self.indexRecordColumns) FROM assets WHERE fingerprint = ? AND indexed_at < ?")
        var records: [IndexRecord] = []
        for fingerprint in Set(fingerprints) {
            records += try statement.rows(
                [.text(fingerprint), .real(indexedBefore ?? .infinity)], Self.indexRecord(fromRow:))
        }
        return records
    }
}
