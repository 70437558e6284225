import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoBrowser
@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport
@testable import PhotoTerminal

@Suite struct BrowserPartsTests {
    @Test func editingKeys() {
        #expect(Browser.edit("beach", with: .character("!")) == "beach!")
        #expect(Browser.edit("beach", with: .backspace) == "beac")
        #expect(Browser.edit("", with: .backspace) == "")
        #expect(Browser.edit("sunny beach  ", with: .control("w")) == "sunny ")
        #expect(Browser.edit("beach", with: .control("u")) == "")
        #expect(Browser.edit("beach", with: .up) == nil)
    }

    @Test func tabsFollowTheCatalog() throws {
        let folder = try TemporaryDirectory()
        let catalog = try SQLiteCatalog(path: folder.catalogPath)
        try catalog.applyIndexChanges(
            scanned: [
                CatalogFixtures.scanned("0000000000000001", "a.jpg", taken: "2015-01-01T00:00:00"),
                CatalogFixtures.scanned("0000000000000002", "b.jpg", taken: "2016-01-01T00:00:00"),
            ], missing: [])
        var tabs = CollectionTabs()
        try tabs.refresh(from: catalog, now: Date())
        #expect(
            tabs.tabs.map(\.collection.title) == [
                "All", "Favourites", "Liked", "2016", "2015", "Recently Added", "Recently Popped", "Trash",
            ])
        let selected = tabs.select(.year(2015))
        #expect(selected && tabs.current == .year(2015))
        let atlantis = tabs.select(.city("Atlantis"))
        #expect(!atlantis)
        tabs.step(-5)
        #expect(tabs.current == .trash)
        tabs.step(1)
        #expect(tabs.current == .all)
        // A tab whose collection is gone falls back to All.
        let chose2016 = tabs.select(.year(2016))
        #expect(chose2016)
        _ = try catalog.apply(
            [AssetEdit(id: CatalogFixtures.id("0000000000000002"), change: .trash(location: RawPath("t")))],
            action: "delete")
        try tabs.refresh(from: catalog, now: Date())
        #expect(tabs.current == .all)
    }

    @Test func captionsUnderCells() {
        var asset = Asset(
            id: CatalogFixtures.id("0000000000000001"),
            file: FileFacts(
                relativePath: RawPath("2015/photo.jpg"), size: 1, modifiedNanoseconds: 0, fingerprint: "ab12"),
            metadata: .init(), indexedAt: Date())
        #expect(GridView.caption(of: asset) == "photo.jpg")
        asset.caption = "Sunset"
        asset.favourite = true
        asset.liked = true
        #expect(GridView.caption(of: asset) == "★♥ Sunset")
    }

    @Test func symbolsRowsAreMeasuredWithoutTheirEscapes() {
        #expect(PictureWorkers.visibleColumns(Array("\u{1B}[38;2;1;2;3;48;2;4;5;6m▀▄\u{1B}[0m█".utf8)) == 3)
        #expect(PictureWorkers.visibleColumns([]) == 0)
    }
}
