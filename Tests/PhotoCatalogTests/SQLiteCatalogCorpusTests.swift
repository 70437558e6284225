import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// The catalog filled with the facts exiftool gives for every corpus photo: each must come
/// back exactly, and queries must agree with the same filters done in Swift.
@Suite struct SQLiteCatalogCorpusTests {
    /// One `ScannedFile` per corpus photo, from `ground-truth.json`, in the file's order.
    static func scannedCorpus() throws -> [ScannedFile] {
        let data = try Data(contentsOf: Corpus.root.appendingPathComponent("ground-truth.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(root["files"] as? [String: [String: Any]])
        return try files.keys.sorted().map { path in
            let truth = try #require(files[path])
            func text(_ key: String) -> String? {
                guard let value = truth[key] as? String, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                    return nil
                }
                return value
            }
            func number(_ key: String) -> Double? { (truth[key] as? NSNumber)?.doubleValue }
            // exiftool writes "2008:05:30 15:56:01"; the catalog keeps "2008-05-30T15:56:01".
            let taken = text("date_time_original").flatMap { raw -> CaptureDate? in
                let digits = Array(raw.utf8)
                guard digits.count == 19 else { return nil }
                var local = digits
                local[4] = UInt8(ascii: "-")
                local[7] = UInt8(ascii: "-")
                local[10] = UInt8(ascii: "T")
                return CaptureDate(
                    localTime: String(decoding: local, as: UTF8.self), utcOffset: text("offset_time_original"))
            }
            var gps: GPSCoordinate?
            if let latitude = number("gps_latitude"), let longitude = number("gps_longitude") {
                gps = GPSCoordinate(latitude: latitude, longitude: longitude, altitude: number("gps_altitude"))
            }
            let orientation = (truth["orientation"] as? Int).flatMap { (1...8).contains($0) ? $0 : nil } ?? 1
            let metadata = PhotoMetadata(
                pixelWidth: truth["width"] as? Int, pixelHeight: truth["height"] as? Int,
                orientation: orientation, takenAt: taken, cameraMake: text("make"),
                cameraModel: text("model"), gps: gps,
                caption: text("image_description") ?? text("xp_comment") ?? text("user_comment"))
            let size = try #require(truth["file_size"] as? Int)
            let sha = try #require(truth["sha256"] as? String)
            return ScannedFile(
                id: .random(),
                file: FileFacts(
                    relativePath: RawPath(path), size: Int64(size), modifiedNanoseconds: 0,
                    fingerprint: sha),
                metadata: metadata)
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: CatalogBackend.all)
    func everyCorpusPhotoRoundTripsAndQueriesAgreeWithSwift(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        let scanned = try Self.scannedCorpus()
        #expect(scanned.count == 121)
        try catalog.applyIndexChanges(scanned: scanned, missing: [])
        #expect(try catalog.count() == scanned.count)

        var all = AssetQuery()
        all.trash = .included
        let byPath = scanned.sorted { $0.file.relativePath < $1.file.relativePath }
        let stored = try catalog.assets(matching: all)
        #expect(stored.map(\.id) == byPath.map(\.id))
        for (asset, file) in zip(stored, byPath) {
            let expected = Asset(
                id: file.id, file: file.file, metadata: file.metadata, caption: file.metadata.caption,
                captionSource: file.metadata.caption == nil ? nil : .exif, indexedAt: asset.indexedAt)
            #expect(asset == expected, "\(file.file.relativePath)")
        }

        all.sort = .taken
        let byTaken = scanned.sorted { first, second in
            switch (first.metadata.takenAt?.localTime, second.metadata.takenAt?.localTime) {
            case (let one?, let two?) where one != two: one < two
            case (nil, _?): false
            case (_?, nil): true
            default: first.file.relativePath < second.file.relativePath
            }
        }
        #expect(try catalog.assets(matching: all).map(\.id) == byTaken.map(\.id))

        var range = AssetQuery()
        range.takenAfter = "2008-05-25T19:31:26"
        range.takenBefore = "2015"
        let inRange = scanned.filter {
            ($0.metadata.takenAt?.localTime).map { $0 >= "2008-05-25T19:31:26" && $0 < "2015" } ?? false
        }
        #expect(Set(try catalog.assets(matching: range).map(\.id)) == Set(inRange.map(\.id)))
        #expect(!inRange.isEmpty)

        // Each word of each caption, shouted, finds exactly the captions Foundation says contain it.
        let words = Set(
            scanned.compactMap(\.metadata.caption).flatMap { $0.split { !$0.isLetter } }.filter { $0.count >= 5 })
        #expect(words.count > 20)
        for word in words.map({ $0.uppercased() }) {
            var query = AssetQuery()
            query.captionContains = word
            let expected = scanned.filter { $0.metadata.caption?.range(of: word, options: .caseInsensitive) != nil }
            #expect(Set(try catalog.assets(matching: query).map(\.id)) == Set(expected.map(\.id)), "\(word)")
        }

        let records = try catalog.indexRecords()
        #expect(Set(records.map(\.file.fingerprint)) == Set(scanned.map(\.file.fingerprint)))
        #expect(records.allSatisfy { !$0.missing })
    }
}
