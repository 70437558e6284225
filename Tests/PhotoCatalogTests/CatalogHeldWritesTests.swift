import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoSupport

/// Writes held in one transaction (`Catalog.holdWrites`): seen by another connection only
/// once committed, each still all or nothing, and on PostgreSQL committed one by one.
@Suite struct CatalogHeldWritesTests {
    func assetCount(_ catalog: any Catalog) throws -> Int { try catalog.assets(matching: AssetQuery()).count }

    @Test(arguments: CatalogBackend.all) func heldWritesAreSeenOnceCommitted(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        let other = try store.reopen()
        catalog.holdWrites()
        try catalog.applyIndexChanges(
            scanned: [], added: [CatalogFixtures.scanned("00000000000000aa", "a.jpg")], missing: [])
        try catalog.applyIndexChanges(
            scanned: [], added: [CatalogFixtures.scanned("00000000000000bb", "b.jpg")], missing: [])
        try catalog.updateIndexFailures(
            recording: [
                IndexFailure(
                    relativePath: RawPath("c.jpg"), size: 1, modifiedNanoseconds: 1, reason: "bad", failedAt: Date())
            ],
            clearing: [])
        // The writer sees its own writes; another connection sees them once committed
        // (PostgreSQL commits each write: it holds nothing).
        #expect(try assetCount(catalog) == 2)
        #expect(try assetCount(other) == (backend == .sqlite ? 0 : 2))
        try catalog.commitHeldWrites()
        #expect(try assetCount(other) == 2)
        #expect(try other.indexFailures().map(\.relativePath) == [RawPath("c.jpg")])
        // No longer held: the next write commits at once.
        try catalog.applyIndexChanges(
            scanned: [], added: [CatalogFixtures.scanned("00000000000000cc", "c.jpg")], missing: [])
        #expect(try assetCount(other) == 3)
    }

    @Test func aFailedWriteUndoesOnlyItselfAndTheHoldGoesOn() throws {
        let store = try TestCatalog(.sqlite)
        let catalog = store.catalog
        catalog.holdWrites()
        try catalog.applyIndexChanges(
            scanned: [], added: [CatalogFixtures.scanned("00000000000000aa", "a.jpg")], missing: [])
        // Two files at one path: the second insert breaks the path's UNIQUE constraint, after
        // the first row of the same write went in.
        #expect(throws: (any Error).self) {
            try catalog.applyIndexChanges(
                scanned: [],
                added: [
                    CatalogFixtures.scanned("00000000000000bb", "b.jpg"),
                    CatalogFixtures.scanned("00000000000000cc", "a.jpg"),
                ],
                missing: [])
        }
        try catalog.applyIndexChanges(
            scanned: [], added: [CatalogFixtures.scanned("00000000000000dd", "d.jpg")], missing: [])
        try catalog.commitHeldWrites()
        let paths = try store.reopen().assets(matching: AssetQuery()).map(\.file.relativePath).sorted {
            $0.bytes.lexicographicallyPrecedes($1.bytes)
        }
        #expect(paths == [RawPath("a.jpg"), RawPath("d.jpg")])
    }

    @Test func aConnectionClosedWhileHoldingLosesOnlyTheUncommitted() throws {
        let store = try TestCatalog(.sqlite)
        do {
            let catalog = try store.reopen()
            try catalog.applyIndexChanges(
                scanned: [], added: [CatalogFixtures.scanned("00000000000000aa", "a.jpg")], missing: [])
            catalog.holdWrites()
            try catalog.applyIndexChanges(
                scanned: [], added: [CatalogFixtures.scanned("00000000000000bb", "b.jpg")], missing: [])
        }
        #expect(try assetCount(store.reopen()) == 1)
    }
}
