import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// Keyset pages, counts and search terms: every page walk must give exactly the order
/// `assets(matching:)` gives, for every sort, whatever the page size.
@Suite struct SQLiteCatalogPageTests {
    let folder: TemporaryDirectory
    let catalog: SQLiteCatalog

    /// 40 assets: ties on date and city, undated ones, cityless ones, popped and never popped,
    /// cities differing only in case, two trashed.
    init() throws {
        folder = try TemporaryDirectory()
        catalog = try SQLiteCatalog(path: folder.catalogPath)
        var scanned: [ScannedFile] = []
        for index in 0..<40 {
            let hex = String(format: "%016x", index + 1)
            let taken = index % 7 == 0 ? nil : String(format: "2020-0%d-01T10:00:00", index % 3 + 1)
            let caption = index % 5 == 0 ? "Beach day \(index)" : index % 5 == 1 ? "Été à Paris \(index)" : nil
            scanned.append(
                CatalogFixtures.scanned(
                    hex, String(format: "folder%d/photo%02d.jpg", index % 4, 40 - index), taken: taken,
                    caption: caption))
        }
        try catalog.applyIndexChanges(scanned: scanned, missing: [])
        let cities = ["Bordeaux", "bordeaux", "Tokyo", nil, "Zürich"]
        for index in 0..<40 {
            let hex = String(format: "%016x", index + 1)
            if let city = cities[index % cities.count] {
                try CatalogFixtures.execute(
                    "UPDATE assets SET city = ? WHERE id = ?", [.text(city), .text(hex)], on: catalog)
            }
            if index % 3 == 0 {
                // Popped times with fractions that a round trip through Date would blur.
                try CatalogFixtures.execute(
                    "UPDATE assets SET popped_at = ? WHERE id = ?",
                    [.real(1_700_000_000.123_456_7 + Double(index % 4)), .text(hex)], on: catalog)
            }
        }
        try CatalogFixtures.execute(
            "UPDATE assets SET trashed = 1 WHERE id IN ('0000000000000004', '0000000000000009')", on: catalog)
    }

    private func query(_ sort: AssetQuery.Sort, _ configure: (inout AssetQuery) -> Void = { _ in }) -> AssetQuery {
        var query = AssetQuery()
        query.sort = sort
        configure(&query)
        return query
    }

    /// Walks forward from the first page and backward from the last, `size` at a time.
    private func walk(_ query: AssetQuery, size: Int) throws -> (forward: [AssetID], backward: [AssetID]) {
        var forward = try catalog.assets(matching: query, at: .first, limit: size)
        while let last = forward.last {
            let next = try catalog.assets(matching: query, at: .after(last), limit: size)
            if next.isEmpty { break }
            #expect(next.count == size || next.count < size)
            forward += next
        }
        var backward = try catalog.assets(matching: query, at: .last, limit: size)
        while let first = backward.first {
            let previous = try catalog.assets(matching: query, at: .before(first), limit: size)
            if previous.isEmpty { break }
            backward = previous + backward
        }
        return (forward.map(\.id), backward.map(\.id))
    }

    @Test(arguments: AssetQuery.Sort.paged)
    func pagesWalkTheWholeOrderBothWays(sort: AssetQuery.Sort) throws {
        for trash in [AssetQuery.Trash.hidden, .included] {
            let query = query(sort) { $0.trash = trash }
            let expected = try catalog.assets(matching: query).map(\.id)
            #expect(expected.count == (trash == .hidden ? 38 : 40))
            for size in [1, 3, 7, 40, 100] {
                let (forward, backward) = try walk(query, size: size)
                #expect(forward == expected, "forward, \(sort), \(size) a page")
                #expect(backward == expected, "backward, \(sort), \(size) a page")
            }
        }
    }

    /// `--reverse`: the pages follow the reversed list (whose assets without the sort's value
    /// stay last) both ways.
    @Test(arguments: AssetQuery.Sort.paged)
    func reversedPagesWalkTheReversedOrder(sort: AssetQuery.Sort) throws {
        let query = query(sort) { $0.reverse = true }
        let expected = try catalog.assets(matching: query).map(\.id)
        #expect(expected.count == 38)
        for size in [1, 3, 7, 100] {
            let (forward, backward) = try walk(query, size: size)
            #expect(forward == expected, "forward, \(sort), \(size) a page")
            #expect(backward == expected, "backward, \(sort), \(size) a page")
        }
    }

    @Test func pagesFollowFilters() throws {
        let query = query(.taken) {
            $0.city = "bordeaux"
            $0.searchTerms = ["photo"]
        }
        let expected = try catalog.assets(matching: query).map(\.id)
        #expect(expected.count == 16)
        #expect(try walk(query, size: 4).forward == expected)
        #expect(try catalog.count(matching: query) == 16)
    }

