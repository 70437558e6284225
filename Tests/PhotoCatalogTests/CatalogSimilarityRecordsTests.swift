import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// What `similar` reads, on both stores: the light records of the fingerprinted, present
/// assets a query matches (in its order) are those of the whole assets, and whole assets come
/// back by id; `burstId` (step `burstIds`) goes in, comes back, and selects `--burst` and the
/// Bursts collection, whose count agrees with what it lists.
@Suite struct CatalogSimilarityRecordsTests {
    static func photo(_ hex: String, _ path: String, hash: String?, burst: String? = nil) -> ScannedFile {
        var file = CatalogFixtures.scanned(hex, path)
        file.visualHash = hash
        file.metadata.cameraMake = "Apple"
        file.metadata.cameraModel = "iPhone 12"
        file.metadata.takenAt = CaptureDate(localTime: "2024-05-01T10:00:0\(hex.suffix(1))")
        file.metadata.takenAtSource = .exif
        file.metadata.takenSubsecond = "25"
        file.metadata.burstId = burst
        return file
    }

    @Test(arguments: CatalogBackend.all) func recordsAreThoseOfTheWholeAssets(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        let burst = "7A1C3E5F-0B2D-4F6A-8C9E-1D3B5F7A9C0E"
        try catalog.applyIndexChanges(
            scanned: [
                Self.photo("00000000000000c1", "b/one.jpg", hash: "00000000000000ff8000000000000001", burst: burst),
                Self.photo("00000000000000c2", "a/two.jpg", hash: "00000000000000fe", burst: burst),
                Self.photo("00000000000000c3", "c/three.jpg", hash: nil),
                Self.photo("00000000000000c4", "d/four.jpg", hash: "0123456789abcdef0123456789abcdef"),
            ], missing: [])
        try catalog.applyIndexChanges(scanned: [], missing: [CatalogFixtures.id("00000000000000c4")])
        let records = try catalog.similarityRecords(matching: AssetQuery())
        // Path order; the one without a fingerprint and the missing one left out.
        #expect(records.map(\.id.hex) == ["00000000000000c2", "00000000000000c1"])
        let whole = try catalog.assets(matching: AssetQuery()).filter { !$0.missing }.compactMap(SimilarityRecord.init)
        #expect(records == whole)
        #expect(records.last?.visualHash == "00000000000000ff8000000000000001")
        #expect(records.last?.camera == "Apple\u{0}iPhone 12" && records.last?.takenSubsecond == "25")
        #expect(records.last?.burstId == burst)

        let ids = [CatalogFixtures.id("00000000000000c1"), CatalogFixtures.id("00000000000000c3")]
        let read = try catalog.assets(ids: ids + [CatalogFixtures.id("00000000000000ee")])
        #expect(Set(read.map(\.id)) == Set(ids))
        #expect(try catalog.assets(ids: []).isEmpty)
        // More ids than one statement takes.
        let many = (0..<1_200).map { CatalogFixtures.id(String(format: "%016llx", 0x1000 + $0)) }
        #expect(try catalog.assets(ids: many + ids).count == 2)

        var query = AssetQuery()
        query.burst = true
        #expect(try catalog.assets(matching: query).map(\.id.hex) == ["00000000000000c2", "00000000000000c1"])
        query.burst = false
        #expect(try catalog.assets(matching: query).map(\.id.hex) == ["00000000000000c3", "00000000000000c4"])
        let now = Date()
        let bursts = try #require(try catalog.collections(now: now).first { $0.collection == .bursts })
        #expect(bursts.count == 2)
        #expect(try catalog.count(matching: AssetCollection.bursts.query(now: now)) == 2)
        #expect(AssetCollection(selector: "bursts") == .bursts && AssetCollection.bursts.title == "Bursts")
    }
}
