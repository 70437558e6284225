import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport

/// A raw recorded at another size than it reads as now (an earlier photolib's LibRaw raster of
/// a camera with non-square pixels, a Kodak DC120's 848x976 for 1280x960): an index leaves the
/// unchanged file alone, `verify` reports `size-stale` and `--repair` reads it again. The
/// corpus' raws (a DC50 KDC, a CRW) have square pixels, so the old size is written into the
/// catalog by hand; the size expected back is the one a fresh index recorded.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct RawSizeVerifyTests {
    let folder: TemporaryDirectory
    let library: Library
    let catalog: any Catalog

    init() throws {
        folder = try TemporaryDirectory()
        for name in ["DC0008L.KDC", "CRW_0304.CRW"] {
            try FileManager.default.copyItem(
                at: Corpus.root.appendingPathComponent("formats/\(name)"),
                to: folder.url.appendingPathComponent(name))
        }
        library = try Library.create(at: folder.path)
        catalog = try library.openCatalog()
        let summary = try Indexer(library: library, catalog: catalog, options: IndexOptions(jobs: 1)).run()
        #expect(summary.added == 2)
    }

    @Test func aRawRecordedAtItsRasterSizeIsReportedAndReadAgain() throws {
        let fresh = try #require(try catalog.asset(atRelativePath: RawPath("DC0008L.KDC")))
        let width = try #require(fresh.metadata.pixelWidth)
        let height = try #require(fresh.metadata.pixelHeight)
        _ = try catalog.apply([AssetEdit(id: fresh.id, change: .favourite(true))], action: "favourite")
        let verifier = LibraryVerifier(library: library, catalog: catalog)
        #expect(try verifier.check().findings.filter { $0.kind == .sizeStale }.isEmpty)

        let sqlite = try #require(catalog as? SQLiteCatalog)
        try sqlite.database.execute(
            "UPDATE assets SET pixel_width = 848, pixel_height = 976 WHERE id = '\(fresh.id.hex)'")
        // An index reads only changed files: the old size stays.
        _ = try Indexer(library: library, catalog: catalog, options: IndexOptions(jobs: 1)).run()
        #expect(try catalog.asset(id: fresh.id)?.metadata.pixelWidth == 848)

        let found = try verifier.check().findings.filter { $0.kind == .sizeStale }
        #expect(found.map(\.assetID) == [fresh.id])
        #expect(
            found.first?.detail == "recorded as 848x976; the file reads as \(width)x\(height) now (non-square pixels)")

        let crwIndexedAt = try catalog.asset(atRelativePath: RawPath("CRW_0304.CRW"))?.indexedAt
        let repaired = try verifier.checkAndRepair(jobs: 1)
        let sizeFindings = repaired.findings.filter { $0.kind == .sizeStale }
        #expect(sizeFindings.count == 1 && sizeFindings.allSatisfy(\.repaired), "\(sizeFindings)")
        let after = try #require(try catalog.asset(id: fresh.id))
        #expect(after.metadata.pixelWidth == width && after.metadata.pixelHeight == height)
        #expect(after.favourite && after.file == fresh.file)
        #expect(try verifier.check().findings.filter { $0.kind == .sizeStale }.isEmpty)
        // Only the stale raw was read again.
        #expect(try catalog.asset(atRelativePath: RawPath("CRW_0304.CRW"))?.indexedAt == crwIndexedAt)
    }
}
