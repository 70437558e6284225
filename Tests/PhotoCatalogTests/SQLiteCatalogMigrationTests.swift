import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// Catalogs made by earlier photolibs open and migrate with their data kept.
@Suite struct SQLiteCatalogMigrationTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    /// The indexes version 4 drops.
    static let superseded = ["assets_favourite", "assets_liked", "assets_by_city", "assets_by_popped_at"]

    @Test func aVersion3CatalogMigratesWithItsDataKept() throws {
        // A catalog as photolib made it before version 4: the frozen migrations 1 to 3 only.
        let old = try SQLiteDatabase(path: folder.catalogPath)
        let toVersion3 = SQLiteMigrator(
            Array(SQLiteCatalog.migrations.prefix(3)), created: SQLiteCatalog.recordCreation)
        #expect(try toVersion3.migrate(old) == [1, 2, 3])
        try old.execute(
            """
            INSERT INTO assets (id, relative_path, file_size, modified_ns, fingerprint, pixel_width, pixel_height,
                taken_local, caption, caption_source, city, city_source, favourite, liked, damage, indexed_at,
                added_at, popped_at, region, country_name, rating, sidecar_stamp)
            VALUES ('00000000000000aa', CAST('2015/a.jpg' AS BLOB), 1000, 1600000000123456789, 'abcd01', 640, 480,
                '2015-06-13T16:42:07', 'My caption', 'user', 'Bordeaux', 'gps', 1, 1, NULL, 1600000000, 1600000000,
                1600000100, 'Nouvelle-Aquitaine', 'France', 4, '12:34:a.jpg.xmp');
            INSERT INTO asset_events (asset_id, at, action, field, old_value, new_value, batch)
            VALUES ('00000000000000aa', 1600000050, 'favourite', 'favourite', 'false', 'true', '0123456789abcdef');
            """)
        for index in Self.superseded {
            #expect(try old.integerValue("SELECT count(*) FROM sqlite_schema WHERE name = ?", [.text(index)]) == 1)
        }
        let created = try old.textValue("SELECT value FROM catalog_info WHERE key = 'created_at'")

        let catalog = try SQLiteCatalog(path: folder.catalogPath)
        #expect(try catalog.database.userVersion() == SQLiteCatalog.schemaVersion)
        for index in Self.superseded {
            #expect(
                try catalog.database.integerValue("SELECT count(*) FROM sqlite_schema WHERE name = ?", [.text(index)])
                    == 0)
        }
        // Version 7: the pages' indexes, one of which replaces version 3's popped index.
        func exists(_ index: String) throws -> Bool {
            try catalog.database.integerValue("SELECT count(*) FROM sqlite_schema WHERE name = ?", [.text(index)]) == 1
        }
        #expect(try !exists("assets_shown_by_popped") && exists("assets_shown_by_city"))
        for index in ["assets_shown_in_taken_order", "assets_shown_in_city_order", "assets_shown_in_popped_order"] {
            #expect(try exists(index), "\(index)")
        }
        let asset = try #require(try catalog.asset(id: CatalogFixtures.id("00000000000000aa")))
        #expect(asset.file.relativePath == RawPath("2015/a.jpg") && asset.file.fingerprint == "abcd01")
        #expect(asset.caption == "My caption" && asset.captionSource == .user)
        #expect(asset.city == "Bordeaux" && asset.region == "Nouvelle-Aquitaine" && asset.countryName == "France")
        #expect(asset.favourite && asset.liked && asset.rating == 4 && asset.damage == nil)
        #expect(asset.poppedAt == Date(timeIntervalSince1970: 1_600_000_100))
        #expect(try catalog.history(for: asset.id, limit: nil).map(\.change.field) == ["favourite"])
        // Version 11 changes every stamp once, so that the next index reads the keywords in;
        // the people step once more, for the names of face tags.
        #expect(try catalog.indexRecords().first?.sidecarStamp == "before-people:before-keywords:12:34:a.jpg.xmp")
        var favourites = AssetQuery()
        favourites.favourite = true
        #expect(try catalog.assets(matching: favourites).map(\.id) == [asset.id])
        #expect(try catalog.collections(now: Date()).first { $0.collection == .city("Bordeaux") }?.count == 1)
        // Version 14 counted what was there: the stored counts agree with the assets.
        #expect(try catalog.integrityProblems() == [])
        // Made by the old photolib: its birth certificate is kept, not written again.
        #expect(try catalog.database.textValue("SELECT value FROM catalog_info WHERE key = 'created_at'") == created)
        #expect(try catalog.database.integerValue("SELECT count(*) FROM catalog_info") == 2)
    }

    @Test func renditionFailuresStoredAsDamageByVersion4AreTakenOut() throws {
        let old = try SQLiteDatabase(path: folder.catalogPath)
        try SQLiteMigrator(Array(SQLiteCatalog.migrations.prefix(4)), created: SQLiteCatalog.recordCreation)
            .migrate(old)
        // The damage texts earlier index passes wrote, a failed rendition always last.
        let damage = [
            "00000000000000aa": "renditions not made: /p/.photolib/renditions/ab: not a directory",
            "00000000000000bb":
                "truncated (no end-of-image marker); renditions not made: /p/x.jpg: write failed: No space left on device",
            "00000000000000cc": "renditions not made: cannot decode JPEG: Unsupported marker type 0xc3",
            "00000000000000dd": "renditions not made: unsupported JPEG colour model (2 components)",
            "00000000000000ee": "truncated (no end-of-image marker); decoded in part (Premature end of JPEG file)",
            "00000000000000ff": "corrupt EXIF: IFD0 offset out of range",
        ]
        let insert = try old.prepare(
            """
            INSERT INTO assets (id, relative_path, file_size, modified_ns, fingerprint, damage, indexed_at, added_at)
            VALUES (?, CAST(? AS BLOB), 1, 1, 'abcd', ?, 0, 0)
            """)
        for (hex, text) in damage { try insert.run([.text(hex), .text("\(hex).jpg"), .text(text)]) }

        let catalog = try SQLiteCatalog(path: folder.catalogPath)
        func asset(_ hex: String) throws -> Asset { try #require(try catalog.asset(id: CatalogFixtures.id(hex))) }
        #expect(try asset("00000000000000aa").damage == nil)
        #expect(try asset("00000000000000bb").damage == "truncated (no end-of-image marker)")
        #expect(try asset("00000000000000cc").damage == "cannot decode JPEG: Unsupported marker type 0xc3")
        #expect(try asset("00000000000000dd").damage == "unsupported JPEG colour model (2 components)")
        #expect(try asset("00000000000000ee").damage == damage["00000000000000ee"])
        #expect(try asset("00000000000000ff").damage == damage["00000000000000ff"])
        let undecodable = try damage.keys.sorted().filter { try asset($0).undecodable }
        #expect(undecodable == ["00000000000000cc", "00000000000000dd"])
    }

    @Test func datesAndPositionsOfVersion5CameFromEXIF() throws {
        let old = try SQLiteDatabase(path: folder.catalogPath)
        try SQLiteMigrator(Array(SQLiteCatalog.migrations.prefix(5)), created: SQLiteCatalog.recordCreation)
            .migrate(old)
        let insert = try old.prepare(
            """
            INSERT INTO assets (id, relative_path, file_size, modified_ns, fingerprint, taken_local, gps_latitude,
                gps_longitude, indexed_at, added_at)
            VALUES (?, CAST(? AS BLOB), 1, 1, 'abcd', ?, ?, ?, 0, 0)
            """)
        try insert.run([.text("00000000000000aa"), .text("a.jpg"), .text("2015-07-14T16:21:05"), .real(1), .real(2)])
        try insert.run([.text("00000000000000bb"), .text("b.jpg"), .null, .null, .null])

        let catalog = try SQLiteCatalog(path: folder.catalogPath)
        let dated = try #require(try catalog.asset(id: CatalogFixtures.id("00000000000000aa")))
        #expect(dated.metadata.takenAtSource == .exif && dated.metadata.gpsSource == .exif)
        let bare = try #require(try catalog.asset(id: CatalogFixtures.id("00000000000000bb")))
        #expect(bare.metadata.takenAtSource == nil && bare.metadata.gpsSource == nil)
        #expect(
            try catalog.database.integerValue("SELECT count(*) FROM assets WHERE taken_source IS NULL")
                == 1)
    }

    @Test func aNewCatalogRecordsItsCreatorOutsideTheMigrations() throws {
        let catalog = try SQLiteCatalog(path: folder.catalogPath)
        #expect(
            try catalog.database.textValue("SELECT value FROM catalog_info WHERE key = 'created_by'")
                == "photolib \(PhotolibRelease.version)")
        // No migration's text carries the release: they stay the same from one release to the next.
        for migration in SQLiteCatalog.migrations {
            #expect(!migration.script.contains(PhotolibRelease.version), "migration \(migration.version)")
        }
        #expect(SQLiteCatalog.migrations.map(\.version) == Array(1...SQLiteCatalog.schemaVersion))
    }

    /// The `personCounts` step counts the people an older catalog's assets name (shown ones
    /// only, each spelling apart, summed when read).
    @Test func personCountsCountWhatAnOlderCatalogHolds() throws {
        let old = try SQLiteDatabase(path: folder.catalogPath)
        let step = try #require(SQLiteCatalog.migrations.firstIndex { $0.name == "personCounts" })
        let before = SQLiteMigrator(Array(SQLiteCatalog.migrations.prefix(step)), created: SQLiteCatalog.recordCreation)
        #expect(try before.migrate(old) == Array(1...step))
        for (index, (people, trashed)) in [
            ("'Anna' || char(10) || 'Bob'", 0), ("'ANNA'", 0), ("'Bob'", 1), ("NULL", 0),
        ]
        .enumerated() {
            try old.execute(
                """
                INSERT INTO assets (id, relative_path, file_size, modified_ns, fingerprint, pixel_width, pixel_height,
                    indexed_at, added_at, trashed, trashed_at, trash_path, people, people_source)
                VALUES ('00000000000000a\(index)', CAST('\(index).jpg' AS BLOB), 1000, 1, 'fp\(index)', 640, 480,
                    1600000000, 0, \(trashed), \(trashed == 1 ? "1" : "NULL"), \(trashed == 1 ? "'t/x.jpg'" : "NULL"),
                    \(people), 'xmp');
                """)
        }
        let catalog = try SQLiteCatalog(path: folder.catalogPath)
        #expect(try catalog.integrityProblems() == [])
        let people = try catalog.collections(now: Date()).filter {
            if case .person = $0.collection { true } else { false }
        }
        #expect(people == [CollectionCount(.person("ANNA"), 2), CollectionCount(.person("Bob"), 1)])
    }

    /// Version 14 counts the assets a version-12 catalog holds (shown, favourite, in the trash,
    /// missing, per city and year) into its stored counts.
    @Test func version14CountsWhatAnOlderCatalogHolds() throws {
        let old = try SQLiteDatabase(path: folder.catalogPath)
        let toVersion12 = SQLiteMigrator(
            Array(SQLiteCatalog.migrations.prefix(12)), created: SQLiteCatalog.recordCreation)
        #expect(try toVersion12.migrate(old) == Array(1...12))
        for (index, (city, flags)) in [
            ("Bordeaux", "1, 0, 0, NULL, NULL"), ("BORDEAUX", "0, 1, 0, NULL, NULL"),
            ("Tokyo", "1, 0, 1, 1, 't/c.jpg'"), ("Tokyo", "0, 0, 0, NULL, NULL"),
        ].enumerated() {
            try old.execute(
                """
                INSERT INTO assets (id, relative_path, file_size, modified_ns, fingerprint, pixel_width, pixel_height,
                    taken_local, city, city_source, indexed_at, added_at, favourite, missing, trashed, trashed_at,
                    trash_path)
                VALUES ('00000000000000a\(index)', CAST('\(index).jpg' AS BLOB), 1000, 1, 'fp\(index)', 640, 480,
                    '201\(index)-06-13T16:42:07', '\(city)', 'gps', 1600000000, 0, \(flags));
                """)
        }
        let catalog = try SQLiteCatalog(path: folder.catalogPath)
        #expect(try catalog.integrityProblems() == [])
        let counts = try catalog.collections(now: Date())
        #expect(
            counts == [
                CollectionCount(.all, 2), CollectionCount(.favourites, 1), CollectionCount(.liked, 0),
                CollectionCount(.city("Bordeaux"), 1), CollectionCount(.city("Tokyo"), 1),
                CollectionCount(.year(2013), 1), CollectionCount(.year(2010), 1),
                CollectionCount(.recentlyAdded, 0), CollectionCount(.recentlyPopped, 0), CollectionCount(.trash, 1),
                CollectionCount(.missing, 1),
            ])
    }

    /// Each migration released before `CatalogTrack`, by its text's FNV-1a hash: an edit fails
    /// here. A change of mind is a new step; the track's steps carry their own hashes
    /// (`MigrationTrackTests.trackStepsMatchTheirFrozenHashes`), so this list is complete.
    static let frozenHashes: [Int: String] = [
        1: "94a3d01104712dec", 2: "214605f3c54447f1", 3: "5522721a59eab43a", 4: "29b0e4c982c10369",
        5: "d82fe82de7aeb37c", 6: "18b092486d10e856", 7: "f53faa8cfc8179da", 8: "434ae25388e67945",
        9: "d3c168853820fd84", 10: "ddca75c0b2eb0123", 11: "61cb246ae2205282", 12: "b5178e0bd03a7758",
        13: "cf47e83e278dd156", 14: "dab4a22e006624ae",
    ]

    @Test func releasedMigrationsAreNeverEdited() {
        for migration in SQLiteCatalog.frozenMigrations {
            #expect(
                Self.fnv1a(migration.script) == Self.frozenHashes[migration.version],
                "migration \(migration.version) changed: its text is frozen; add a migration instead")
        }
    }

    private static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
