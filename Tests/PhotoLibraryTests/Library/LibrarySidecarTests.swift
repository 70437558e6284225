import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport

/// The entry point actions use: a favourite given back to a darktable sidecar, and re-read.
@Suite struct LibrarySidecarTests {
    @Test func favouriteRoundTripsThroughADarktableSidecar() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: IndexerTextTests.sampleLibrary.appendingPathComponent("2015/bordeaux-art.jpg"),
            to: folder.url.appendingPathComponent("art.jpg"))
        let sidecar = folder.path.appending("art.jpg.xmp")
        try FileSystem.writeAtomically(Array(SampleXMP.darktable.utf8), to: sidecar)
        var settings = LibrarySettings()
        settings.sidecars = .write
        let library = try Library.create(at: folder.path, settings: settings)
        let catalog = try SQLiteCatalog(path: library.catalogPath)
        _ = try Indexer(library: library, catalog: catalog).run()
        var asset = try #require(try catalog.assets(matching: AssetQuery()).first)

        asset = try catalog.apply([AssetEdit(id: asset.id, change: .favourite(true))], action: "favourite")[0]
        #expect(try library.updateSidecar(for: asset.id, catalog: catalog) == sidecar)
        // Only the rating changes: the city came from GPS, and a derived city is never written
        // (it would come back as the sidecar's, outranking its own source).
        let expected = SampleXMP.darktable.replacingOccurrences(of: "xmp:Rating=\"1\"", with: "xmp:Rating=\"5\"")
        #expect(String(decoding: try FileSystem.readFile(sidecar), as: UTF8.self) == expected)

        // The changed sidecar is noticed, and its values read back are the ones written.
        let summary = try Indexer(library: library, catalog: catalog).run()
        #expect(summary.updated == 1)
        let reread = try #require(try catalog.asset(id: asset.id))
        #expect(reread.rating == 5 && reread.city == "Bordeaux" && reread.citySource == .gps)
        #expect(reread.country == "FR")
        #expect(reread.caption == "Lovely & odd piece of art" && reread.captionSource == .sidecar)

        var off = settings
        off.sidecars = .off
        try library.writeSettings(off)
        #expect(try Library.open(at: folder.path).updateSidecar(for: asset.id, catalog: catalog) == nil)
    }
}
