import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// Content hashes on both stores: recorded only for the file they were read from, kept by an
/// index that finds the file unchanged, cleared when it changed, and the `duplicates` filter.
@Suite struct CatalogContentHashTests {
    static let hashA = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
    static let hashB = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"

    static func ids(_ assets: [Asset]) -> [String] { assets.map(\.id.hex) }

    @Test(arguments: CatalogBackend.all) func recordedForTheFileReadOnly(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let one = CatalogFixtures.scanned("0000000000000001", "a.jpg", size: 500)
        try store.catalog.applyIndexChanges(scanned: [one], missing: [])
        #expect(try store.catalog.asset(id: one.id)?.contentHash == nil)
        // Read with another size: the file changed in between, so no hash is stored.
        let stale = ContentHashRecord(
            id: one.id, hash: Self.hashA, size: 501, modifiedNanoseconds: 1_600_000_000_123_456_789)
        #expect(try store.catalog.recordContentHashes([stale]) == 0)
        #expect(try store.catalog.asset(id: one.id)?.contentHash == nil)
        let fresh = ContentHashRecord(
            id: one.id, hash: Self.hashA, size: 500, modifiedNanoseconds: 1_600_000_000_123_456_789)
        #expect(try store.catalog.recordContentHashes([fresh]) == 1)
        #expect(try store.catalog.asset(id: one.id)?.contentHash == Self.hashA)

        // An index that finds the same size and time (a new sidecar, a move) keeps it.
        var moved = one
        moved.file.relativePath = RawPath("b/a.jpg")
        try store.catalog.applyIndexChanges(scanned: [moved], missing: [])
        #expect(try store.catalog.asset(id: one.id)?.contentHash == Self.hashA)
        // A changed file loses it; one read whole brings its own.
        var changed = moved
        changed.file.modifiedNanoseconds += 1
        try store.catalog.applyIndexChanges(scanned: [changed], missing: [])
        #expect(try store.catalog.asset(id: one.id)?.contentHash == nil)
        changed.contentHash = Self.hashB
        try store.catalog.applyIndexChanges(scanned: [changed], missing: [])
        #expect(try store.catalog.asset(id: one.id)?.contentHash == Self.hashB)
    }

    @Test(arguments: CatalogBackend.all) func duplicatesFilterFindsSharedHashesOnly(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let scanned = (1...6).map { CatalogFixtures.scanned("000000000000000\($0)", "p\($0).jpg", size: 500) }
        try store.catalog.applyIndexChanges(scanned: scanned, missing: [])
        // 1 and 2 are copies; 3 has content of its own; 4 shares 5's, but 5 is trashed; 6 has none.
        let hashes = [
            Self.hashA, Self.hashA, Self.hashB, "cccccccccccccccccccccccccccccccc",
            "cccccccccccccccccccccccccccccccc",
        ]
        try store.catalog.recordContentHashes(
            zip(scanned, hashes).map {
                ContentHashRecord(
                    id: $0.id, hash: $1, size: $0.file.size, modifiedNanoseconds: $0.file.modifiedNanoseconds)
            })
        _ = try store.catalog.apply(
            [AssetEdit(id: scanned[4].id, change: .trash(location: RawPath("t/p5.jpg")))], action: "test")
        var query = AssetQuery()
        query.duplicates = true
        #expect(Self.ids(try store.catalog.assets(matching: query)) == ["0000000000000001", "0000000000000002"])
        #expect(try store.catalog.count(matching: query) == 2)
        query.folder = nil
        query.favourite = true
        #expect(try store.catalog.assets(matching: query).isEmpty)
    }
}
