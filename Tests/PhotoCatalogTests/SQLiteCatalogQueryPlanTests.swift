import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoSupport

/// The queries behind collections and `list` read an index, never the whole table, now that
/// version 4 dropped the indexes version 3 superseded.
@Suite struct SQLiteCatalogQueryPlanTests {
    let folder: TemporaryDirectory
    let catalog: SQLiteCatalog

    init() throws {
        folder = try TemporaryDirectory()
        catalog = try SQLiteCatalog(path: folder.catalogPath)
    }

    /// SQLite's plan for `sql`, one detail line per step. The plan does not depend on the
    /// values bound, so each parameter (a `?`; the SQL holds no other) is bound to NULL.
    private func plan(_ sql: String) throws -> [String] {
        let parameters = [SQLiteValue](repeating: .null, count: sql.filter { $0 == "?" }.count)
        return try catalog.database.prepare("EXPLAIN QUERY PLAN " + sql).rows(parameters) { $0.text(at: 3) }
    }

    /// Every way `list` and the collections read the assets table: each collection counted
    /// and listed, in the trash and out of it.
    private func runEveryCollectionQuery() throws {
        let now = Date()
        _ = try catalog.collections(now: now)
        let collections: [AssetCollection] = [
            .all, .favourites, .liked, .city("Bordeaux"), .city("Besançon"), .year(2015), .recentlyAdded,
            .recentlyPopped, .trash,
        ]
        for collection in collections {
            for trash in [AssetQuery.Trash.hidden, .only] {
                var base = AssetQuery()
                base.trash = trash
                _ = try catalog.assets(matching: collection.query(now: now, base: base))
            }
        }
    }

    @Test func everyCollectionQueryReadsAnIndex() throws {
        try runEveryCollectionQuery()
        let queries = catalog.database.cachedSQL.filter { $0.hasPrefix("SELECT") && $0.contains("FROM assets") }
        // (Since version 14 the collections' own counts read `collection_counts`, not the assets.)
        #expect(queries.count >= 15)
        for sql in queries {
            let steps = try plan(sql)
            let readsAssets = steps.filter { $0.contains(" assets") }
            #expect(!readsAssets.isEmpty, "\(sql)")
            for step in readsAssets {
                #expect(step.contains("USING INDEX") || step.contains("USING COVERING INDEX"), "\(sql): \(step)")
                for dropped in SQLiteCatalogMigrationTests.superseded {
                    #expect(!step.contains(dropped + " "), "\(sql): \(step)")
                }
            }
        }
    }

    /// Version 3's partial indexes, and version 7's, which replaced `assets_shown_by_popped`
    /// and serve a city's assets too.
    @Test func collectionsUsePartialIndexes() throws {
        let since = "SELECT count(*) FROM assets WHERE trashed = 0 AND"
        #expect(
            try plan("SELECT count(*) FROM assets WHERE favourite = 1 AND trashed = 0")
                == ["SEARCH assets USING INDEX assets_shown_favourite (trashed=?)"])
        #expect(
            try plan("SELECT count(*) FROM assets WHERE liked = 1 AND trashed = 0")
                == ["SEARCH assets USING INDEX assets_shown_liked (trashed=?)"])
        #expect(
            try plan("\(since) popped_at IS NOT NULL AND popped_at >= ?")
                == ["SEARCH assets USING INDEX assets_shown_in_popped_order (popped_at>?)"])
        #expect(
            try plan("SELECT id FROM assets WHERE trashed = 0 AND city = ? COLLATE NOCASE")
                == ["SEARCH assets USING INDEX assets_shown_in_city_order (city=?)"])
    }

    /// `list --keyword` and the keyword collections find their assets through the keyword
    /// table's primary key (a range for a hierarchy), then each asset by its id: the assets
    /// table is never walked (listing the collections reads every keyword row, no more).
    @Test func keywordsAreFoundThroughTheirTable() throws {
        var file = CatalogFixtures.scanned("00000000000000c1", "a.jpg")
        file.text = AssetText(keywords: ["Places/France/Bordeaux"])
        try catalog.applyIndexChanges(scanned: [file], missing: [])
        var query = AssetQuery()
        query.keywords = ["places"]
        #expect(try catalog.assets(matching: query).count == 1)
        #expect(try catalog.collections(now: Date()).filter { $0.collection.kind == "keyword" }.count == 3)
        let queries = catalog.database.cachedSQL.filter { $0.contains("asset_keywords") }
        #expect(queries.count >= 3)
        for sql in queries {
            let steps = try plan(sql)
            for step in steps where step.contains(" assets ") || step.hasSuffix(" assets") || step.contains(" a ") {
                #expect(step.hasPrefix("SEARCH"), "\(sql): \(step)")
            }
        }
    }
}
