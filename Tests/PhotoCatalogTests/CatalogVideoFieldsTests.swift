import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// Step 17 (`videoFields`) on both stores: a video's and a Live Photo's fields go in and come
/// back, `format` takes `video` and the sources `container`, the media filters select by
/// kind and duration, and Videos and Live Photos are counted as the other collections are
/// (their stored counts agree with a fresh count and with what each lists) through edits,
/// trash, re-index and forget.
@Suite struct CatalogVideoFieldsTests {
    static func video(_ hex: String, _ path: String, kind: MediaKind = .video, duration: Double?) -> ScannedFile {
        var file = CatalogFixtures.scanned(hex, path)
        file.metadata.format = kind == .video ? .video : .heif
        file.metadata.mimeType = kind == .video ? "video/quicktime" : "image/heic"
        file.metadata.kind = kind
        file.metadata.orientation = 1
        file.metadata.takenAt = CaptureDate(localTime: "2023-06-01T12:34:56", utcOffset: "+02:00")
        file.metadata.takenAtSource = .container
        file.metadata.gps = GPSCoordinate(latitude: 48.8584, longitude: 2.2945)
        file.metadata.gpsSource = .container
        file.metadata.video = duration.map {
            VideoFacts(duration: $0, videoCodec: "hevc", audioCodec: kind == .video ? "aac" : nil, frameRate: 29.97)
        }
        return file
    }

    private func id(_ hex: String) -> AssetID { CatalogFixtures.id(hex) }

    private func expectCountsRight(_ catalog: any Catalog, _ step: String) throws {
        #expect(try catalog.integrityProblems() == [], "\(step)")
        let now = Date()
        for entry in try catalog.collections(now: now) {
            #expect(
                try catalog.count(matching: entry.collection.query(now: now)) == entry.count,
                "\(step): \(entry.collection)")
        }
    }

    @Test(arguments: CatalogBackend.all) func videoFieldsRoundTripAndFilter(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        let clip = Self.video("00000000000000b1", "clips/IMG_0001.MOV", duration: 42.5)
        let short = Self.video("00000000000000b2", "clips/short.mp4", duration: 3)
        let live = Self.video("00000000000000b3", "phone/IMG_0002.HEIC", kind: .live, duration: 2.9)
        try catalog.applyIndexChanges(
            scanned: [clip, short, live, CatalogFixtures.scanned("00000000000000b4", "photo.jpg")], missing: [])
        let read = try #require(try catalog.asset(id: id("00000000000000b1")))
        #expect(read.metadata == clip.metadata)
        #expect(read.durationBadge == "▶ 0:43")
        #expect(try catalog.asset(id: id("00000000000000b3"))?.metadata == live.metadata)
        #expect(try catalog.asset(id: id("00000000000000b4"))?.metadata.kind == .photo)
        #expect(try catalog.asset(id: id("00000000000000b4"))?.metadata.video == nil)

        func ids(_ edit: (inout AssetQuery) -> Void) throws -> [String] {
            var query = AssetQuery()
            edit(&query)
            return try catalog.assets(matching: query).map { String($0.id.hex.suffix(2)) }.sorted()
        }
        #expect(try ids { $0.kind = .video } == ["b1", "b2"])
        #expect(try ids { $0.kind = .live } == ["b3"])
        #expect(try ids { $0.kind = .photo } == ["b4"])
        #expect(try ids { $0.format = .video } == ["b1", "b2"])
        #expect(try ids { $0.minimumDuration = 3 } == ["b1", "b2"])
        #expect(try ids { $0.maximumDuration = 3 } == ["b2", "b3"])
        #expect(
            try ids { query in
                query.minimumDuration = 2.95
                query.maximumDuration = 10
            } == ["b2"])
    }

    @Test(arguments: CatalogBackend.all) func videosAndLivePhotosAreCountedCollections(
        _ backend: CatalogBackend
    ) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        try expectCountsRight(catalog, "empty")
        #expect(try !catalog.collections(now: Date()).contains { $0.collection == .videos })
        try catalog.applyIndexChanges(
            scanned: [
                Self.video("00000000000000c1", "a.mov", duration: 10),
                Self.video("00000000000000c2", "b.mov", duration: 20),
                Self.video("00000000000000c3", "c.heic", kind: .live, duration: 2),
                CatalogFixtures.scanned("00000000000000c4", "d.jpg"),
            ], missing: [])
        try expectCountsRight(catalog, "indexed")
        func count(_ collection: AssetCollection) throws -> Int? {
            try catalog.collections(now: Date()).first { $0.collection == collection }?.count
        }
        #expect(try count(.videos) == 2)
        #expect(try count(.livePhotos) == 1)
        #expect(try count(.all) == 4)

        _ = try catalog.apply(
            [AssetEdit(id: id("00000000000000c1"), change: .trash(location: RawPath("t/a.mov")))], action: "delete")
        try expectCountsRight(catalog, "trashed")
        #expect(try count(.videos) == 1)
        _ = try catalog.apply([AssetEdit(id: id("00000000000000c1"), change: .restore)], action: "restore")
        try expectCountsRight(catalog, "restored")
        #expect(try count(.videos) == 2)

        // Re-indexed as another kind (the Live Photo's movie went: a plain photo now), one gone.
        var plain = CatalogFixtures.scanned("00000000000000c3", "c.heic")
        plain.file.size = 2_000
        try catalog.applyIndexChanges(scanned: [plain], missing: [id("00000000000000c2")])
        try expectCountsRight(catalog, "re-indexed")
        #expect(try count(.videos) == 1)
        #expect(try count(.livePhotos) == nil)
        #expect(try catalog.forget([id("00000000000000c2")]).count == 1)
        try expectCountsRight(catalog, "forgotten")
    }

    /// SQLite keeps CHECKs in the table's text: step 17 loosens them in place (and step
    /// `checksAsComparisons` writes them as comparisons). Another
    /// connection (which reads the schema from the file) takes a video too, and the file
    /// passes SQLite's integrity check.
    @Test func sqliteLoosenedItsChecksInPlace() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path.appending("catalog.sqlite")
        let first = try SQLiteCatalog(path: path)
        try first.applyIndexChanges(scanned: [Self.video("00000000000000d1", "a.mov", duration: 1)], missing: [])
        let second = try SQLiteCatalog(path: path)
        try second.applyIndexChanges(scanned: [Self.video("00000000000000d2", "b.mov", duration: 2)], missing: [])
        #expect(try first.assets(matching: AssetQuery()).count == 2)
        let sql = try first.database.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'assets'")
            .firstRow([]) { $0.text(at: 0) }
        // As step `checksAsComparisons` writes the lists since.
        #expect(
            sql?.contains("format = 'raw' OR format = 'video' OR format = 'gif' OR format = 'bmp' OR format = 'psd')")
                == true, "\(sql ?? "")")
        #expect(sql?.contains("taken_source = 'makernote' OR taken_source = 'container')") == true)
        #expect(sql?.contains("gps_source = 'makernote' OR gps_source = 'container')") == true)
        let check = try first.database.prepare("PRAGMA integrity_check").firstRow([]) { $0.text(at: 0) }
        #expect(check == "ok")
        // A value outside the looser CHECK is still refused.
        #expect(throws: (any Error).self) {
            try first.database.prepare("UPDATE assets SET format = 'mkv' WHERE id = '00000000000000d1'").run([])
        }
    }
}
