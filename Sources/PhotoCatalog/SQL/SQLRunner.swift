/// A store's connection as the shared SQL layer runs it: statements in the store's dialect,
/// values as `CellValue`s, rows read through `AssetRow`. Each store gives one (`SQLiteRunner`,
/// `PGRunner`) and answers the `Catalog` calls whose SQL is the same on both with the
/// functions in extensions of this protocol.
///
/// A runner does not reconnect: a PostgreSQL call wraps the whole of a shared function in
/// its `reconnecting`, so that a function of several statements is run again as one.
package protocol SQLRunner {
    associatedtype Row: AssetRow

    var dialect: SQLDialect { get }

    /// The rows `sql` returns with `values` bound, each read by `read` while it is current.
    func rows<T>(_ sql: String, _ values: [CellValue], _ read: (Row) throws -> T) throws -> [T]

    /// Runs `sql` once for each entry of `values`, all in one transaction (the caller's when
    /// one is open, else its own); how many rows the runs changed in all.
    func runEach(_ sql: String, _ values: [[CellValue]]) throws -> Int

    /// Runs `body` in one transaction: the caller's when one is open, else its own (which
    /// PostgreSQL retries whole on a serialization failure or deadlock).
    func transaction<R>(_ body: () throws -> R) throws -> R
}

extension SQLRunner {
    /// The first column of the first row as an integer; 0 when there is no row.
    package func integer(_ sql: String, _ values: [CellValue] = []) throws -> Int {
        Int(try rows(sql, values) { $0.int64(0) }.first ?? 0)
    }

    /// The assets `sql` selects, which selected `AssetFields.assetColumns` first.
    package func assets(_ sql: String, _ values: [CellValue]) throws -> [Asset] {
        try rows(sql, values) { try AssetFields.assetColumns.read($0).asset }
    }
}