    @Test func anAnchorIsPlacedByItsCurrentValues() throws {
        let query = query(.city)
        let all = try catalog.assets(matching: query)
        let moved = all[3]
        try CatalogFixtures.execute(
            "UPDATE assets SET city = 'Aachen' WHERE id = ?", [.text(moved.id.hex)], on: catalog)
        let after = try catalog.assets(matching: query, at: .after(moved), limit: 2)
        #expect(after.map(\.id) == Array(all.map(\.id).filter { $0 != moved.id }.prefix(2)))
    }

    @Test func anAnchorNoLongerInTheCatalogIsPlacedByTheValuesHeld() throws {
        let query = query(.path)
        let all = try catalog.assets(matching: query)
        var ghost = all[10]
        ghost.id = CatalogFixtures.id("00000000000000ff")
        let after = try catalog.assets(matching: query, at: .after(ghost), limit: 3)
        #expect(after.map(\.id) == all[11...13].map(\.id))
        let before = try catalog.assets(matching: query, at: .before(ghost), limit: 2)
        #expect(before.map(\.id) == all[8...9].map(\.id))
    }

    @Test func aZeroLimitAndTheEndsGiveNothingMore() throws {
        let query = query(.popped)
        #expect(try catalog.assets(matching: query, at: .first, limit: 0).isEmpty)
        let all = try catalog.assets(matching: query)
        #expect(try catalog.assets(matching: query, at: .after(all.last!), limit: 5).isEmpty)
        #expect(try catalog.assets(matching: query, at: .before(all.first!), limit: 5).isEmpty)
        #expect(try catalog.assets(matching: query, at: .last, limit: 2).map(\.id) == all.suffix(2).map(\.id))
    }

    @Test func countsIgnoreSortAndLimit() throws {
        #expect(try catalog.count(matching: AssetQuery()) == 38)
        #expect(try catalog.count(matching: query(.popped) { $0.limit = 3 }) == 38)
        #expect(try catalog.count(matching: query(.path) { $0.trash = .only }) == 2)
    }

    @Test func searchTermsMatchCaptionCityOrPathAndCombine() throws {
        func paths(_ terms: [String]) throws -> Set<String> {
            Set(
                try catalog.assets(matching: query(.path) { $0.searchTerms = terms }).map(
                    \.file.relativePath.description))
        }
        #expect(try paths(["beach"]).count == 8)  // captions, any case
        #expect(try paths(["BEACH", "folder0"]) == ["folder0/photo40.jpg", "folder0/photo20.jpg"])
        #expect(try paths(["tokyo"]).count == 8)  // cities
        #expect(try paths(["été"]) == (try paths(["ÉTÉ"])))  // folded beyond ASCII
        #expect(try paths(["été"]).count == 8)
        #expect(try paths(["zurich"]).isEmpty && (try paths(["zürich"])).count == 8)
        #expect(try paths(["photo0"]).count == 9)  // paths (photo01 to photo09, two trashed)
        #expect(try paths(["!folder"]).isEmpty)
        #expect(try paths(["folder1", "!beach"]).count == 8)
        #expect(try paths(["%"]).isEmpty && (try paths(["_"])).isEmpty)  // literal, not wildcards
        #expect(try paths(["!"]).count == 38)  // an empty term is no condition
        #expect(try catalog.count(matching: query(.path) { $0.searchTerms = ["beach", "day"] }) == 8)
    }

    @Test func pagesUseAnIndexForTheirOrder() throws {
        for sort in AssetQuery.Sort.paged {
            let segments = PageSegment.segments(for: sort, dialect: .sqlite)
            for segment in segments + segments.map({ $0.turned(true) }) {
                let order = segment.keys.map { "\($0.expression) \($0.descending ? "DESC" : "ASC")" }.joined(
                    separator: ", ")
                let sql =
                    "SELECT id FROM assets WHERE trashed = 0 \(segment.condition.map { "AND \($0)" } ?? "") "
                    + "ORDER BY \(order) LIMIT 10"
                let plan = try catalog.database.prepare("EXPLAIN QUERY PLAN " + sql).rows { $0.text(at: 3) }
                    .joined(separator: "; ")
                // An index serves the whole order (version 7's, or the path's): nothing is sorted,
                // not even the ties of the first key.
                #expect(plan.contains("USING INDEX") && !plan.contains("TEMP B-TREE"), "\(sort): \(plan)")
            }
        }
    }

    @Test func theChangeStampMovesForOtherConnectionsOnly() throws {
        let first = try #require(try catalog.externalChangeStamp())
        _ = try catalog.apply(
            [AssetEdit(id: CatalogFixtures.id("0000000000000001"), change: .favourite(true))], action: "favourite")
        #expect(try catalog.externalChangeStamp() == first)
        let other = try SQLiteCatalog(path: folder.catalogPath)
        _ = try other.apply(
            [AssetEdit(id: CatalogFixtures.id("0000000000000002"), change: .liked(true))], action: "like")
        #expect(try catalog.externalChangeStamp() != first)
    }
}
