import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

@Suite struct SQLiteCatalogTests {
    let folder: TemporaryDirectory
    let catalog: SQLiteCatalog

    init() throws {
        folder = try TemporaryDirectory()
        catalog = try SQLiteCatalog(path: folder.catalogPath)
    }

    private func scanned(_ hex: String, _ path: String, caption: String? = nil, size: Int64 = 1_000) -> ScannedFile {
        CatalogFixtures.scanned(
            hex, path, size: size, taken: "2008-05-30T15:56:01", offset: "+02:00",
            caption: caption, make: "Canon",
            gps: GPSCoordinate(latitude: 43.467, longitude: -11.885, altitude: -3.5))
    }

    private let idA = CatalogFixtures.id("00000000000000aa")
    private let idB = CatalogFixtures.id("00000000000000bb")
    private let idC = CatalogFixtures.id("00000000000000cc")
    private let idD = CatalogFixtures.id("00000000000000dd")

    private func path(of id: AssetID) throws -> RawPath? { try catalog.asset(id: id)?.file.relativePath }

    // MARK: - File and schema

    @Test func newCatalogHasTheLatestSchemaInWALMode() throws {
        #expect(try catalog.database.userVersion() == SQLiteCatalog.schemaVersion)
        #expect(SQLiteCatalog.schemaVersion >= 3)
        #expect(try catalog.database.textValue("PRAGMA journal_mode") == "wal")
        #expect(
            try catalog.database.textValue("SELECT value FROM catalog_info WHERE key = 'created_by'")
                == "photolib 0.1.0")
        let created = try #require(
            try catalog.database.textValue("SELECT value FROM catalog_info WHERE key = 'created_at'"))
        #expect(created.count == 24 && created.hasSuffix("Z"))
        #expect(try catalog.count() == 0)
        #expect(try catalog.indexRecords().isEmpty)
    }

    @Test func reopeningKeepsTheData() throws {
        try catalog.applyIndexChanges(scanned: [scanned("00000000000000aa", "a.jpg", caption: "Lake")], missing: [])
        let written = try #require(try catalog.asset(id: idA))
        let reopened = try SQLiteCatalog(path: folder.catalogPath)
        #expect(try reopened.count() == 1)
        #expect(try reopened.asset(id: idA) == written)
        #expect(try reopened.database.userVersion() == SQLiteCatalog.schemaVersion)
    }

    @Test func newerSchemaIsRefused() throws {
        let newer = SQLiteCatalog.schemaVersion + 1
        try catalog.database.setUserVersion(newer)
        let error = try #require(throws: SQLiteError.self) { try SQLiteCatalog(path: folder.catalogPath) }
        #expect(
            error.description
                == "\(folder.catalogPath): catalog schema \(newer) is newer than this photolib (knows \(SQLiteCatalog.schemaVersion)); upgrade photolib"
        )
    }

    @Test func catalogFileMayHaveANameThatIsNotUTF8() throws {
        let odd = folder.path.appending(RawPath(bytes: Array("caf".utf8) + [0xE9]))
        try FileSystem.createDirectory(odd)
        let path = odd.appending("catalog.sqlite")
        try SQLiteCatalog(path: path).applyIndexChanges(scanned: [scanned("00000000000000aa", "a.jpg")], missing: [])
        #expect(FileSystem.exists(path))
        #expect(try SQLiteCatalog(path: path).count() == 1)
    }

    @Test func fileThatIsNotADatabaseIsRefused() throws {
        let path = folder.path.appending("notes.txt")
        try FileSystem.writeAtomically(Array(String(repeating: "not a database\n", count: 100).utf8), to: path)
        let error = try #require(throws: SQLiteError.self) { try SQLiteCatalog(path: path) }
        #expect(error.resultCode == 26)  // SQLITE_NOTADB
    }

    // MARK: - Inserting and refreshing

    @Test func insertStoresEveryField() throws {
        let before = Date().timeIntervalSince1970
        let file = CatalogFixtures.scanned(
            "00000000000000aa", "2008/IMG_1.jpg", size: 4_242_424, taken: "2008-05-30T15:56:01",
            offset: "+02:00", caption: "Pont de Normandie", make: "NIKON",
            gps: GPSCoordinate(latitude: 43.467, longitude: -11.885, altitude: -3.5),
            damage: "truncated after 2048 bytes")
        try catalog.applyIndexChanges(scanned: [file], missing: [])
        let asset = try #require(try catalog.asset(id: idA))
        let expected = Asset(
            id: idA, file: file.file, metadata: file.metadata, caption: "Pont de Normandie",
            captionSource: .exif, damage: "truncated after 2048 bytes", indexedAt: asset.indexedAt)
        #expect(asset == expected)
        #expect(
            asset.indexedAt.timeIntervalSince1970 >= before
                && asset.indexedAt.timeIntervalSince1970 <= Date().timeIntervalSince1970)
        #expect(
            try catalog.indexRecords() == [
                IndexRecord(
                    id: idA, file: file.file, missing: false,
                    indexedAt: asset.indexedAt.timeIntervalSince1970)
            ])
        #expect(try catalog.asset(id: idB) == nil)
    }

    @Test func fileWithoutCaptionHasNoCaptionSource() throws {
        try catalog.applyIndexChanges(scanned: [CatalogFixtures.scanned("00000000000000aa", "bare.jpg")], missing: [])
        let asset = try #require(try catalog.asset(id: idA))
        #expect(asset.caption == nil && asset.captionSource == nil && asset.metadata.caption == nil)
        #expect(asset.metadata.takenAt == nil && asset.metadata.gps == nil && asset.metadata.cameraMake == nil)
    }

    @Test func refreshKeepsFlagsAndUserCaption() throws {
        try catalog.applyIndexChanges(
            scanned: [
                scanned("00000000000000aa", "a.jpg", caption: "Beach"),
                scanned("00000000000000bb", "b.jpg", caption: "Dog"),
            ], missing: [])
        try CatalogFixtures.execute(
            """
            UPDATE assets SET favourite = 1, trashed = 1, caption = 'My beach', caption_source = 'user',
                city = 'Honfleur', city_source = 'user', country = 'FR' WHERE id = '00000000000000aa'
            """, on: catalog)
        try CatalogFixtures.execute("UPDATE assets SET liked = 1 WHERE id = '00000000000000bb'", on: catalog)
        let addedAt = try catalog.database.textValue("SELECT group_concat(added_at) FROM assets")

        try catalog.applyIndexChanges(
            scanned: [
                scanned("00000000000000aa", "a.jpg", caption: "Beach, edited", size: 2_000),
                scanned("00000000000000bb", "b.jpg", caption: "Dog, edited", size: 3_000),
            ],
            missing: [])
        let a = try #require(try catalog.asset(id: idA))
        #expect(a.file.size == 2_000)
        #expect(a.metadata.caption == "Beach, edited")
        #expect(a.caption == "My beach" && a.captionSource == .user)
        #expect(a.city == "Honfleur" && a.citySource == .user && a.country == "FR")
        #expect(a.favourite && !a.liked && a.trashed && !a.missing)
        let b = try #require(try catalog.asset(id: idB))
        #expect(b.file.size == 3_000)
        #expect(b.caption == "Dog, edited" && b.captionSource == .exif)
        #expect(!b.favourite && b.liked && !b.trashed)
        #expect(try catalog.database.textValue("SELECT group_concat(added_at) FROM assets") == addedAt)

        // An embedded caption that disappears takes the shown one with it, unless the user wrote it.
        try catalog.applyIndexChanges(
            scanned: [scanned("00000000000000aa", "a.jpg"), scanned("00000000000000bb", "b.jpg")],
            missing: [])
        #expect(try catalog.asset(id: idA)?.caption == "My beach")
        let bare = try #require(try catalog.asset(id: idB))
        #expect(bare.caption == nil && bare.captionSource == nil && bare.metadata.caption == nil && bare.liked)
        #expect(try catalog.count() == 2)
    }

    // MARK: - Paths changing hands

    @Test func swapAndMoveWithinOneBatch() throws {
        try catalog.applyIndexChanges(
            scanned: [
                scanned("00000000000000aa", "x.jpg"), scanned("00000000000000bb", "y.jpg"),
                scanned("00000000000000cc", "z.jpg"),
            ], missing: [])
        // a and b swap names; c moves to w.jpg and a new file d takes z.jpg.
        try catalog.applyIndexChanges(
            scanned: [
                scanned("00000000000000aa", "y.jpg"), scanned("00000000000000bb", "x.jpg"),
                scanned("00000000000000dd", "z.jpg"), scanned("00000000000000cc", "w.jpg"),
            ],
            missing: [])
        #expect(try path(of: idA) == RawPath("y.jpg"))
        #expect(try path(of: idB) == RawPath("x.jpg"))
        #expect(try path(of: idC) == RawPath("w.jpg"))
        #expect(try path(of: idD) == RawPath("z.jpg"))
        var query = AssetQuery()
        query.sort = .path
        #expect(
            try catalog.assets(matching: query).map(\.file.relativePath.description) == [
                "w.jpg", "x.jpg", "y.jpg", "z.jpg",
            ])
    }

    @Test func missingIsMarkedAndClearedWhenTheFileReturns() throws {
        try catalog.applyIndexChanges(
            scanned: [scanned("00000000000000aa", "a.jpg"), scanned("00000000000000bb", "b.jpg")],
            missing: [])
        try CatalogFixtures.execute("UPDATE assets SET favourite = 1 WHERE id = '00000000000000bb'", on: catalog)
        try catalog.applyIndexChanges(scanned: [], missing: [idB])
        #expect(try catalog.indexRecords().sorted { $0.id < $1.id }.map(\.missing) == [false, true])
        let gone = try #require(try catalog.asset(id: idB))
        #expect(gone.missing && gone.favourite && gone.file.relativePath == RawPath("b.jpg"))

        // The file comes back elsewhere.
        try catalog.applyIndexChanges(scanned: [scanned("00000000000000bb", "back/b.jpg")], missing: [])
        let back = try #require(try catalog.asset(id: idB))
        #expect(!back.missing && back.favourite && back.file.relativePath == RawPath("back/b.jpg"))

        // Listed missing and scanned in the same batch: the scan wins.
        try catalog.applyIndexChanges(scanned: [scanned("00000000000000aa", "a.jpg")], missing: [idA])
        #expect(try catalog.asset(id: idA)?.missing == false)
    }

    @Test func missingAssetGivesItsPathToAFileFoundThere() throws {
        try catalog.applyIndexChanges(
            scanned: [scanned("00000000000000aa", "a.jpg"), scanned("00000000000000bb", "b.jpg")],
            missing: [])
        // b.jpg was deleted and a.jpg renamed to b.jpg, in the same pass.
        try catalog.applyIndexChanges(scanned: [scanned("00000000000000aa", "b.jpg")], missing: [idB])
        #expect(try path(of: idA) == RawPath("b.jpg"))
        let gone = try #require(try catalog.asset(id: idB))
        #expect(gone.missing)
        #expect(gone.file.relativePath.bytes == [0] + Array("00000000000000bb".utf8))
    }

    @Test func conflictingBatchIsRolledBackWhole() throws {
        try catalog.applyIndexChanges(scanned: [scanned("00000000000000aa", "a.jpg", caption: "first")], missing: [])
        // d is new but claims a.jpg, which a (present, not moved) still holds.
        let error = try #require(throws: SQLiteError.self) {
            try catalog.applyIndexChanges(
                scanned: [
                    scanned("00000000000000aa", "a.jpg", caption: "second"),
                    scanned("00000000000000cc", "c.jpg"),
                    scanned("00000000000000dd", "a.jpg"),
                ], missing: [])
        }
        #expect(error.extendedResultCode == 2067)
        #expect(
            error.description.hasPrefix(
                "SQLite error 19: UNIQUE constraint failed: assets.relative_path - while executing `INSERT INTO assets")
        )
        #expect(try catalog.count() == 1)
        let a = try #require(try catalog.asset(id: idA))
        #expect(a.caption == "first" && !a.missing)
        #expect(!catalog.database.isInTransaction)
    }

    // MARK: - Paths that are not text

    @Test func nonUTF8PathBytesRoundTrip() throws {
        let latin1 = RawPath(bytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let raw = RawPath(bytes: [0x66, 0xFF, 0xFE, 0x2F, 0x80] + Array(".JPG".utf8))
        #expect(!latin1.isValidUTF8 && !raw.isValidUTF8)
        try catalog.applyIndexChanges(
            scanned: [
                CatalogFixtures.scanned("00000000000000aa", latin1),
                CatalogFixtures.scanned("00000000000000bb", raw),
                CatalogFixtures.scanned("00000000000000cc", RawPath("café.jpg")),
            ], missing: [])
        #expect(try path(of: idA)?.bytes == latin1.bytes)
        #expect(try path(of: idB)?.bytes == raw.bytes)
        #expect(Set(try catalog.indexRecords().map(\.file.relativePath)) == [latin1, raw, RawPath("café.jpg")])
        // Path order is byte order: "caf\xC3\xA9" < "caf\xE9" < "f\xFF…".
        #expect(try catalog.assets(matching: AssetQuery()).map(\.id) == [idC, idA, idB])
    }
}
