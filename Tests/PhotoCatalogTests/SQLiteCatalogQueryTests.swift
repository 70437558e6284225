import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoCatalogPostgres
@testable import PhotoFormats
@testable import PhotoSupport

/// Seven assets whose values make each filter and sort choose differently.
@Suite struct SQLiteCatalogQueryTests {
    /// The seven assets, on `backend`: cities come from GPS (as the indexer writes them),
    /// flags and the trash from actions.
    private static func fixture(_ backend: CatalogBackend) throws -> TestCatalog {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        let cities: [Character: String] = ["a": "Zürich", "b": "paris", "c": "Paris", "e": "Berlin", "f": "zürich"]
        func scan(
            _ hex: String, _ path: String, _ taken: String?, _ caption: String?, offset: String? = nil
        ) -> ScannedFile {
            var file = CatalogFixtures.scanned(hex, path, taken: taken, offset: offset, caption: caption)
            let city = cities[hex.last!]
            file.text = AssetText(
                caption: caption, captionSource: caption == nil ? nil : .exif, city: city,
                citySource: city == nil ? nil : .gps)
            return file
        }
        try catalog.applyIndexChanges(
            scanned: [
                scan("000000000000000a", "2019/a.jpg", "2019-07-01T10:00:00", "Été à Paris"),
                scan("000000000000000b", "2019/b.jpg", "2019-07-01T10:00:00", "100% sure_thing", offset: "+02:00"),
                scan("000000000000000c", "2020/c.jpg", "2020-01-01T00:00:00", "ÉTÉ"),
                scan("000000000000000d", "2018/d.jpg", nil, nil),
                scan("000000000000000e", "a.jpg", "2018-12-31T23:59:59", "100 percent"),
                scan("000000000000000f", "z.jpg", "2021-03-04T05:06:07", "e\u{301}te\u{301} decomposed"),
                scan("0000000000000010", "m.jpg", "2019-07-01T09:59:59", "1000"),
            ], missing: [])
        try catalog.applyIndexChanges(scanned: [], missing: [CatalogFixtures.id("000000000000000d")])
        let (a, b, c) = ("000000000000000a", "000000000000000b", "000000000000000c")
        _ = try catalog.apply(
            [
                AssetEdit(id: CatalogFixtures.id(a), change: .favourite(true)),
                AssetEdit(id: CatalogFixtures.id(c), change: .favourite(true)),
                AssetEdit(id: CatalogFixtures.id(b), change: .liked(true)),
                AssetEdit(id: CatalogFixtures.id(c), change: .trash(location: RawPath(".photolib/trash/c.jpg"))),
            ], action: "test")
        return store
    }

    /// The paths `query` returns, in order.
    private func paths(_ catalog: any Catalog, _ configure: (inout AssetQuery) -> Void) throws -> [String] {
        var query = AssetQuery()
        configure(&query)
        return try catalog.assets(matching: query).map(\.file.relativePath.description)
    }

    @Test(arguments: CatalogBackend.all) func defaultHidesTrashAndSortsByPathBytes(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(try paths(catalog) { _ in } == ["2018/d.jpg", "2019/a.jpg", "2019/b.jpg", "a.jpg", "m.jpg", "z.jpg"])
    }

    @Test(arguments: CatalogBackend.all) func trashModes(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(try paths(catalog) { $0.trash = .only } == ["2020/c.jpg"])
        #expect(try paths(catalog) { $0.trash = .included }.count == 7)
    }

