import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoCatalogPostgres
@testable import PhotoFormats
@testable import PhotoSupport

/// The catalog's storage rules, on every backend (`CatalogBackend.all`); the tests about the
/// SQLite file itself build an SQLite catalog of their own.
@Suite struct SQLiteCatalogTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
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

    private func path(of id: AssetID, in catalog: any Catalog) throws -> RawPath? {
        try catalog.asset(id: id)?.file.relativePath
    }

    // MARK: - File and schema

    @Test func newCatalogHasTheLatestSchemaInWALMode() throws {
        let catalog = try SQLiteCatalog(path: folder.catalogPath)
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

    @Test(arguments: CatalogBackend.all) func reopeningKeepsTheData(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        try store.catalog.applyIndexChanges(
            scanned: [scanned("00000000000000aa", "a.jpg", caption: "Lake")], missing: [])
        let written = try #require(try store.catalog.asset(id: idA))
        let reopened = try store.reopen()
        #expect(try reopened.count() == 1)
        #expect(try reopened.asset(id: idA) == written)
    }

    @Test func newerSchemaIsRefused() throws {
        let newer = SQLiteCatalog.schemaVersion + 1
        try SQLiteCatalog(path: folder.catalogPath).database.setUserVersion(newer)
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

    @Test(arguments: CatalogBackend.all) func insertStoresEveryField(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        let before = Date().timeIntervalSince1970
        var file = CatalogFixtures.scanned(
            "00000000000000aa", "2008/IMG_1.jpg", size: 4_242_424, taken: "2008-05-30T15:56:01",
            offset: "+02:00", caption: "Pont de Normandie", make: "NIKON",
            gps: GPSCoordinate(latitude: 43.467, longitude: -11.885, altitude: -3.5),
            damage: "cannot decode JPEG: bogus marker length")
        file.undecodable = true
        try catalog.applyIndexChanges(scanned: [file], missing: [])
        let asset = try #require(try catalog.asset(id: idA))
        let expected = Asset(
            id: idA, file: file.file, metadata: file.metadata, caption: "Pont de Normandie",
            captionSource: .exif, damage: "cannot decode JPEG: bogus marker length", indexedAt: asset.indexedAt,
            undecodable: true)
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

        // A file that decodes once rewritten is no longer undecodable.
        var repaired = file
        repaired.undecodable = false
        repaired.damage = nil
        try catalog.applyIndexChanges(scanned: [repaired], missing: [])
        let after = try #require(try catalog.asset(id: idA))
        #expect(!after.undecodable && after.damage == nil)
    }

    @Test(arguments: CatalogBackend.all) func fileWithoutCaptionHasNoCaptionSource(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        try catalog.applyIndexChanges(scanned: [CatalogFixtures.scanned("00000000000000aa", "bare.jpg")], missing: [])
        let asset = try #require(try catalog.asset(id: idA))
        #expect(asset.caption == nil && asset.captionSource == nil && asset.metadata.caption == nil)
        #expect(asset.metadata.takenAt == nil && asset.metadata.gps == nil && asset.metadata.cameraMake == nil)
    }

    @Test(arguments: CatalogBackend.all) func refreshKeepsFlagsAndUserCaption(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        try catalog.applyIndexChanges(
            scanned: [
                scanned("00000000000000aa", "a.jpg", caption: "Beach"),
                scanned("00000000000000bb", "b.jpg", caption: "Dog"),
            ], missing: [])
        _ = try catalog.apply(
            [
                AssetEdit(id: idA, change: .favourite(true)),
                AssetEdit(id: idA, change: .trash(location: RawPath(".photolib/trash/a.jpg"))),
                AssetEdit(id: idA, change: .caption("My beach")), AssetEdit(id: idA, change: .city("Honfleur")),
                AssetEdit(id: idB, change: .liked(true)),
            ], action: "test")
        try store.execute("UPDATE assets SET country = 'FR' WHERE id = '00000000000000aa'")
        let addedAt = try store.text("SELECT CAST(sum(added_at) AS TEXT) FROM assets")

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
        #expect(try store.text("SELECT CAST(sum(added_at) AS TEXT) FROM assets") == addedAt)

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

    @Test(arguments: CatalogBackend.all) func swapAndMoveWithinOneBatch(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
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
        #expect(try path(of: idA, in: catalog) == RawPath("y.jpg"))
        #expect(try path(of: idB, in: catalog) == RawPath("x.jpg"))
        #expect(try path(of: idC, in: catalog) == RawPath("w.jpg"))
        #expect(try path(of: idD, in: catalog) == RawPath("z.jpg"))
        var query = AssetQuery()
        query.sort = .path
        #expect(
            try catalog.assets(matching: query).map(\.file.relativePath.description) == [
                "w.jpg", "x.jpg", "y.jpg", "z.jpg",
            ])
    }

    @Test(arguments: CatalogBackend.all) func missingIsMarkedAndClearedWhenTheFileReturns(
        _ backend: CatalogBackend
    ) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        try catalog.applyIndexChanges(
            scanned: [scanned("00000000000000aa", "a.jpg"), scanned("00000000000000bb", "b.jpg")],
            missing: [])
        _ = try catalog.apply([AssetEdit(id: idB, change: .favourite(true))], action: "favourite")
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

    @Test(arguments: CatalogBackend.all) func missingAssetGivesItsPathToAFileFoundThere(
        _ backend: CatalogBackend
    ) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        try catalog.applyIndexChanges(
            scanned: [scanned("00000000000000aa", "a.jpg"), scanned("00000000000000bb", "b.jpg")],
            missing: [])
        // b.jpg was deleted and a.jpg renamed to b.jpg, in the same pass.
        try catalog.applyIndexChanges(scanned: [scanned("00000000000000aa", "b.jpg")], missing: [idB])
        #expect(try path(of: idA, in: catalog) == RawPath("b.jpg"))
        let gone = try #require(try catalog.asset(id: idB))
        #expect(gone.missing)
        #expect(gone.file.relativePath.bytes == [0] + Array("00000000000000bb".utf8))
    }

    @Test(arguments: CatalogBackend.all) func conflictingBatchIsRolledBackWhole(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        try catalog.applyIndexChanges(scanned: [scanned("00000000000000aa", "a.jpg", caption: "first")], missing: [])
        // d is new but claims a.jpg, which a (present, not moved) still holds.
        let error = try #require(throws: (any Error).self) {
            try catalog.applyIndexChanges(
                scanned: [
                    scanned("00000000000000aa", "a.jpg", caption: "second"),
                    scanned("00000000000000cc", "c.jpg"),
                    scanned("00000000000000dd", "a.jpg"),
                ], missing: [])
        }
        switch error {
        case let error as SQLiteError:
            #expect(error.extendedResultCode == 2067)
            #expect(
                error.description.hasPrefix(
                    "SQLite error 19: UNIQUE constraint failed: assets.relative_path - while executing `INSERT INTO assets"
                ))
            #expect(!(catalog as! SQLiteCatalog).database.isInTransaction)
        case let error as PGError:
            #expect(error.sqlState == "23505")
            #expect(
                error.description.hasPrefix(
                    "PostgreSQL error 23505: duplicate key value violates unique constraint \"assets_relative_path_key\""
                ))
        default:
            Issue.record("unexpected error \(error)")
        }
        // Nothing of the batch stayed, and the connection is ready for more.
        #expect(try catalog.count() == 1)
        let a = try #require(try catalog.asset(id: idA))
        #expect(a.caption == "first" && !a.missing)
    }

    // MARK: - Paths that are not text

    @Test(arguments: CatalogBackend.all) func nonUTF8PathBytesRoundTrip(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        let latin1 = RawPath(bytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let raw = RawPath(bytes: [0x66, 0xFF, 0xFE, 0x2F, 0x80] + Array(".JPG".utf8))
        #expect(!latin1.isValidUTF8 && !raw.isValidUTF8)
        try catalog.applyIndexChanges(
            scanned: [
                CatalogFixtures.scanned("00000000000000aa", latin1),
                CatalogFixtures.scanned("00000000000000bb", raw),
                CatalogFixtures.scanned("00000000000000cc", RawPath("café.jpg")),
            ], missing: [])
        #expect(try path(of: idA, in: catalog)?.bytes == latin1.bytes)
        #expect(try path(of: idB, in: catalog)?.bytes == raw.bytes)
        #expect(Set(try catalog.indexRecords().map(\.file.relativePath)) == [latin1, raw, RawPath("café.jpg")])
        // Path order is byte order: "caf\xC3\xA9" < "caf\xE9" < "f\xFF…".
        #expect(try catalog.assets(matching: AssetQuery()).map(\.id) == [idC, idA, idB])
    }
}
