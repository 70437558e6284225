import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog

@Suite struct SQLiteCatalogCollectionsTests {

    private func add(_ hex: String, city: String?, taken: String?) -> ScannedFile {
        var file = CatalogFixtures.scanned(hex, "\(hex).jpg", taken: taken)
        file.text = AssetText(city: city, citySource: city == nil ? nil : .gps)
        return file
    }

    @Test(arguments: CatalogBackend.all) func countsEveryCollectionAndListsEach(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        try catalog.applyIndexChanges(
            scanned: [
                add("00000000000000a1", city: "Bordeaux", taken: "2015-06-13T16:42:07"),
                add("00000000000000a2", city: "bordeaux", taken: "2015-07-04T11:25:31"),
                add("00000000000000a3", city: "Tokyo", taken: "2016-04-02T10:00:00"),
                add("00000000000000a4", city: nil, taken: nil),
                add("00000000000000a5", city: "Kortrijk", taken: "2016-08-01T12:00:00"),
            ], missing: [])
        try store.execute("UPDATE assets SET favourite = TRUE WHERE id IN ('00000000000000a1', '00000000000000a5')")
        try store.execute("UPDATE assets SET liked = TRUE WHERE id = '00000000000000a3'")
        try store.execute("UPDATE assets SET trashed = TRUE WHERE id = '00000000000000a5'")
        // Added long ago, so outside Recently Added.
        try store.execute("UPDATE assets SET added_at = 0 WHERE id = '00000000000000a4'")
        let now = Date()
        try catalog.markPopped([CatalogFixtures.id("00000000000000a2")], at: now)
        try catalog.markPopped([CatalogFixtures.id("00000000000000a3")], at: now.addingTimeInterval(-40 * 86_400))

        let counts = try catalog.collections(now: now)
        #expect(
            counts == [
                CollectionCount(.all, 4), CollectionCount(.favourites, 1), CollectionCount(.liked, 1),
                CollectionCount(.city("Bordeaux"), 2), CollectionCount(.city("Tokyo"), 1),
                CollectionCount(.year(2016), 1), CollectionCount(.year(2015), 2),
                CollectionCount(.recentlyAdded, 3), CollectionCount(.recentlyPopped, 1), CollectionCount(.trash, 1),
            ])
        // Listing a collection gives exactly as many assets as its count says.
        for entry in counts {
            #expect(
                try catalog.assets(matching: entry.collection.query(now: now)).count == entry.count,
                "\(entry.collection)")
        }
        #expect(
            try catalog.assets(matching: AssetCollection.recentlyPopped.query(now: now)).map(\.id.hex) == [
                "00000000000000a2"
            ])
    }

    /// Spellings that only byte order and ASCII-only case folding place the same way: every
    /// backend groups, names and sorts them as SQLite's NOCASE does.
    @Test(arguments: CatalogBackend.all) func citiesGroupAndSortAlikeEverywhere(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let cities = ["zürich", "École", "Ankara", "_x", "ZÜRICH", "b", "école", "ankara", "Zürich"]
        try store.catalog.applyIndexChanges(
            scanned: cities.enumerated().map { index, city in
                add(String(format: "00000000000000%02x", index), city: city, taken: nil)
            }, missing: [])
        let counts = try store.catalog.collections(now: Date()).filter { $0.collection.kind == "city" }
        #expect(
            counts == [
                CollectionCount(.city("_x"), 1), CollectionCount(.city("Ankara"), 2), CollectionCount(.city("b"), 1),
                CollectionCount(.city("ZÜRICH"), 1), CollectionCount(.city("Zürich"), 2),
                CollectionCount(.city("École"), 1), CollectionCount(.city("école"), 1),
            ])
        var query = AssetQuery()
        query.sort = .city
        #expect(
            try store.catalog.assets(matching: query).map { $0.city ?? "" } == [
                "_x", "Ankara", "ankara", "b", "ZÜRICH", "zürich", "Zürich", "École", "école",
            ])
        query.city = "ZÜRICH"
        #expect(try store.catalog.assets(matching: query).map { $0.city ?? "" } == ["ZÜRICH", "zürich", "Zürich"])
        query.city = "ANKARA"
        #expect(try store.catalog.assets(matching: query).count == 2)
    }

    @Test func everyCountIsAnsweredByAnIndex() throws {
        let folder = try TemporaryDirectory()
        let catalog = try SQLiteCatalog(path: folder.catalogPath)
        let statements = [
            "SELECT count(*) FROM assets INDEXED BY assets_shown_by_added WHERE trashed = 0",
            "SELECT count(*) FROM assets WHERE favourite = 1 AND trashed = 0",
            "SELECT count(*) FROM assets WHERE liked = 1 AND trashed = 0",
            "SELECT min(city), count(*) FROM assets INDEXED BY assets_shown_by_city WHERE trashed = 0 AND city IS NOT NULL GROUP BY city COLLATE NOCASE ORDER BY city COLLATE NOCASE",
            "SELECT substr(taken_local, 1, 4), count(*) FROM assets WHERE trashed = 0 AND taken_local IS NOT NULL GROUP BY substr(taken_local, 1, 4) ORDER BY substr(taken_local, 1, 4) DESC",
            "SELECT count(*) FROM assets WHERE trashed = 0 AND added_at >= 0",
            "SELECT count(*) FROM assets WHERE trashed = 0 AND popped_at IS NOT NULL AND popped_at >= 0",
            "SELECT count(*) FROM assets WHERE trashed = 1",
            "SELECT id FROM assets WHERE city = 'Bordeaux' COLLATE NOCASE AND trashed = 0",
        ]
        for sql in statements {
            let plan = try catalog.database.prepare("EXPLAIN QUERY PLAN " + sql).rows { $0.text(at: 3) }.joined(
                separator: "; ")
            #expect(plan.contains("COVERING INDEX") || plan.contains("USING INDEX"), "\(sql): \(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(sql): \(plan)")
        }
    }

    @Test(arguments: [
        ("all", AssetCollection.all), ("Favorites", .favourites), ("liked", .liked), ("Recently Added", .recentlyAdded),
        ("recently-popped", .recentlyPopped), ("TRASH", .trash), ("2015", .year(2015)), ("city:Trash", .city("Trash")),
        ("Bordeaux", .city("Bordeaux")), ("12345", .city("12345")),
    ])
    func selectorsAndTitlesBothName(text: String, expected: AssetCollection) {
        #expect(AssetCollection(selector: text) == expected)
        #expect(AssetCollection(selector: expected.selector) == expected)
    }
}