    @Test(arguments: CatalogBackend.all) func flags(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(try paths(catalog) { $0.favourite = true } == ["2019/a.jpg"])
        #expect(
            try paths(catalog) {
                $0.favourite = true
                $0.trash = .included
            } == ["2019/a.jpg", "2020/c.jpg"])
        #expect(try paths(catalog) { $0.favourite = false } == ["2018/d.jpg", "2019/b.jpg", "a.jpg", "m.jpg", "z.jpg"])
        #expect(try paths(catalog) { $0.liked = true } == ["2019/b.jpg"])
        #expect(
            try paths(catalog) {
                $0.liked = false
                $0.favourite = false
            } == ["2018/d.jpg", "a.jpg", "m.jpg", "z.jpg"])
        #expect(try paths(catalog) { $0.missing = true } == ["2018/d.jpg"])
    }

    @Test(arguments: CatalogBackend.all) func cityIsExactAndCaseInsensitive(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(try paths(catalog) { $0.city = "PARIS" } == ["2019/b.jpg"])
        #expect(
            try paths(catalog) {
                $0.city = "paris"
                $0.trash = .included
            } == ["2019/b.jpg", "2020/c.jpg"])
        #expect(try paths(catalog) { $0.city = "Pari" }.isEmpty)
        // Non-ASCII letters fold too, which SQLite's NOCASE alone would not do.
        #expect(try paths(catalog) { $0.city = "ZÜRICH" } == ["2019/a.jpg", "z.jpg"])
        #expect(try paths(catalog) { $0.city = "Zurich" }.isEmpty)
    }

    @Test(arguments: CatalogBackend.all) func captionSubstringFoldsUnicodeCase(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(
            try paths(catalog) {
                $0.captionContains = "été"
                $0.trash = .included
            } == ["2019/a.jpg", "2020/c.jpg", "z.jpg"])
        #expect(try paths(catalog) { $0.captionContains = "ÉTÉ À" } == ["2019/a.jpg"])
        #expect(try paths(catalog) { $0.captionContains = "PERCENT" } == ["a.jpg"])
        #expect(try paths(catalog) { $0.captionContains = "no such words" }.isEmpty)
    }

    @Test(arguments: CatalogBackend.all) func percentAndUnderscoreAreLiteral(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(try paths(catalog) { $0.captionContains = "%" } == ["2019/b.jpg"])
        #expect(try paths(catalog) { $0.captionContains = "_" } == ["2019/b.jpg"])
        #expect(try paths(catalog) { $0.captionContains = "100%" } == ["2019/b.jpg"])
        #expect(try paths(catalog) { $0.captionContains = "10_" }.isEmpty)  // LIKE would match "100" and "1000"
    }

    @Test(arguments: CatalogBackend.all) func takenBoundsAreInclusiveThenExclusiveAndDropUndated(
        _ backend: CatalogBackend
    ) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(try paths(catalog) { $0.takenAfter = "2019-07-01T10:00:00" } == ["2019/a.jpg", "2019/b.jpg", "z.jpg"])
        #expect(try paths(catalog) { $0.takenBefore = "2019-07-01T10:00:00" } == ["a.jpg", "m.jpg"])
        #expect(
            try paths(catalog) {
                $0.takenAfter = "2019"
                $0.takenBefore = "2020"
                $0.trash = .included
            }
                == ["2019/a.jpg", "2019/b.jpg", "m.jpg"])
    }

    @Test(arguments: CatalogBackend.all) func sortByTakenPutsUndatedLastAndBreaksTiesByPath(
        _ backend: CatalogBackend
    ) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(
            try paths(catalog) { $0.sort = .taken } == [
                "a.jpg", "m.jpg", "2019/a.jpg", "2019/b.jpg", "z.jpg", "2018/d.jpg",
            ])
    }

    @Test(arguments: CatalogBackend.all) func sortByCityPutsNoCityLast(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(
            try paths(catalog) {
                $0.sort = .city
                $0.trash = .included
            }
                == ["a.jpg", "2019/b.jpg", "2020/c.jpg", "2019/a.jpg", "z.jpg", "2018/d.jpg", "m.jpg"])
    }

    @Test(arguments: CatalogBackend.all) func limitCutsAfterSorting(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(
            try paths(catalog) {
                $0.sort = .taken
                $0.limit = 2
            } == ["a.jpg", "m.jpg"])
        #expect(try paths(catalog) { $0.limit = 0 }.isEmpty)
    }

    @Test(arguments: CatalogBackend.all) func filtersCombine(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        #expect(
            try paths(catalog) {
                $0.city = "paris"
                $0.captionContains = "sure"
                $0.takenAfter = "2019-07-01"
            } == ["2019/b.jpg"])
        #expect(
            try paths(catalog) {
                $0.city = "paris"
                $0.liked = false
                $0.trash = .included
            } == ["2020/c.jpg"])
    }

    @Test(arguments: CatalogBackend.all) func valuesAreBoundNeverWrittenIntoTheSQL(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        var query = AssetQuery()
        query.city = "x' OR '1'='1"
        query.captionContains = "'); DROP TABLE assets; --"
        query.takenAfter = "0' OR 1=1 --"
        let (sql, values) = query.selectSQL(dialect: backend == .sqlite ? .sqlite : .postgres)
        let count = values.count
        #expect(!sql.contains("'1'") && !sql.contains("DROP") && !sql.contains("0'"))
        #expect(count == 3)
        #expect(try catalog.assets(matching: query).isEmpty)
        #expect(try catalog.count() == 7)
    }

    @Test(arguments: CatalogBackend.all) func returnedAssetsCarryTheirRows(_ backend: CatalogBackend) throws {
        let store = try Self.fixture(backend)
        let catalog = store.catalog
        let assets = try catalog.assets(
            matching: {
                var query = AssetQuery()
                query.liked = true
                return query
            }())
        let asset = try #require(assets.first)
        #expect(assets.count == 1)
        #expect(asset == (try catalog.asset(id: CatalogFixtures.id("000000000000000b"))))
        #expect(asset.city == "paris" && asset.citySource == .gps && asset.liked && !asset.favourite)
        #expect(asset.metadata.takenAt == CaptureDate(localTime: "2019-07-01T10:00:00", utcOffset: "+02:00"))
    }
}
