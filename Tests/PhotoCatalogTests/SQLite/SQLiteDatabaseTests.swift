import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog

@Suite struct SQLiteDatabaseTests {
    let folder: TemporaryDirectory
    let database: SQLiteDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try SQLiteDatabase(path: folder.path.appending("test.sqlite"))
        try database.execute("CREATE TABLE t (x INTEGER UNIQUE, label TEXT)")
    }

    private func rowCount() throws -> Int64? { try database.integerValue("SELECT count(*) FROM t") }

    @Test func opensWithWALForeignKeysAndBusyTimeout() throws {
        #expect(try database.textValue("PRAGMA journal_mode") == "wal")
        #expect(try database.integerValue("PRAGMA foreign_keys") == 1)
        #expect(try database.integerValue("PRAGMA synchronous") == 1)  // NORMAL
        #expect(try database.integerValue("PRAGMA busy_timeout") == 10_000)
        #expect(try database.integerValue("PRAGMA cache_size") == -2000)  // KiB: SQLite's default
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("test.sqlite").path))
    }

    @Test func largeWritesEnlargeTheCache() throws {
        try database.enlargeCache()
        try database.enlargeCache()
        #expect(try database.integerValue("PRAGMA cache_size") == -16384)  // KiB
    }

    @Test func errorNamesCodeMessageAndStatement() throws {
        let insert = "INSERT INTO t (x) VALUES (?)"
        try database.prepare(insert).run([.integer(1)])
        let error = try #require(throws: SQLiteError.self) { try database.prepare(insert).run([.integer(1)]) }
        #expect(
            error.description
                == "SQLite error 19: UNIQUE constraint failed: t.x - while executing `INSERT INTO t (x) VALUES (?)`")
        #expect(error.resultCode == 19)
        #expect(error.extendedResultCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error.kind == .failure)
    }

    @Test func syntaxErrorIsThrownWhenPreparing() throws {
        let error = try #require(throws: SQLiteError.self) { try database.prepare("SELEKT 1") }
        #expect(error.description == "SQLite error 1: near \"SELEKT\": syntax error - while executing `SELEKT 1`")
    }

    @Test func wrongNumberOfValuesIsRefused() throws {
        let error = try #require(throws: SQLiteError.self) {
            try database.prepare("INSERT INTO t (x, label) VALUES (?, ?)").run([.integer(1)])
        }
        #expect(
            error.description
                == "SQLite error 25: 1 values bound to 2 parameters - while executing `INSERT INTO t (x, label) VALUES (?, ?)`"
        )
        #expect(try rowCount() == 0)
    }

    @Test func openingInAMissingFolderNamesThePath() throws {
        let path = folder.path.appending("no-such-folder/catalog.sqlite")
        let error = try #require(throws: SQLiteError.self) { try SQLiteDatabase(path: path) }
        #expect(error.description == "SQLite error 14: unable to open database file (\(path))")
    }

    @Test func transactionCommitsWhatTheBodyDid() throws {
        let returned = try database.inTransaction { () throws -> String in
            try database.prepare("INSERT INTO t (x) VALUES (1), (2)").run()
            return "done"
        }
        #expect(returned == "done")
        #expect(try rowCount() == 2)
        #expect(!database.isInTransaction)
    }

    @Test func failedStatementRollsTheWholeTransactionBack() throws {
        try database.prepare("INSERT INTO t (x) VALUES (1)").run()
        let error = try #require(throws: SQLiteError.self) {
            try database.inTransaction {
                try database.prepare("INSERT INTO t (x, label) VALUES (2, 'kept only if committed')").run()
                try database.prepare("INSERT INTO t (x) VALUES (1)").run()
            }
        }
        #expect(error.extendedResultCode == 2067)
        #expect(!database.isInTransaction)
        #expect(try database.integerValue("SELECT group_concat(x) FROM t") == 1)
    }

    @Test func transactionsDoNotNest() throws {
        let error = try #require(throws: SQLiteError.self) {
            try database.inTransaction { try database.inTransaction {} }
        }
        #expect(error.description.contains("a transaction is already open"))
        #expect(!database.isInTransaction)
    }

    @Test func bindsAndReadsEveryStorageClass() throws {
        let statement = try database.prepare(
            "SELECT ?, typeof(?2), ?3, ?4, typeof(?4), ?5, typeof(?5), ?6, typeof(?6), ?7")
        let values: [SQLiteValue] = [
            .integer(Int64.min), .null, .real(-0.5), .text(""), .blob([]),
            .text("ÉTÉ a\u{0}b"), .blob([0x00, 0xFF, 0xE9]),
        ]
        let row = try #require(
            try statement.firstRow(values) { row in
                (
                    row.int64(at: 0), row.text(at: 1), row.double(at: 2), row.optionalText(at: 3), row.text(at: 4),
                    row.blob(at: 5), row.text(at: 6), row.text(at: 7), row.text(at: 8), row.blob(at: 9)
                )
            })
        #expect(row.0 == Int64.min)
        #expect(row.1 == "null")
        #expect(row.2 == -0.5)
        #expect(row.3 == "" && row.4 == "text")  // empty text is not NULL
        #expect(row.5 == [] && row.6 == "blob")  // nor is an empty blob
        #expect(row.7 == "ÉTÉ a\u{0}b" && row.8 == "text")  // the length is passed, so a NUL survives
        #expect(row.9 == [0x00, 0xFF, 0xE9])
    }

    @Test func cachedStatementIsReusedAndReset() throws {
        let insert = try database.cachedStatement("INSERT INTO t (x, label) VALUES (?, ?)")
        #expect(try database.cachedStatement("INSERT INTO t (x, label) VALUES (?, ?)") === insert)
        for number in 1...3 { try insert.run([.integer(Int64(number)), SQLiteValue("n\(number)")]) }
        let select = try database.cachedStatement("SELECT label FROM t WHERE x >= ? ORDER BY x")
        #expect(try select.rows([.integer(2)]) { $0.text(at: 0) } == ["n2", "n3"])
        #expect(try select.firstRow([.integer(1)]) { $0.text(at: 0) } == "n1")
        #expect(try select.rows([.integer(3)]) { $0.text(at: 0) } == ["n3"])
    }

    /// A statement run again binds exactly its new values: a NULL where text was is NULL, and
    /// texts and blobs of any length read back as bound (SQLite reads them in place, from
    /// bytes the statement keeps until its next bind).
    @Test func rebindingAStatementBindsExactlyTheNewValues() throws {
        try database.execute("CREATE TABLE v (n INTEGER, a, b)")
        let rows: [(SQLiteValue, SQLiteValue)] = [
            (.text("first"), .blob([1, 2, 3])), (.null, .null),
            (.text(String(repeating: "é", count: 5000)), .text("x")), (.blob([]), .text("")),
            (.text("a\u{0}b"), .blob([UInt8](repeating: 7, count: 70_000))), (.integer(4), .real(0.5)),
            (.text("last"), .null),
        ]
        let insert = try database.cachedStatement("INSERT INTO v (n, a, b) VALUES (?, ?, ?)")
        for (number, row) in rows.enumerated() { try insert.run([.integer(Int64(number)), row.0, row.1]) }
        func described(_ value: SQLiteValue) -> String {
            func hex(_ bytes: some Sequence<UInt8>) -> String { bytes.map { String(format: "%02X", $0) }.joined() }
            switch value {
            case .null: return "null:"
            case .integer(let number): return "integer:" + hex(String(number).utf8)
            case .real(let number): return "real:" + hex(String(number).utf8)
            case .text(let text): return "text:" + hex(text.utf8)
            case .blob(let bytes): return "blob:" + hex(bytes)
            }
        }
        let read = try database.cachedStatement(
            "SELECT typeof(a) || ':' || coalesce(hex(a), ''), typeof(b) || ':' || coalesce(hex(b), '') FROM v ORDER BY n"
        ).rows { [$0.text(at: 0), $0.text(at: 1)] }
        #expect(read == rows.map { [described($0.0), described($0.1)] })
    }

    /// Statements are found again by their text from any string holding it, and a string
    /// freed after its lookup never finds its statement for another that takes its memory.
    @Test func cachedStatementIsFoundByItsTextNotByWhereItWas() throws {
        // Built at run time: a string of its own each call, with the same text.
        func built(_ column: String) -> String { "SELECT " + column + " FROM t WHERE x = ?" }
        let first = try database.cachedStatement(built("label"))
        #expect(try database.cachedStatement(built("label")) === first)
        #expect(try database.cachedStatement(built("x")) !== first)
        // Strings of one length freed one after the other, as the allocator likes to reuse.
        for number in 0..<200 {
            let sql = built("x + \(1000 + number)")
            #expect(try database.cachedStatement(sql).sql == sql)
        }
        // More statements than the recently used ones kept: each still found by its text.
        let statements = try (0..<20).map { try database.cachedStatement(built("x * \($0)")) }
        for (number, statement) in statements.enumerated() {
            #expect(try database.cachedStatement(built("x * \(number)")) === statement)
        }
        #expect(try database.cachedStatement(built("label")) === first)
    }

    @Test func textFunctionMapsTextAndKeepsNull() throws {
        try database.createTextFunction("shout") { $0.uppercased() + "!" }
        try database.createTextFunction("erase") { _ in "" }
        #expect(try database.textValue("SELECT shout(?)", [.text("été")]) == "ÉTÉ!")
        #expect(try database.textValue("SELECT typeof(shout(NULL))") == "null")
        #expect(try database.textValue("SELECT typeof(erase('x')) || length(erase('x'))") == "text0")
    }

    @Test func scriptRunsEveryStatementAndNamesTheFailingOne() throws {
        try database.execute(
            """
            -- a comment first
            INSERT INTO t (x) VALUES (10);
            INSERT INTO t (x) VALUES (11);   -- and one after
            """)
        #expect(try rowCount() == 2)
        let error = try #require(throws: SQLiteError.self) {
            try database.execute(
                "INSERT INTO t (x) VALUES (12); INSERT INTO t (x) VALUES (10); INSERT INTO t (x) VALUES (13);")
        }
        #expect(
            error.description
                == "SQLite error 19: UNIQUE constraint failed: t.x - while executing `INSERT INTO t (x) VALUES (10);`")
        #expect(try database.textValue("SELECT group_concat(x) FROM (SELECT x FROM t ORDER BY x)") == "10,11,12")
    }
}

extension SQLiteDatabaseTests {
    @Test func errorOfAStatementOnManyLinesIsOneLine() throws {
        let error = try #require(throws: SQLiteError.self) {
            try database.prepare(
                """
                SELECT x
                    FROM no_such_table
                WHERE x = 'a
                b'
                """)
        }
        #expect(
            error.description
                == "SQLite error 1: no such table: no_such_table - while executing `SELECT x FROM no_such_table WHERE x = 'a b'`"
        )
    }
}
