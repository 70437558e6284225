import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// Keywords and ratings on every backend: stored by an index pass, found by `--keyword`
/// (a hierarchy finds its children), kept when a person edited them, counted as collections.
@Suite struct CatalogKeywordTests {
    static func file(_ hex: String, _ path: String, keywords: [String], rating: Int? = nil) -> ScannedFile {
        var file = CatalogFixtures.scanned(hex, path)
        file.text = AssetText(rating: rating, keywords: keywords)
        return file
    }

    static func ids(_ catalog: any Catalog, _ change: (inout AssetQuery) -> Void) throws -> [String] {
        var query = AssetQuery()
        change(&query)
        return try catalog.assets(matching: query).map { String($0.id.hex.suffix(2)) }
    }

    @Test(arguments: CatalogBackend.all) func keywordsAreFoundByHierarchyIgnoringCase(_ backend: CatalogBackend) throws
    {
        let test = try TestCatalog(backend)
        let catalog = test.catalog
        try catalog.applyIndexChanges(
            scanned: [
                Self.file("00000000000000a1", "a.jpg", keywords: ["Places/France/Bordeaux", "holiday"], rating: 3),
                Self.file("00000000000000a2", "b.jpg", keywords: ["Places/Francey"], rating: 5),
                Self.file("00000000000000a3", "c.jpg", keywords: ["places/france"]),
                Self.file("00000000000000a4", "d.jpg", keywords: []),
            ], missing: [])
        #expect(
            try catalog.asset(id: CatalogFixtures.id("00000000000000a1"))?.keywords
                == ["Places/France/Bordeaux", "holiday"])
        #expect(try Self.ids(catalog) { $0.keywords = ["PLACES/FRANCE"] } == ["a1", "a3"])
        #expect(try Self.ids(catalog) { $0.keywords = ["Places"] } == ["a1", "a2", "a3"])
        #expect(try Self.ids(catalog) { $0.keywords = ["Places/France/Bordeaux"] } == ["a1"])
        #expect(try Self.ids(catalog) { $0.keywords = ["Places/Fr"] } == [])
        // At any level, whole levels only: a leaf, a level in the middle, a path below the top.
        #expect(try Self.ids(catalog) { $0.keywords = ["bordeaux"] } == ["a1"])
        #expect(try Self.ids(catalog) { $0.keywords = ["France"] } == ["a1", "a3"])
        #expect(try Self.ids(catalog) { $0.keywords = ["France/Bordeaux"] } == ["a1"])
        #expect(try Self.ids(catalog) { $0.keywords = ["Francey"] } == ["a2"])
        #expect(try Self.ids(catalog) { $0.keywords = ["rance"] } == [])
        #expect(try Self.ids(catalog) { $0.keywords = ["Places", "holiday"] } == ["a1"])
        #expect(try Self.ids(catalog) { $0.minimumRating = 4 } == ["a2"])
        #expect(try Self.ids(catalog) { $0.rating = 3 } == ["a1"])
        #expect(try Self.ids(catalog) { $0.rating = 0 } == ["a3", "a4"])
        // Paging goes through the same filter.
        var query = AssetQuery()
        query.keywords = ["places/france"]
        #expect(try catalog.count(matching: query) == 2)

        let keywords = try catalog.collections(now: Date()).filter { $0.collection.kind == "keyword" }
        #expect(
            keywords.map(\.collection.title) == [
                "#holiday", "#Places", "#Places/France", "#Places/France/Bordeaux", "#Places/Francey",
            ])
        #expect(keywords.map(\.count) == [1, 3, 2, 1, 1])
        #expect(
            try Self.ids(catalog) { $0 = AssetCollection.keyword("places/france").query(now: Date()) } == ["a1", "a3"])
    }

    @Test(arguments: CatalogBackend.all) func anIndexKeepsWhatAPersonSet(_ backend: CatalogBackend) throws {
        let test = try TestCatalog(backend)
        let catalog = test.catalog
        let id = CatalogFixtures.id("00000000000000b1")
        try catalog.applyIndexChanges(
            scanned: [Self.file("00000000000000b1", "a.jpg", keywords: ["sea"], rating: 2)], missing: [])
        let edited = try catalog.apply(
            [
                AssetEdit(id: id, change: .addKeywords(["Trips / 2015", "SEA"])),
                AssetEdit(id: id, change: .rating(4)),
            ], action: "test")
        #expect(edited.last?.keywords == ["sea", "Trips/2015"])
        #expect(edited.last?.rating == 4 && edited.last?.ratingSource == .user)
        let log = try catalog.history(for: id, limit: nil).map { "\($0.change.field) \($0.change.newValue ?? "-")" }
        #expect(log == ["keywords sea; Trips/2015", "rating 4"])

        // The file changes: the person's keywords and rating stay.
        try catalog.applyIndexChanges(
            scanned: [Self.file("00000000000000b1", "a.jpg", keywords: ["lake"], rating: 1)], missing: [])
        let asset = try #require(try catalog.asset(id: id))
        #expect(asset.keywords == ["sea", "Trips/2015"] && asset.keywordsSource == .user)
        #expect(asset.rating == 4)
        #expect(try Self.ids(catalog) { $0.keywords = ["lake"] } == [])
        #expect(try Self.ids(catalog) { $0.keywords = ["trips"] } == ["b1"])

        _ = try catalog.apply(
            [AssetEdit(id: id, change: .removeKeywords(["trips"])), AssetEdit(id: id, change: .rating(0))],
            action: "test")
        #expect(try catalog.asset(id: id)?.keywords == ["sea"])
        #expect(try catalog.asset(id: id)?.rating == nil)
        #expect(try Self.ids(catalog) { $0.keywords = ["trips"] } == [])
        // Deleting the asset takes its keyword rows along.
        _ = try catalog.apply([AssetEdit(id: id, change: .trash(location: RawPath("t/a.jpg")))], action: "delete")
        #expect(try catalog.purge([id]) == [id])
        #expect(try test.text("SELECT CAST(count(*) AS TEXT) FROM asset_keywords") == "0")
    }
}
