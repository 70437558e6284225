import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoCatalogPostgres
@testable import PhotoSupport

/// Keyset pages, counts, search terms and the change stamp on PostgreSQL, held to the SQLite
/// catalog's answers for the same assets: a browser must show the same sequence on either.
/// (The SQLite catalog's own rules are in `SQLiteCatalogPageTests`.)
@Suite(.enabled(if: PostgresTestServer.isAvailable, "no PostgreSQL server installed"))
struct CatalogPageParityTests {
    let sqlite: TestCatalog
    let postgres: TestCatalog

    /// The 40 assets of `SQLiteCatalogPageTests` on both stores: ties on date and city,
    /// undated ones, cityless ones, popped and never popped, cities differing only in case,
    /// two trashed.
    init() throws {
        sqlite = try TestCatalog(.sqlite)
        postgres = try TestCatalog(.postgres)
        for store in [sqlite, postgres] { try Self.fill(store) }
    }

    private static func fill(_ store: TestCatalog) throws {
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
        try store.catalog.applyIndexChanges(scanned: scanned, missing: [])
        // Cities through the catalog's own edit, which keeps PostgreSQL's folded copy.
        let cities = ["Bordeaux", "bordeaux", "Tokyo", nil, "Zürich"]
        _ = try store.catalog.apply(
            (0..<40).compactMap { index in
                cities[index % cities.count].map {
                    AssetEdit(id: CatalogFixtures.id(String(format: "%016x", index + 1)), change: .city($0))
                }
            }, action: "city")
        for index in 0..<40 {
            let hex = String(format: "%016x", index + 1)
            if index % 3 == 0 {
                // Fractions that a round trip through Date would blur.
                try store.execute(
                    "UPDATE assets SET popped_at = \(1_700_000_000.123_456_7 + Double(index % 4)) WHERE id = '\(hex)'")
            }
        }
        try store.execute("UPDATE assets SET trashed = TRUE WHERE id IN ('0000000000000004', '0000000000000009')")
    }

    private func query(_ sort: AssetQuery.Sort, _ configure: (inout AssetQuery) -> Void = { _ in }) -> AssetQuery {
        var query = AssetQuery()
        query.sort = sort
        configure(&query)
        return query
    }

