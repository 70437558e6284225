import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoSupport

/// Step `checksAsComparisons` writes the asset table's CHECKs of three values or more as
/// comparisons: the same values pass and fail as under the released IN lists, and writing a
/// row no longer builds a temporary table for each list.
@Suite struct SQLiteCatalogChecksTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    /// The columns whose CHECK the step rewrote.
    static let columns = [
        "taken_source", "gps_source", "format", "rating_source", "keywords_source", "kind", "people_source",
    ]

    /// The catalog as the step before `checksAsComparisons` left it, and the catalog after it.
    private func catalogs() throws -> (before: SQLiteDatabase, after: SQLiteDatabase) {
        let stepVersion = try #require(
            CatalogTrack.numberedSteps.first { $0.step.name == "checksAsComparisons" }?.version)
        let before = try SQLiteDatabase(path: folder.path.appending("before.sqlite"))
        let toBefore = SQLiteMigrator(
            Array(SQLiteCatalog.migrations.prefix(stepVersion - 1)), created: SQLiteCatalog.recordCreation)
        try toBefore.migrate(before)
        let after = try SQLiteCatalog(path: folder.catalogPath).database
        for database in [before, after] {
            try database.execute(
                """
                INSERT INTO assets (id, relative_path, file_size, modified_ns, fingerprint, pixel_width, pixel_height,
                    indexed_at, added_at)
                VALUES ('00000000000000aa', CAST('a.jpg' AS BLOB), 1000, 1600000000123456789, 'abcd01', 640, 480,
                    1600000000, 1600000000);
                """)
        }
        return (before, after)
    }

    /// Whether `value` may be written to `column` of the one asset.
    private func accepts(_ database: SQLiteDatabase, _ column: String, _ value: SQLiteValue) -> Bool {
        (try? database.prepare("UPDATE assets SET \(column) = ?1 WHERE id = '00000000000000aa'").run([value])) != nil
    }

    @Test func theSameValuesPassAndFailAsUnderTheReleasedLists() throws {
        let (before, after) = try catalogs()
        let schema = try #require(try before.textValue("SELECT sql FROM sqlite_schema WHERE name = 'assets'"))
        // Every value any released list names, in any column, and values none names.
        let word = try Regex("'([a-z]+)'", as: (Substring, Substring).self)
        let listed = Set(schema.matches(of: word).map { String($0.output.1) })
        #expect(listed.contains("makernote") && listed.contains("psd") && listed.contains("live"))
        let candidates: [SQLiteValue] =
            listed.sorted().map { .text($0) } + [
                .null, .text(""), .text("EXIF"), .text("jpeg "), .text("bogus"), .integer(0), .text("exif' OR '1"),
            ]
        var passed = 0
        for column in Self.columns {
            for value in candidates {
                let released = accepts(before, column, value)
                #expect(accepts(after, column, value) == released, "\(column) = \(value)")
                if released { passed += 1 }
            }
        }
        // The lists both pass and refuse: NULL everywhere, and each column's own values.
        #expect(passed > Self.columns.count && passed < Self.columns.count * candidates.count)
    }

    @Test func writingARowBuildsNoTemporaryTables() throws {
        let (before, after) = try catalogs()
        func ephemeralTables(_ database: SQLiteDatabase) throws -> Int {
            // An insert checks every CHECK (an update only those of the columns it sets).
            let sql = """
                EXPLAIN INSERT INTO assets (id, relative_path, file_size, modified_ns, fingerprint, pixel_width,
                    pixel_height, indexed_at, added_at, format)
                VALUES ('00000000000000bb', CAST('b.jpg' AS BLOB), 1, 1, 'ab', 1, 1, 1, 1, 'png')
                """
            return try database.prepare(sql).rows { $0.text(at: 1) }.filter { $0 == "OpenEphemeral" }.count
        }
        #expect(try ephemeralTables(before) >= Self.columns.count)
        #expect(try ephemeralTables(after) == 0)
        let schema = try #require(try after.textValue("SELECT sql FROM sqlite_schema WHERE name = 'assets'"))
        for column in Self.columns { #expect(!schema.contains("CHECK (\(column) IN ("), "\(column)") }
        #expect(try after.textValue("PRAGMA integrity_check") == "ok")
    }
}
