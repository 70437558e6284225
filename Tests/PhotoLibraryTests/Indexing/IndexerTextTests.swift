import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport

/// Indexing real photos: captions and cities from EXIF, XMP, IPTC, sidecars and GPS, with
/// the shipped gazetteer, and what a re-index notices.
@Suite struct IndexerTextTests {
    static let sampleLibrary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleLibrary")

    /// A library in a temporary folder with the given sample photos, and a catalog.
    final class Fixture {
        let folder: TemporaryDirectory
        let library: Library
        let catalog: SQLiteCatalog

        init(samples: [String: String] = [:]) throws {
            folder = try TemporaryDirectory()
            for (name, sample) in samples {
                try FileManager.default.copyItem(
                    at: IndexerTextTests.sampleLibrary.appendingPathComponent(sample),
                    to: folder.url.appendingPathComponent(name))
            }
            library = try Library.create(at: folder.path)
            catalog = try SQLiteCatalog(path: library.catalogPath)
        }

        @discardableResult
        func index() throws -> (IndexSummary, [IndexEvent]) {
            let events = EventLog()
            let summary = try Indexer(library: library, catalog: catalog, options: IndexOptions(jobs: 2)).run {
                events.append($0)
            }
            return (
                summary,
                events.events.filter {
                    switch $0 {
                    case .progress, .planned, .indexed: false
                    default: true
                    }
                }
            )
        }

        func asset(_ name: String) throws -> Asset {
            try #require(try catalog.assets(matching: AssetQuery()).first { $0.file.relativePath == RawPath(name) })
        }

        func write(_ text: String, to name: String) throws {
            try FileSystem.writeAtomically(Array(text.utf8), to: folder.path.appending(name))
        }

        /// A JPEG whose EXIF holds only a GPS position.
        func writePhoto(_ name: String, latitude: Double, longitude: Double) throws {
            var block = ExifBuilder()
            func dms(_ value: Double) -> [(UInt32, UInt32)] {
                [(UInt32(abs(value) * 1_000_000), 1_000_000), (0, 1), (0, 1)]
            }
            block.gps = [
                block.ascii(1, latitude < 0 ? "S" : "N"), block.rationals(2, dms(latitude)),
                block.ascii(3, longitude < 0 ? "W" : "E"), block.rationals(4, dms(longitude)),
            ]
            try FileSystem.writeAtomically(
                SyntheticJPEG.jpeg(segments: [SyntheticJPEG.exifSegment(block)]),
                to: folder.path.appending(name))
        }
    }

