import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog

@Suite struct SQLiteCatalogCollectionsTests {
    let folder: TemporaryDirectory
    let catalog: SQLiteCatalog

    init() throws {
        folder = try TemporaryDirectory()
        catalog = try SQLiteCatalog(path: folder.catalogPath)
    }

    private func add(_ hex: String, city: String?, taken: String?) -> ScannedFile {
        var file = CatalogFixtures.scanned(hex, "\(hex).jpg", taken: taken)
        file.text = AssetText(city: city, citySource: city == nil ? nil : .gps)
        return file
    }

    private func set(_ sql: String) throws { try catalog.database.execute(sql) }

    @Test func countsEveryCollectionAndListsEach() throws {
        try catalog.applyIndexChanges(
            scanned: [
                add("00000000000000a1", city: "Bordeaux", taken: "2015-06-13T16:42:07"),
                add("00000000000000a2", city: "bordeaux", taken: "2015-07-04T11:25:31"),
                add("00000000000000a3", city: "Tokyo", taken: "2016-04-02T10:00:00"),
                add("00000000000000a4", city: nil, taken: nil),
                add("00000000000000a5", city: "Kortrijk", taken: "2016-08-01T12:00:00"),
            ], missing: [])
        try set("UPDATE assets SET favourite = 1 WHERE id IN ('00000000000000a1', '00000000000000a5')")
        try set("UPDATE assets SET liked = 1 WHERE id = '00000000000000a3'")
        try set("UPDATE assets SET trashed = 1 WHERE id = '00000000000000a5'")
        // Added long ago, so outside Recently Added.
        try set("UPDATE assets SET added_at = 0 WHERE id = '00000000000000a4'")
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

    @Test func everyCountIsAnsweredByAnIndex() throws {
        let statements = [
            "SELECT count(*) FROM assets INDEXED BY assets_shown_by_added WHERE trashed = 0",
            "SELECT count(*) FROM assets WHERE favourite = 1 AND trashed = 0",
            "SELECT count(*) FROM assets WHERE liked = 1 AND trashed = 0",
            "SELECT city, count(*) FROM assets INDEXED BY assets_shown_by_city WHERE trashed = 0 AND city IS NOT NULL GROUP BY city COLLATE NOCASE ORDER BY city COLLATE NOCASE",
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
