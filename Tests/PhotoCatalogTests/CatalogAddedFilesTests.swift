import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoCatalogPostgres
@testable import PhotoSupport

/// Files an index pass adds with ids of their own (`applyIndexChanges`'s `added`): written
/// after the known ones, on every backend, as if they had been among them.
@Suite struct CatalogAddedFilesTests {
    private let idA = CatalogFixtures.id("00000000000000aa")
    private let idB = CatalogFixtures.id("00000000000000bb")
    private let idC = CatalogFixtures.id("00000000000000cc")

    /// An added file found where a missing asset was takes its path: the path is freed even
    /// though the added file's id is in no row.
    @Test(arguments: CatalogBackend.all) func anAddedFileTakesAMissingAssetsPath(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        try catalog.applyIndexChanges(
            scanned: [], added: [CatalogFixtures.scanned("00000000000000aa", "a.jpg")], missing: [])
        // a.jpg was replaced by another photo, in the same pass that found it missing.
        try catalog.applyIndexChanges(
            scanned: [], added: [CatalogFixtures.scanned("00000000000000bb", "a.jpg")], missing: [idA])
        #expect(try catalog.asset(id: idB)?.file.relativePath == RawPath("a.jpg"))
        let gone = try #require(try catalog.asset(id: idA))
        #expect(gone.missing)
        #expect(gone.file.relativePath.bytes == [0] + Array("00000000000000aa".utf8))
    }

    /// A known asset moving away and an added file taking its place, in one batch.
    @Test(arguments: CatalogBackend.all) func aKnownAssetMovesAndAnAddedFileTakesItsPlace(
        _ backend: CatalogBackend
    ) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        try catalog.applyIndexChanges(scanned: [CatalogFixtures.scanned("00000000000000aa", "a.jpg")], missing: [])
        try catalog.applyIndexChanges(
            scanned: [CatalogFixtures.scanned("00000000000000aa", "moved/a.jpg")],
            added: [CatalogFixtures.scanned("00000000000000cc", "a.jpg")], missing: [])
        #expect(try catalog.asset(id: idA)?.file.relativePath == RawPath("moved/a.jpg"))
        #expect(try catalog.asset(id: idC)?.file.relativePath == RawPath("a.jpg"))
        #expect(try catalog.assets(matching: AssetQuery()).count == 2)
    }
}
