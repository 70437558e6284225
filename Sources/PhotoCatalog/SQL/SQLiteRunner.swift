/// The SQLite catalog's connection for the shared SQL layer (`SQLRunner`).
struct SQLiteRunner: SQLRunner {
    let database: SQLiteDatabase

    var dialect: SQLDialect { .sqlite }

    // Each shape of query has its own text and there are few shapes: worth caching.
    func rows<T>(_ sql: String, _ values: [CellValue], _ read: (SQLiteStatement) throws -> T) throws -> [T] {
        try database.cachedStatement(sql).rows(values.map(SQLiteValue.init), read)
    }

    func runEach(_ sql: String, _ values: [[CellValue]]) throws -> Int {
        func run() throws -> Int {
            let statement = try database.cachedStatement(sql)
            var changed = 0
            for row in values {
                try statement.run(row.map(SQLiteValue.init))
                changed += database.changeCount
            }
            return changed
        }
        return try database.isInTransaction ? run() : database.inTransaction(run)
    }

    func transaction<R>(_ body: () throws -> R) throws -> R {
        try database.isInTransaction ? body() : database.inTransaction(body)
    }
}

extension SQLiteCatalog {
    /// This catalog's connection for the SQL both stores share.
    var runner: SQLiteRunner { SQLiteRunner(database: database) }
}