    /// Walks forward from the first page and backward from the last, `size` at a time.
    private func walk(
        _ query: AssetQuery, size: Int, on catalog: any Catalog
    ) throws -> (forward: [AssetID], backward: [AssetID]) {
        var forward = try catalog.assets(matching: query, at: .first, limit: size)
        while let last = forward.last {
            let next = try catalog.assets(matching: query, at: .after(last), limit: size)
            if next.isEmpty { break }
            #expect(next.count <= size)
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
    func pagesGiveTheSameSequenceAsOnSQLite(sort: AssetQuery.Sort) throws {
        for trash in [AssetQuery.Trash.hidden, .included] {
            let query = query(sort) { $0.trash = trash }
            let expected = try sqlite.catalog.assets(matching: query).map(\.id)
            #expect(expected.count == (trash == .hidden ? 38 : 40))
            #expect(try postgres.catalog.assets(matching: query).map(\.id) == expected, "\(sort), whole")
            for size in [1, 3, 7, 40, 100] {
                let (forward, backward) = try walk(query, size: size, on: postgres.catalog)
                #expect(forward == expected, "forward, \(sort), \(size) a page")
                #expect(backward == expected, "backward, \(sort), \(size) a page")
                #expect(try walk(query, size: size, on: sqlite.catalog).forward == expected)
            }
        }
    }

    /// `--reverse` in a browser: the pages turn the order as the whole list does, on both
    /// stores, and the assets without the sort's value stay last.
    @Test(arguments: AssetQuery.Sort.paged)
    func reversedPagesFollowTheReversedList(sort: AssetQuery.Sort) throws {
        let reversed = query(sort) { $0.reverse = true }
        let expected = try sqlite.catalog.assets(matching: reversed).map(\.id)
        #expect(expected.count == 38)
        #expect(try postgres.catalog.assets(matching: reversed).map(\.id) == expected, "\(sort), whole")
        for size in [1, 3, 7, 100] {
            for catalog in [sqlite.catalog, postgres.catalog] {
                let (forward, backward) = try walk(reversed, size: size, on: catalog)
                #expect(forward == expected, "forward, \(sort), \(size) a page")
                #expect(backward == expected, "backward, \(sort), \(size) a page")
            }
        }
        let whole = try sqlite.catalog.assets(matching: reversed)
        switch sort {
        case .taken:
            let undated = whole.drop { $0.metadata.takenAt != nil }
            #expect(!undated.isEmpty && undated.allSatisfy { $0.metadata.takenAt == nil })
        case .city:
            let cityless = whole.drop { $0.city != nil }
            #expect(!cityless.isEmpty && cityless.allSatisfy { $0.city == nil })
        case .popped:
            let never = whole.drop { $0.poppedAt != nil }
            #expect(!never.isEmpty && never.allSatisfy { $0.poppedAt == nil })
        default:
            #expect(whole.map(\.id) == Array(try sqlite.catalog.assets(matching: query(sort)).map(\.id).reversed()))
        }
    }

    @Test func pagesFollowFiltersAndCountsIgnoreSortAndLimit() throws {
        let filtered = query(.taken) {
            $0.city = "bordeaux"
            $0.searchTerms = ["photo"]
        }
        let expected = try sqlite.catalog.assets(matching: filtered).map(\.id)
        #expect(expected.count == 16)
        #expect(try walk(filtered, size: 4, on: postgres.catalog).forward == expected)
        #expect(try postgres.catalog.count(matching: filtered) == 16)
        #expect(try postgres.catalog.count(matching: AssetQuery()) == 38)
        #expect(try postgres.catalog.count(matching: query(.popped) { $0.limit = 3 }) == 38)
        #expect(try postgres.catalog.count(matching: query(.path) { $0.trash = .only }) == 2)
    }

    @Test func searchTermsFindWhatTheyFindOnSQLite() throws {
        let terms: [[String]] = [
            ["beach"], ["BEACH", "folder0"], ["tokyo"], ["été"], ["ÉTÉ"], ["zurich"], ["zürich"], ["photo0"],
            ["!folder"], ["folder1", "!beach"], ["%"], ["_"], ["\\"], ["!"], ["beach", "day"], ["à paris 1"],
            ["r2/photo"], ["BORDEAUX", "!été"],
        ]
        for term in terms {
            let query = query(.path) { $0.searchTerms = term }
            let expected = try sqlite.catalog.assets(matching: query).map(\.id)
            #expect(try postgres.catalog.assets(matching: query).map(\.id) == expected, "\(term)")
            #expect(try postgres.catalog.count(matching: query) == expected.count, "\(term)")
        }
        #expect(try postgres.catalog.count(matching: query(.path) { $0.searchTerms = ["zürich"] }) == 8)
    }

    @Test func anchorsArePlacedByCurrentValuesOrByTheValuesHeld() throws {
        let byCity = query(.city)
        let all = try postgres.catalog.assets(matching: byCity)
        let moved = all[3]
        try postgres.execute("UPDATE assets SET city = 'Aachen' WHERE id = '\(moved.id.hex)'")
        let after = try postgres.catalog.assets(matching: byCity, at: .after(moved), limit: 2)
        #expect(after.map(\.id) == Array(all.map(\.id).filter { $0 != moved.id }.prefix(2)))

        let byPath = try postgres.catalog.assets(matching: query(.path))
        var ghost = byPath[10]
        ghost.id = CatalogFixtures.id("00000000000000ff")
        #expect(
            try postgres.catalog.assets(matching: query(.path), at: .after(ghost), limit: 3).map(\.id)
                == byPath[11...13].map(\.id))
        #expect(
            try postgres.catalog.assets(matching: query(.path), at: .before(ghost), limit: 2).map(\.id)
                == byPath[8...9].map(\.id))
        #expect(try postgres.catalog.assets(matching: query(.popped), at: .first, limit: 0).isEmpty)
    }

    @Test func pagesUseAnIndexForTheirOrder() throws {
        let connection = try #require(postgres.catalog as? PostgresCatalog).connection
        // 40 rows are read (and the few undated or unplaced ones sorted) faster than walked in
        // an index: tell the planner to walk one wherever one serves the order. At scale the
        // segments of assets without a value walk the path's own index.
        try connection.execute("SET enable_seqscan = off")
        try connection.execute("SET enable_sort = off")
        for sort in AssetQuery.Sort.paged {
            for segment in PageSegment.segments(for: sort, dialect: .postgres) {
                let order = segment.keys.map { "\($0.expression) \($0.descending ? "DESC" : "ASC")" }.joined(
                    separator: ", ")
                let sql =
                    "SELECT id FROM assets WHERE NOT trashed \(segment.condition.map { "AND \($0)" } ?? "") "
                    + "ORDER BY \(order) LIMIT 10"
                let plan = try connection.execute("EXPLAIN " + sql).rows.map { $0.text(0) }.joined(separator: "; ")
                // An index serves the whole order: nothing is sorted, not even the first key's ties.
                #expect(plan.contains("Index") && !plan.contains("Sort"), "\(sort): \(plan)")
            }
        }
    }

    @Test func theChangeStampMovesWhenAnotherConnectionCommits() throws {
        let catalog = postgres.catalog
        let before = try #require(try catalog.externalChangeStamp())
        let other = try postgres.reopen()
        _ = try other.apply(
            [AssetEdit(id: CatalogFixtures.id("0000000000000002"), change: .liked(true))], action: "like")
        let after = try #require(try catalog.externalChangeStamp())
        #expect(after != before)
        #expect(try catalog.asset(id: CatalogFixtures.id("0000000000000002"))?.liked == true)
    }
}
