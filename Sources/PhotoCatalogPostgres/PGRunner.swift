import PhotoCatalog

/// The PostgreSQL catalog's connection for the shared SQL layer (`SQLRunner`). It does not
/// reconnect: callers wrap a whole shared function in `reconnecting`.
struct PGRunner: SQLRunner {
    let connection: PGConnection

    var dialect: SQLDialect { .postgres }

    func rows<T>(_ sql: String, _ values: [CellValue], _ read: (PGRow) throws -> T) throws -> [T] {
        try connection.execute(sql, values.map(PGValue.init)).rows.map(read)
    }

    func runEach(_ sql: String, _ values: [[CellValue]]) throws -> Int {
        func run() throws -> Int {
            var changed = 0
            for row in values { changed += try connection.execute(sql, row.map(PGValue.init)).affectedRows }
            return changed
        }
        return try connection.isInTransaction ? run() : connection.inRetriedTransaction(run)
    }

    func transaction<R>(_ body: () throws -> R) throws -> R {
        try connection.isInTransaction ? body() : connection.inRetriedTransaction(body)
    }
}

extension PostgresCatalog {
    /// This catalog's connection for the SQL both stores share.
    var runner: PGRunner { PGRunner(connection: connection) }
}
