import PhotoTestSupport
import Testing

@testable import PhotoCatalog

@Suite struct SQLiteCatalogIDTests {
    /// Neighbours sharing 7, 8 and 15 digits, and ids around the '9'/'a' and 'f' edges.
    static let hexes = [
        "abcdef0012345678", "abcdef0022345678", "abcdef0112345678", "0123456789abcdef", "9fffffffffffffff",
        "a000000000000000", "fffffffffffffff0", "fffffffffffffff1", "5555555555555555",
    ]

    private static func fixture(_ backend: CatalogBackend) throws -> TestCatalog {
        let store = try TestCatalog(backend)
        try store.catalog.applyIndexChanges(
            scanned: Self.hexes.map { CatalogFixtures.scanned($0, "\($0).jpg") }, missing: [])
        return store
    }

    private func prefixes(_ catalog: any Catalog, _ prefix: String, limit: Int = 10) throws -> [String] {
        try catalog.ids(withPrefix: prefix, limit: limit).map(\.hex)
    }

    @Test(arguments: CatalogBackend.all) func idsByPrefix(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(try prefixes(catalog, "abcdef0") == ["abcdef0012345678", "abcdef0022345678", "abcdef0112345678"])
        #expect(try prefixes(catalog, "abcdef00") == ["abcdef0012345678", "abcdef0022345678"])
        #expect(try prefixes(catalog, "abcdef001") == ["abcdef0012345678"])
        #expect(try prefixes(catalog, "ABCDEF01") == ["abcdef0112345678"])
        #expect(try prefixes(catalog, "abcdef0012345678") == ["abcdef0012345678"])
        #expect(try prefixes(catalog, "abcdef0012345679").isEmpty)
        // The upper bound of "9" is ":", which must not reach "a…"; that of "f" is "g".
        #expect(try prefixes(catalog, "9") == ["9fffffffffffffff"])
        #expect(try prefixes(catalog, "f") == ["fffffffffffffff0", "fffffffffffffff1"])
        #expect(
            try prefixes(catalog, "a") == [
                "a000000000000000", "abcdef0012345678", "abcdef0022345678", "abcdef0112345678",
            ])
        #expect(try prefixes(catalog, "a", limit: 2) == ["a000000000000000", "abcdef0012345678"])
        #expect(try prefixes(catalog, "a", limit: 0).isEmpty)
    }

    @Test(arguments: CatalogBackend.all) func prefixesThatCannotBeIdsFindNothing(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(try prefixes(catalog, "").isEmpty)
        #expect(try prefixes(catalog, "g").isEmpty)
        #expect(try prefixes(catalog, "abcdef00123456780").isEmpty)
        #expect(try prefixes(catalog, "%").isEmpty)
    }

    @Test(arguments: CatalogBackend.all) func shortIDsLookAtNeighbours(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        let ids = Self.hexes.map(CatalogFixtures.id)
        let short = try catalog.shortIDs(for: ids, minimumLength: 8)
        #expect(short.count == ids.count)
        // abcdef00|1… and abcdef00|2… share 8 digits, so both need 9; abcdef01… shares 7 with
        // its nearest neighbour and keeps the minimum 8.
        #expect(short[CatalogFixtures.id("abcdef0012345678")] == "abcdef001")
        #expect(short[CatalogFixtures.id("abcdef0022345678")] == "abcdef002")
        #expect(short[CatalogFixtures.id("abcdef0112345678")] == "abcdef01")
        #expect(short[CatalogFixtures.id("0123456789abcdef")] == "01234567")
        #expect(short[CatalogFixtures.id("9fffffffffffffff")] == "9fffffff")
        #expect(short[CatalogFixtures.id("fffffffffffffff0")] == "fffffffffffffff0")
        #expect(short[CatalogFixtures.id("fffffffffffffff1")] == "fffffffffffffff1")
        // Every short id must find exactly its own asset again.
        for (id, prefix) in short {
            #expect(try catalog.ids(withPrefix: prefix, limit: 2) == [id])
        }
    }

    @Test(arguments: CatalogBackend.all) func shortIDsHonourTheMinimumLength(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        let ids = ["0123456789abcdef", "5555555555555555", "abcdef0012345678"].map(CatalogFixtures.id)
        let short = try catalog.shortIDs(for: ids, minimumLength: 1)
        #expect(short[ids[0]] == "0")
        #expect(short[ids[1]] == "5")
        #expect(short[ids[2]] == "abcdef001")
        #expect(try catalog.shortIDs(for: ids, minimumLength: 20)[ids[0]] == "0123456789abcdef")
    }

    @Test(arguments: CatalogBackend.all) func shortIDOfAnIdNotInTheCatalogAvoidsItsWouldBeNeighbours(
        _ backend: CatalogBackend
    ) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        let stranger = CatalogFixtures.id("abcdef0212345678")
        #expect(try catalog.shortIDs(for: [stranger], minimumLength: 8) == [stranger: "abcdef02"])
        #expect(try catalog.shortIDs(for: [], minimumLength: 8).isEmpty)
    }

    @Test(arguments: CatalogBackend.all) func countCoversEveryState(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        try catalog.applyIndexChanges(scanned: [], missing: [CatalogFixtures.id("5555555555555555")])
        try store.execute("UPDATE assets SET trashed = TRUE WHERE id = '0123456789abcdef'")
        #expect(try catalog.count() == Self.hexes.count)
    }
}
