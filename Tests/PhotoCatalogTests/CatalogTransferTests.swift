import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// `CatalogTransfer` between every pair of backends: what one exports, the other imports
/// and exports again unchanged, to the last bit of every time.
@Suite struct CatalogTransferTests {
    static var pairs: [(CatalogBackend, CatalogBackend)] {
        CatalogBackend.all.flatMap { from in CatalogBackend.all.map { (from, $0) } }
    }

    @Test(arguments: pairs) func everyRowAndEveryBitArrives(from: CatalogBackend, to: CatalogBackend) throws {
        let source = try TestCatalog(from)
        var odd = CatalogFixtures.scanned(
            "00000000000000aa", RawPath(bytes: Array("caf".utf8) + [0xE9, 0x2F, 0x61]), taken: "2001-01-01T00:00:00",
            offset: "+01:00", caption: "Été", make: "Canon",
            gps: GPSCoordinate(latitude: 0.1, longitude: -1e-300, altitude: nil), damage: "truncated")
        odd.text = AssetText(
            caption: "Été", captionSource: .xmp, city: "Zürich", citySource: .gps, region: "ZH", countryCode: "CH",
            countryName: "Switzerland", rating: 5, keywords: ["Places/Suisse/Zürich", "Fête \"quoted\""],
            keywordsSource: .sidecar)
        odd.sidecarStamp = "12:34:a.xmp"
        odd.undecodable = true
        odd.contentHash = "0123456789abcdef0123456789abcdef"
        try source.catalog.applyIndexChanges(
            scanned: [odd, CatalogFixtures.scanned("00000000000000bb", "b.jpg")], missing: [])
        _ = try source.catalog.apply(
            [
                AssetEdit(id: CatalogFixtures.id("00000000000000aa"), change: .favourite(true)),
                AssetEdit(id: CatalogFixtures.id("00000000000000bb"), change: .trash(location: RawPath("t/b.jpg"))),
            ], action: "test")
        // Times whose Double a round trip through Date would not keep.
        try source.execute(
            "UPDATE assets SET added_at = 0.1, popped_at = 978307199.9999999 WHERE id = '00000000000000aa'")
        let transfer = try #require(source.catalog as? any CatalogTransfer)

        let target = try TestCatalog(to)
        let destination = try #require(target.catalog as? any CatalogTransfer)
        try transfer.whileFrozen {
            try destination.importAssets(try transfer.exportAssets(after: nil, limit: 10))
            try destination.importEvents(try transfer.exportEvents(after: 0, limit: 10))
            try destination.importInfo(try transfer.exportInfo())
        }
        #expect(try destination.exportAssets(after: nil, limit: 10) == transfer.exportAssets(after: nil, limit: 10))
        #expect(try destination.exportEvents(after: 0, limit: 10) == transfer.exportEvents(after: 0, limit: 10))
        #expect(try destination.exportInfo() == transfer.exportInfo())
        #expect(try destination.contentCounts() == (2, 2))
        // The stored collection counts are made by the destination's own triggers as the rows arrive.
        #expect(try target.catalog.integrityProblems() == [])
        #expect(try target.catalog.collections(now: Date()) == source.catalog.collections(now: Date()))
        #expect(try destination.exportAssets(after: nil, limit: 10).first?.addedAt == 0.1)
        #expect(try destination.exportAssets(after: nil, limit: 10).map(\.asset.undecodable) == [true, false])
        // The content hash, the last column, travels both ways.
        #expect(
            try destination.exportAssets(after: nil, limit: 10).map(\.asset.contentHash) == [
                "0123456789abcdef0123456789abcdef", nil,
            ])
        // The keyword lookup table is filled in the destination too.
        var keyword = AssetQuery()
        keyword.keywords = ["places/SUISSE"]
        #expect(try target.catalog.assets(matching: keyword).map(\.id.hex) == ["00000000000000aa"])
        // Searching and the log go on as in the original.
        var query = AssetQuery()
        query.captionContains = "ÉTÉ"
        #expect(try target.catalog.assets(matching: query).map(\.id.hex) == ["00000000000000aa"])
        _ = try target.catalog.apply(
            [AssetEdit(id: CatalogFixtures.id("00000000000000aa"), change: .liked(true))], action: "like")
        #expect(try target.catalog.history(for: nil, limit: 1).first?.sequence == 3)
        #expect(try target.catalog.integrityProblems() == [])
    }
}
