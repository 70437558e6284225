import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// The browsers' burst cells, on both stores: `oneFramePerBurst` keeps of each burst the
/// first frame (by path) that matches the other filters, and `burstId` selects one burst's
/// frames. The answers are held to the same grouping done here in Swift over the whole
/// list, and keyset pages walked a few assets at a time, both ways and in every paged sort,
/// give exactly that list.
@Suite struct CatalogBurstCellsTests {
    static let bursts = ["B0-FIRST", "B1-SECOND", "B2-THIRD"]

    /// 30 assets: every third of the first 24 in one of three bursts, the rest in none;
    /// dates shuffled against paths, so that a burst's first frame by path is not its first
    /// by date; captions on some, so that a filter can leave a burst's first frame out.
    static func fill(_ store: TestCatalog) throws -> [String: String] {
        var scanned: [ScannedFile] = []
        var burstOf: [String: String] = [:]
        for index in 0..<30 {
            let hex = String(format: "%016x", index + 1)
            let taken = index % 5 == 0 ? nil : String(format: "2021-01-01T10:%02d:00", (index * 7) % 30)
            var file = CatalogFixtures.scanned(
                hex, String(format: "shots/IMG_%04d.jpg", 100 - index), taken: taken,
                caption: index % 2 == 0 ? "even \(index)" : nil)
            if index < 24 {
                file.metadata.burstId = bursts[index % 3]
                burstOf[hex] = bursts[index % 3]
            }
            scanned.append(file)
        }
        try store.catalog.applyIndexChanges(scanned: scanned, missing: [])
        // A burst's first frame by path in the trash: the next one stands for the burst.
        try store.execute("UPDATE assets SET trashed = TRUE WHERE id = '0000000000000017'")
        return burstOf
    }

    /// The grouping done in Swift: every asset the query matches, in its order, with only the
    /// first by path of each burst kept.
    static func expected(_ catalog: any Catalog, _ query: AssetQuery) throws -> [String] {
        let all = try catalog.assets(matching: query)
        var first: [String: RawPath] = [:]
        for asset in all {
            guard let burst = asset.metadata.burstId else { continue }
            if let known = first[burst], known.bytes.lexicographicallyPrecedes(asset.file.relativePath.bytes) {
                continue
            }
            first[burst] = asset.file.relativePath
        }
        return all.filter { asset in
            asset.metadata.burstId.map { first[$0] == asset.file.relativePath } ?? true
        }.map(\.id.hex)
    }

    /// The query's assets read by keyset pages of three, forwards from the first and
    /// backwards from the last.
    static func paged(_ catalog: any Catalog, _ query: AssetQuery) throws -> (forward: [String], backward: [String]) {
        var forward = try catalog.assets(matching: query, at: .first, limit: 3)
        while let last = forward.last {
            let next = try catalog.assets(matching: query, at: .after(last), limit: 3)
            if next.isEmpty { break }
            forward += next
        }
        var backward = try catalog.assets(matching: query, at: .last, limit: 3)
        while let first = backward.first {
            let earlier = try catalog.assets(matching: query, at: .before(first), limit: 3)
            if earlier.isEmpty { break }
            backward = earlier + backward
        }
        return (forward.map(\.id.hex), backward.map(\.id.hex))
    }

    @Test(arguments: CatalogBackend.all) func oneCellPerBurstWhateverTheFiltersAndTheOrder(
        _ backend: CatalogBackend
    ) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        let burstOf = try Self.fill(store)
        for sort in AssetQuery.Sort.paged {
            for reverse in [false, true] {
                for terms in [[], ["even"], ["!even"]] {
                    var plain = AssetQuery()
                    plain.sort = sort
                    plain.reverse = reverse
                    plain.searchTerms = terms
                    var cells = plain
                    cells.oneFramePerBurst = true
                    let expected = try Self.expected(catalog, plain)
                    let label = "\(sort) reverse \(reverse) \(terms)"
                    #expect(try catalog.assets(matching: cells).map(\.id.hex) == expected, "\(label)")
                    #expect(try catalog.count(matching: cells) == expected.count, "\(label)")
                    let pages = try Self.paged(catalog, cells)
                    #expect(pages.forward == expected && pages.backward == expected, "\(label)")
                    // Each burst that has a frame matching stands once; the rest all stay.
                    let shown = Set(expected.compactMap { burstOf[$0] })
                    let matching = try catalog.assets(matching: plain)
                    #expect(shown == Set(matching.compactMap(\.metadata.burstId)), "\(label)")
                    #expect(
                        expected.filter { burstOf[$0] == nil }.count
                            == matching.filter { $0.metadata.burstId == nil }.count, "\(label)")
                }
            }
        }
        // Eight frames each; the one in the trash is not counted; the filters still apply.
        for burst in Self.bursts {
            var frames = AssetQuery()
            frames.burstId = burst
            let counted = try catalog.count(matching: frames)
            let listed = try catalog.assets(matching: AssetQuery()).filter { $0.metadata.burstId == burst }
            #expect(counted == listed.count && counted == (burst == "B1-SECOND" ? 7 : 8), "\(burst)")
            frames.searchTerms = ["even"]
            #expect(
                try catalog.count(matching: frames) == listed.filter { $0.caption?.hasPrefix("even") == true }.count)
        }
        var none = AssetQuery()
        none.burstId = "NOT-A-BURST"
        #expect(try catalog.count(matching: none) == 0)
    }
}
