import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoCatalogPostgres
@testable import PhotoSupport

/// What only the PostgreSQL catalog has: schemas and their versions, addresses, connections
/// that fail or break. The behaviour both stores share is tested on both in the other suites.
@Suite(.enabled(if: PostgresTestServer.isAvailable, "no PostgreSQL server installed"))
struct PostgresCatalogTests {
    private func freshAddress() throws -> PostgresAddress {
        try PostgresAddress(url: PostgresTestServer.server().url, schema: TestCatalog.freshSchemaName())
    }

    // MARK: - Schema

    @Test func newCatalogHasTheLatestSchemaAndItsCreator() throws {
        let catalog = try PostgresCatalog(address: freshAddress())
        let versions = try catalog.connection.execute("SELECT version FROM schema_migrations ORDER BY version").rows
        #expect(versions.map { Int($0.int64(0)) } == PostgresCatalog.migrator.migrations.map(\.storedVersion))
        #expect(
            try catalog.connection.value("SELECT value FROM catalog_info WHERE key = 'created_by'") { $0.text(0) }
                == "photolib 0.1.0")
        let created = try #require(
            try catalog.connection.value("SELECT value FROM catalog_info WHERE key = 'created_at'") { $0.text(0) })
        #expect(created.count == 24 && created.hasSuffix("Z") && created.dropFirst(10).hasPrefix("T"))
        #expect(try catalog.count() == 0)
    }

    /// Version 3 rewrites damage as the SQLite catalog's version 5 does.
    @Test func renditionFailuresStoredAsDamageByVersion2AreTakenOut() throws {
        let address = try freshAddress()
        let old = try PGConnection(address.url)
        try PostgresMigrator(Array(PostgresCatalog.migrator.migrations.prefix(2))).migrate(old, schema: address.schema)
        let damage = [
            "00000000000000aa": "renditions not made: /p/.photolib/renditions/ab: not a directory",
            "00000000000000bb":
                "truncated (no end-of-image marker); renditions not made: /p/x.jpg: write failed: No space left on device",
            "00000000000000cc": "renditions not made: cannot decode JPEG: Unsupported marker type 0xc3",
            "00000000000000dd": "renditions not made: unsupported JPEG colour model (2 components)",
            "00000000000000ee": "truncated (no end-of-image marker); decoded in part (Premature end of JPEG file)",
        ]
        for (hex, text) in damage {
            try old.execute(
                """
                INSERT INTO "\(address.schema)".assets
                    (id, relative_path, file_size, modified_ns, fingerprint, damage, indexed_at, added_at)
                VALUES ($1, convert_to($1, 'UTF8'), 1, 1, 'abcd', $2, 0, 0)
                """, [.text(hex), .text(text)])
        }

        let catalog = try PostgresCatalog(address: address)
        func asset(_ hex: String) throws -> Asset { try #require(try catalog.asset(id: CatalogFixtures.id(hex))) }
        #expect(try asset("00000000000000aa").damage == nil)
        #expect(try asset("00000000000000bb").damage == "truncated (no end-of-image marker)")
        #expect(try asset("00000000000000cc").damage == "cannot decode JPEG: Unsupported marker type 0xc3")
        #expect(try asset("00000000000000dd").damage == "unsupported JPEG colour model (2 components)")
        #expect(try asset("00000000000000ee").damage == damage["00000000000000ee"])
        let undecodable = try damage.keys.sorted().filter { try asset($0).undecodable }
        #expect(undecodable == ["00000000000000cc", "00000000000000dd"])
    }

    /// Version 11 counts the assets a version-10 schema holds (shown, favourite, liked, in the
    /// trash, missing, per city spelling and year) into its stored counts, as the SQLite
    /// catalog's version 14 does.
    @Test func version11CountsWhatAVersion10SchemaHolds() throws {
        let address = try freshAddress()
        let old = try PGConnection(address.url)
        let toVersion10 = PostgresMigrator(Array(PostgresCatalog.migrator.migrations.prefix(10)))
        #expect(try toVersion10.migrate(old, schema: address.schema) == Array(1...10))
        // city, then favourite, liked, missing, trashed, trashed_at, trash_path.
        for (index, (city, flags)) in [
            ("Bordeaux", "true, false, false, false, NULL, NULL"), ("BORDEAUX", "false, true, true, false, NULL, NULL"),
            ("Tokyo", "true, false, false, true, 1, 't/c.jpg'"), ("Tokyo", "false, true, false, false, NULL, NULL"),
            ("Kortrijk", "true, true, false, false, NULL, NULL"),
        ].enumerated() {
            try old.execute(
                """
                INSERT INTO "\(address.schema)".assets (id, relative_path, file_size, modified_ns, fingerprint,
                    pixel_width, pixel_height, taken_local, city, city_source, city_folded, indexed_at, added_at,
                    favourite, liked, missing, trashed, trashed_at, trash_path)
                VALUES ('00000000000000a\(index)', convert_to('\(index).jpg', 'UTF8'), 1000, 1, 'fp\(index)', 640, 480,
                    '201\(index % 4)-06-13T16:42:07', '\(city)', 'gps', lower('\(city)'), 1600000000, 0, \(flags))
                """)
        }
        let catalog = try PostgresCatalog(address: address)
        #expect(try catalog.integrityProblems() == [])
        #expect(
            try catalog.collections(now: Date()) == [
                CollectionCount(.all, 3), CollectionCount(.favourites, 2), CollectionCount(.liked, 2),
                CollectionCount(.city("Bordeaux"), 1), CollectionCount(.city("Kortrijk"), 1),
                CollectionCount(.city("Tokyo"), 1), CollectionCount(.year(2013), 1), CollectionCount(.year(2010), 2),
                CollectionCount(.recentlyAdded, 0), CollectionCount(.recentlyPopped, 0), CollectionCount(.trash, 1),
                CollectionCount(.missing, 1),
            ])
        #expect(try catalog.recountCollections() == [])
    }

    /// A schema made before the one version track (legacy version 11, the newest then) reads
    /// as track version 14 and opens with its data and its stored versions kept; the steps
    /// released after it, stored under their track versions, are applied on top.
    @Test func aLegacyVersion11SchemaIsTrackVersion14AndUpgrades() throws {
        let address = try freshAddress()
        let old = try PGConnection(address.url)
        let legacy = PostgresCatalog.migrator.migrations.prefix { $0.storedVersion <= 11 }
        #expect(try PostgresMigrator(Array(legacy)).migrate(old, schema: address.schema) == Array(1...11))
        try old.execute(
            """
            INSERT INTO "\(address.schema)".assets (id, relative_path, file_size, modified_ns, fingerprint, city,
                city_folded, favourite, indexed_at, added_at)
            VALUES ('00000000000000aa', convert_to('a.jpg', 'UTF8'), 1, 1, 'abcd', 'Bordeaux', 'bordeaux', true, 0, 0)
            """)
        #expect(PostgresCatalog.migrator.trackVersion(stored: 11) == 14)

        let catalog = try PostgresCatalog(address: address)
        let stored = try catalog.connection.execute("SELECT version FROM schema_migrations ORDER BY version").rows
        #expect(stored.map { Int($0.int64(0)) } == PostgresCatalog.migrator.migrations.map(\.storedVersion))
        let newest = stored.map { Int($0.int64(0)) }.max() ?? 0
        #expect(PostgresCatalog.migrator.trackVersion(stored: newest) == SQLiteCatalog.schemaVersion)
        let asset = try #require(try catalog.asset(id: CatalogFixtures.id("00000000000000aa")))
        #expect(asset.file.relativePath == RawPath("a.jpg") && asset.city == "Bordeaux" && asset.favourite)
        #expect(try catalog.integrityProblems() == [])
        // Opened again: nothing left to apply.
        #expect(try PostgresCatalog.migrator.migrate(catalog.connection, schema: address.schema) == [])
    }

    @Test func newerSchemaIsRefused() throws {
        let address = try freshAddress()
        let catalog = try PostgresCatalog(address: address)
        try catalog.connection.execute("INSERT INTO schema_migrations VALUES (99, 0, 'photolib 9')")
        let error = try #require(throws: PGError.self) { try PostgresCatalog(address: address) }
        #expect(
            error.description
                == "PostgreSQL catalog (\(address.url), schema \(address.schema)): schema 99 is newer than this photolib (knows \(PostgresCatalog.schemaVersion)); upgrade photolib"
        )
        #expect(error.kind == .failure)
    }

    @Test func librariesInOneDatabaseStayApart() throws {
        let first = try PostgresCatalog(address: freshAddress())
        let second = try PostgresCatalog(address: freshAddress())
        try first.applyIndexChanges(scanned: [CatalogFixtures.scanned("00000000000000aa", "a.jpg")], missing: [])
        try second.applyIndexChanges(scanned: [CatalogFixtures.scanned("00000000000000aa", "b.jpg")], missing: [])
        #expect(try first.asset(id: CatalogFixtures.id("00000000000000aa"))?.file.relativePath == RawPath("a.jpg"))
        #expect(try second.asset(id: CatalogFixtures.id("00000000000000aa"))?.file.relativePath == RawPath("b.jpg"))
        #expect(try first.count() == 1 && second.count() == 1)
    }

    @Test func aNewLibraryRefusesASchemaThatHoldsACatalog() throws {
        let address = try freshAddress()
        try PostgresCatalog.refuseExisting(at: address)
        let catalog = try PostgresCatalog(address: address)
        try catalog.applyIndexChanges(scanned: [CatalogFixtures.scanned("00000000000000aa", "a.jpg")], missing: [])
        let error = try #require(throws: PGError.self) { try PostgresCatalog.refuseExisting(at: address) }
        #expect(error.reason == .schemaInUse && error.kind == .usage)
        #expect(error.description.contains("already holds a photolib catalog (1 assets)"))
    }

    // MARK: - Addresses

    @Test func addressesWithPasswordsOrBadSchemasAreRefused() throws {
        let password = try #require(throws: PGError.self) {
            try PostgresAddress(url: "postgresql://ann:secret@nas.local/photos", schema: "family")
        }
        #expect(password.description.hasPrefix("the catalog URL holds a password"))
        #expect(!password.description.contains("secret"))
        #expect(password.kind == .usage)
        let unknown = try #require(throws: PGError.self) {
            try PostgresAddress(url: "postgresql://nas.local/photos?schema=family", schema: "family")
        }
        #expect(unknown.description.contains("invalid URI query parameter: \"schema\""))
        for name in [
            "", "Family", "1st", "pg_family", "a-b", "x\"; DROP SCHEMA y; --", String(repeating: "a", count: 64),
        ] {
            #expect(throws: PGError.self, "\(name)") { try PostgresAddress(url: "postgresql:///photos", schema: name) }
        }
        #expect(throws: PGError.self) { try PostgresAddress(url: "/tmp/catalog.sqlite", schema: "family") }
        let fine = try PostgresAddress(
            url: "postgresql://ann@nas.local:5433/photos?sslmode=require", schema: "family_2")
        #expect(fine.description == "postgresql://ann@nas.local:5433/photos?sslmode=require, schema family_2")
    }

    // MARK: - Connections that fail or break

    @Test func aRefusedConnectionIsOneClearLine() throws {
        // Port 1 on loopback: nothing listens there, so the refusal is immediate.
        let address = try PostgresAddress(url: "postgresql://photolib@127.0.0.1:1/photolib", schema: "family")
        let error = try #require(throws: PGError.self) { try PostgresCatalog(address: address) }
        #expect(error.reason == .connectionFailed && error.kind == .failure)
        #expect(
            error.description.hasPrefix(
                "cannot connect to the PostgreSQL catalog (postgresql://photolib@127.0.0.1:1/photolib, schema family): connection to server at \"127.0.0.1\", port 1 failed:"
            ))
        #expect(!error.description.contains("\n") && !error.description.contains("\t"))
    }

    @Test func aWrongPasswordIsOneClearLine() throws {
        let server = try PostgresTestServer.server()
        let folder = try TemporaryDirectory()
        let passfile = folder.url.appendingPathComponent("pgpass")
        try #require(
            FileManager.default.createFile(
                atPath: passfile.path, contents: Data("*:*:*:*:not-the-password\n".utf8),
                attributes: [.posixPermissions: 0o600]))
        let url = server.url.replacingOccurrences(
            of: #"passfile=[^&]*"#, with: "passfile=\(passfile.path)", options: .regularExpression)
        let error = try #require(throws: PGError.self) {
            try PostgresCatalog(address: PostgresAddress(url: url, schema: "family"))
        }
        #expect(error.reason == .connectionFailed)
        #expect(error.description.contains("password authentication failed for user \"photolib\""))
        #expect(!error.description.contains("\n") && !error.description.contains("not-the-password"))
    }

    /// The server ends the session (as a restart does): the next call reconnects and answers,
    /// and an edit lands exactly once.
    @Test func aLostConnectionIsReopened() throws {
        let catalog = try PostgresCatalog(address: freshAddress())
        let id = CatalogFixtures.id("00000000000000aa")
        try catalog.applyIndexChanges(scanned: [CatalogFixtures.scanned(id.hex, "a.jpg")], missing: [])
        let killer = try PGConnection(PostgresTestServer.server().url)
        func terminate() throws {
            let pid = try #require(try catalog.connection.value("SELECT pg_backend_pid()") { $0.int64(0) })
            try killer.execute("SELECT pg_terminate_backend($1::int4)", [.int(pid)])
        }
        try terminate()
        #expect(try catalog.count() == 1)
        try terminate()
        _ = try catalog.apply([AssetEdit(id: id, change: .toggleFavourite)], action: "toggle-favourite")
        #expect(try catalog.asset(id: id)?.favourite == true)
        #expect(try catalog.history(for: id, limit: nil).count == 1)
        try terminate()
        try catalog.applyIndexChanges(scanned: [CatalogFixtures.scanned("00000000000000bb", "b.jpg")], missing: [])
        #expect(try catalog.count() == 2)
    }

    @Test func textWithANULCharacterIsRefusedClearly() throws {
        let catalog = try PostgresCatalog(address: freshAddress())
        try catalog.applyIndexChanges(scanned: [CatalogFixtures.scanned("00000000000000aa", "a.jpg")], missing: [])
        let error = try #require(throws: PGError.self) {
            try catalog.apply(
                [AssetEdit(id: CatalogFixtures.id("00000000000000aa"), change: .caption("a\u{0}b"))], action: "caption")
        }
        #expect(error.description.contains("NUL character"))
        #expect(try catalog.asset(id: CatalogFixtures.id("00000000000000aa"))?.caption == nil)
    }
}
