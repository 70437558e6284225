import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoBrowser
@testable import PhotoCatalog
@testable import PhotoSupport

/// The browser's window on a query: positions stay right while it moves page by page, and
/// it never holds much more than the pages around what is shown.
@Suite struct AssetWindowTests {
    let folder: TemporaryDirectory
    let catalog: SQLiteCatalog

    init() throws {
        folder = try TemporaryDirectory()
        catalog = try SQLiteCatalog(path: folder.catalogPath)
        var scanned: [ScannedFile] = []
        for index in 0..<500 {
            let taken: String? =
                index % 10 == 0 ? nil : String(format: "2020-01-01T00:%02d:%02d", index / 60 % 60, index % 60)
            scanned.append(
                CatalogFixtures.scanned(
                    String(format: "%016x", index + 1), String(format: "photos/%04d.jpg", index), taken: taken))
        }
        try catalog.applyIndexChanges(scanned: scanned, missing: [])
    }

    private func expectWindowMatches(
        _ window: AssetWindow, _ expected: [AssetID], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (offset, asset) in window.assets.enumerated() {
            #expect(expected[window.start + offset] == asset.id, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [AssetQuery.Sort.path, .taken])
    func movingThroughTheWholeOrderKeepsPositions(sort: AssetQuery.Sort) throws {
        var query = AssetQuery()
        query.sort = sort
        let expected = try catalog.assets(matching: query).map(\.id)
        let window = AssetWindow(catalog: catalog)
        window.pageSize = 24
        try window.open(query)
        #expect(window.total == 500 && window.start == 0 && window.assets.count == 48)
        var top = 0
        while top < 500 {
            try window.load(top..<(top + 48))
            #expect(window.asset(at: top)?.id == expected[top])
            #expect(window.assets.count <= 24 * 4 + 24)
            expectWindowMatches(window, expected)
            top += 24
        }
        try window.jump(toEnd: true)
        #expect(window.start == 500 - 48 && window.asset(at: 499)?.id == expected[499])
        while top > 0 {
            top -= 24
            try window.load(top..<(top + 24))
            #expect(window.asset(at: top)?.id == expected[top])
            expectWindowMatches(window, expected)
        }
    }

    @Test func reloadKeepsThePlaceAcrossChanges() throws {
        let query = AssetQuery()
        let window = AssetWindow(catalog: catalog)
        window.pageSize = 20
        try window.open(query)
        try window.load(200..<240)
        let shown = try #require(window.asset(at: 210))
        // Another process trashes one asset before it and one after.
        for hex in ["0000000000000065", "00000000000000e2"] {
            _ = try catalog.apply(
                [AssetEdit(id: CatalogFixtures.id(hex), change: .trash(location: RawPath("t")))], action: "delete")
        }
        try window.reload()
        #expect(window.total == 498)
        let expected = try catalog.assets(matching: query).map(\.id)
        // The window keeps its place: the same asset at the same position, one more than its
        // place in the new order (an asset before the window went); End or Home set it right.
        #expect(window.asset(at: 210)?.id == shown.id)
        #expect(expected.firstIndex(of: shown.id) == 209)
        #expect(!window.assets.contains { $0.id.hex == "00000000000000e2" })
        try window.jump(toEnd: true)
        expectWindowMatches(window, expected)
    }

    @Test func aSmallResultIsReadAtOnce() throws {
        var query = AssetQuery()
        query.searchTerms = ["photos/000"]
        let window = AssetWindow(catalog: catalog)
        try window.open(query)
        #expect(window.total == 10 && window.assets.count == 10)
        try window.load(0..<100)
        #expect(window.assets.count == 10)
        #expect(window.asset(at: 10) == nil)
    }
}