    final class EventLog: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [IndexEvent] = []
        func append(_ event: IndexEvent) { lock.withLock { stored.append(event) } }
        var events: [IndexEvent] { lock.withLock { stored } }
    }

    @Test func gpsPositionsBecomeCitiesWithRegionAndCountry() throws {
        let fixture = try Fixture(samples: [
            "bordeaux.jpg": "2015/bordeaux-art.jpg", "kortrijk.jpg": "2016/buda-beach-kortrijk.jpg",
            "tokyo.jpg": "2016/progressive-tokyo.jpg", "rouffiac.jpg": "2015/harbour-rouffiac.jpg",
            "no-gps.jpg": "2016/lighthouse-portrait.jpg",
        ])
        try fixture.writePhoto("eiffel.jpg", latitude: 48.858_370, longitude: 2.294_481)
        try fixture.writePhoto("atlantic.jpg", latitude: 30.0, longitude: -40.0)
        let (summary, events) = try fixture.index()
        #expect(summary.added == 7 && events == [])

        func place(_ name: String) throws -> [String?] {
            let asset = try fixture.asset(name)
            return [asset.city, asset.citySource?.rawValue, asset.region, asset.country, asset.countryName]
        }
        #expect(try place("bordeaux.jpg") == ["Bordeaux", "gps", "Nouvelle-Aquitaine", "FR", "France"])
        #expect(try place("kortrijk.jpg") == ["Kortrijk", "gps", "Flanders", "BE", "Belgium"])
        #expect(try place("tokyo.jpg") == ["Tokyo", "gps", "Tokyo", "JP", "Japan"])
        #expect(try place("rouffiac.jpg") == ["Rouffiac-Tolosan", "gps", "Occitanie", "FR", "France"])
        #expect(try place("eiffel.jpg") == ["Paris", "gps", "Île-de-France", "FR", "France"])
        #expect(try place("atlantic.jpg") == [nil, nil, nil, nil, nil])
        #expect(try place("no-gps.jpg") == [nil, nil, nil, nil, nil])
        let bordeaux = try fixture.asset("bordeaux.jpg")
        #expect(bordeaux.caption == "Lovely piece of art in Bordeaux" && bordeaux.captionSource == .exif)
    }

    /// A first index places every position with the gazetteer it loads, so it records that
    /// gazetteer without looking the positions up again; a later index into a catalog placed
    /// with another one still looks them up.
    @Test func aFirstIndexRecordsItsGazetteerWithoutLookingUpAgain() throws {
        let fixture = try Fixture(samples: ["bordeaux.jpg": "2015/bordeaux-art.jpg"])
        try fixture.writePhoto("eiffel.jpg", latitude: 48.858_370, longitude: 2.294_481)
        let (first, _) = try fixture.index()
        let version = try #require(ShippedGazetteer.shared?.version)
        #expect(first.added == 2 && first.placesRefreshed == nil)
        #expect(try fixture.catalog.info(.gazetteerVersion) == version)
        #expect(try fixture.asset("eiffel.jpg").city == "Paris")

        try fixture.catalog.setInfo(.gazetteerVersion, to: "0-older")
        try fixture.catalog.setInfo(.gazetteerStamp, to: nil)
        try fixture.writePhoto("tokyo.jpg", latitude: 35.6895, longitude: 139.69171)
        let (later, _) = try fixture.index()
        #expect(later.added == 1 && later.placesRefreshed?.checked == 3)
        #expect(try fixture.catalog.info(.gazetteerVersion) == version)
    }

    @Test func sidecarWinsIsNoticedWhenItChangesAndUserEditsStay() throws {
        let fixture = try Fixture(samples: [
            "art.jpg": "2015/bordeaux-art.jpg", "beach.jpg": "2016/buda-beach-kortrijk.jpg",
        ])
        try fixture.write(SampleXMP.darktable, to: "art.jpg.xmp")
        try fixture.write(SampleXMP.lightroom, to: "beach.xmp")
        let (first, _) = try fixture.index()
        #expect(first.added == 2 && first.skipped == 0)
        var art = try fixture.asset("art.jpg")
        #expect(art.caption == "Lovely & odd piece of art" && art.captionSource == .sidecar && art.rating == 1)
        #expect(art.city == "Bordeaux" && art.citySource == .gps)
        let beach = try fixture.asset("beach.jpg")
        #expect(beach.caption == "Buda beach" && beach.captionSource == .sidecar)
        #expect(
            beach.city == "Kortrijk" && beach.citySource == .sidecar && beach.region == "Vlaanderen"
                && beach.countryName == "Belgium" && beach.country == nil && beach.rating == 4)

        #expect(try fixture.index().0.unchanged == 2)
        try fixture.write(
            SampleXMP.darktable.replacingOccurrences(of: "xmp:Rating=\"1\"", with: "xmp:Rating=\"3\""),
            to: "art.jpg.xmp")
        let (changed, _) = try fixture.index()
        #expect(changed.updated == 1 && changed.unchanged == 1)
        #expect(try fixture.asset("art.jpg").rating == 3)

        // A user's caption survives a sidecar change; the city, not edited, follows it.
        try fixture.catalog.database.execute(
            "UPDATE assets SET caption = 'Mine', caption_source = 'user' WHERE relative_path = CAST('beach.jpg' AS BLOB)"
        )
        try fixture.write(SampleXMP.lightroom.replacingOccurrences(of: "Kortrijk", with: "Courtrai"), to: "beach.xmp")
        try fixture.index()
        let edited = try fixture.asset("beach.jpg")
        #expect(edited.caption == "Mine" && edited.captionSource == .user)
        #expect(edited.city == "Courtrai" && edited.citySource == .sidecar)

        // Without its sidecar the photo falls back to what it carries itself.
        try FileManager.default.removeItem(at: fixture.folder.url.appendingPathComponent("art.jpg.xmp"))
        #expect(try fixture.index().0.updated == 1)
        art = try fixture.asset("art.jpg")
        #expect(art.caption == "Lovely piece of art in Bordeaux" && art.captionSource == .exif && art.rating == nil)
    }

    @Test func unreadableSidecarIsAWarningAndThePhotoIsStillIndexed() throws {
        let fixture = try Fixture(samples: ["art.jpg": "2015/bordeaux-art.jpg"])
        try fixture.write("<x:xmpmeta><rdf:RDF>", to: "art.jpg.xmp")
        let (summary, events) = try fixture.index()
        #expect(summary.added == 1 && summary.failed == 0)
        #expect(
            events == [
                .warning(
                    message: "\(fixture.folder.path.appending("art.jpg.xmp")): unreadable XMP sidecar: "
                        + "malformed XML at byte 20: element <rdf:RDF> is not closed")
            ])
        let art = try fixture.asset("art.jpg")
        #expect(art.captionSource == .exif && art.citySource == .gps)
    }

    @Test func namedFileFindsItsSidecarToo() throws {
        let fixture = try Fixture(samples: ["art.jpg": "2015/bordeaux-art.jpg"])
        try fixture.write(SampleXMP.lightroom, to: "art.xmp")
        let summary = try Indexer(library: fixture.library, catalog: fixture.catalog)
            .run(paths: [fixture.folder.path.appending("art.jpg")])
        #expect(summary.added == 1)
        #expect(try fixture.asset("art.jpg").city == "Kortrijk")
    }

    @Test func gazetteerIsReadOnlyWhenAPhotoNeedsIt() throws {
        let fixture = try Fixture(samples: [
            "art.jpg": "2015/bordeaux-art.jpg", "plain.jpg": "2016/lighthouse-portrait.jpg",
        ])
        // A damaged library gazetteer: loading it fails, which only a photo to place reveals.
        try FileSystem.writeAtomically(Array("not a gazetteer".utf8), to: fixture.library.gazetteerPath)
        try fixture.write(SampleXMP.lightroom, to: "art.xmp")
        #expect(try fixture.index().1 == [])
        try FileManager.default.removeItem(at: fixture.folder.url.appendingPathComponent("art.xmp"))
        let (summary, events) = try fixture.index()
        #expect(summary.updated == 1)
        #expect(events.count == 1)
        if case .warning(let message) = events.first {
            #expect(
                message.hasPrefix(
                    "cities of GPS positions not filled in: \(fixture.library.gazetteerPath): not a valid gazetteer"))
        }
        #expect(try fixture.asset("art.jpg").city == nil)
    }
}
