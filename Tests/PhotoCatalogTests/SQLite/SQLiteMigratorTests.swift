import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoSupport

@Suite struct SQLiteMigratorTests {
    let folder: TemporaryDirectory
    var path: RawPath { folder.path.appending("migrations.sqlite") }

    init() throws { folder = try TemporaryDirectory() }

    private let first = SQLiteMigration(
        version: 1, name: "step1", script: "CREATE TABLE a (x INTEGER); INSERT INTO a VALUES (1);")
    private let second = SQLiteMigration(
        version: 2, name: "step2", script: "ALTER TABLE a ADD COLUMN y TEXT; UPDATE a SET y = 'two';")

    @Test func appliesMissingMigrationsInOrderOnce() throws {
        let database = try SQLiteDatabase(path: path)
        #expect(try database.userVersion() == 0)
        #expect(try SQLiteMigrator([first]).migrate(database) == [1])
        #expect(try database.userVersion() == 1)
        // A later photolib brings the same file from 1 to 2, and running again changes nothing.
        #expect(try SQLiteMigrator([first, second]).migrate(database) == [2])
        #expect(try SQLiteMigrator([first, second]).migrate(database) == [])
        #expect(try database.userVersion() == 2)
        #expect(try database.textValue("SELECT group_concat(x || y) FROM a") == "1two")
    }

    @Test func newerSchemaIsRefusedUntouched() throws {
        let database = try SQLiteDatabase(path: path)
        try database.setUserVersion(7)
        let error = try #require(throws: SQLiteError.self) { try SQLiteMigrator([first]).migrate(database) }
        #expect(
            error.description == "\(path): catalog schema 7 is newer than this photolib (knows 1); upgrade photolib")
        #expect(error.kind == .failure)
        #expect(try database.userVersion() == 7)
        #expect(try database.integerValue("SELECT count(*) FROM sqlite_schema") == 0)
    }

    @Test func failingMigrationLeavesTheEarlierVersionIntact() throws {
        let database = try SQLiteDatabase(path: path)
        let broken = SQLiteMigration(
            version: 2, name: "step2", script: "CREATE TABLE b (z); INSERT INTO no_such_table VALUES (1);")
        let error = try #require(throws: SQLiteError.self) { try SQLiteMigrator([first, broken]).migrate(database) }
        #expect(
            error.description
                == "SQLite error 1: no such table: no_such_table - while executing `INSERT INTO no_such_table VALUES (1);`"
        )
        // Migration 1 was committed on its own; migration 2's table was rolled back with it.
        #expect(try database.userVersion() == 1)
        #expect(try database.textValue("SELECT group_concat(name) FROM sqlite_schema") == "a")
    }
}
