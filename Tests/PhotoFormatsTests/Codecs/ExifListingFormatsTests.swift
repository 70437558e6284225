import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Issue 26, item 10: `pop` lists the EXIF of every format that carries it, not only JPEG's:
/// a HEIF's `Exif` item, a WebP's EXIF chunk, a PNG's eXIf, a TIFF's own directories.
@Suite struct ExifListingFormatsTests {
    @Test(arguments: ["sunset-exif6.heic", "sunset-exif.webp", "sunset.tif", "sunset-exif-after-idat.png"])
    func everyGeneratedFixtureListsItsEXIF(fixture: String) throws {
        let fields = ExifListing.fields(in: try FormatFixtures.bytes(fixture))
        #expect(fields.contains { $0.name == "DateTimeOriginal" && $0.value == "2015:12:28 19:47:12" }, "\(fields)")
        #expect(fields.contains { $0.directory == "GPS" && $0.name == "GPSLatitudeRef" }, "\(fields)")
    }

    @Test func aFormatWithoutEXIFListsNothing() throws {
        #expect(ExifListing.fields(in: try FormatFixtures.bytes("palette.png")).isEmpty)
        #expect(ExifListing.fields(in: Array("not a photo".utf8)).isEmpty)
    }

    /// The corpus's real files against exiftool's reading of them: the same camera, and every
    /// IFD0, EXIF and GPS tag exiftool names found (libexif's count may differ by a few:
    /// exiftool adds composite and maker tags under other groups).
    @Test(arguments: ["iphone_13_pro_max.HEIC", "flower.webp", "exif.png", "hopper.tif"])
    func corpusFilesListWhatExiftoolFinds(name: String) throws {
        guard Corpus.isAvailable else {
            print("skipped: \(Corpus.skipMessage)")
            return
        }
        let folder = Corpus.root.appendingPathComponent("formats")
        let truth = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("ground-truth.exiftool.json")))
                as? [[String: Any]])
        let expected = try #require(truth.first { ($0["SourceFile"] as? String)?.hasSuffix("/" + name) == true })
        let fields = ExifListing.fields(in: try FileSystem.readFile(RawPath(folder.appendingPathComponent(name).path)))
        let groups = ["IFD0:", "ExifIFD:", "GPS:"]
        let tags = expected.keys.filter { key in groups.contains { key.hasPrefix($0) } }
        #expect(!fields.isEmpty || tags.isEmpty, "\(name): exiftool lists \(tags.count), photolib none")
        #expect(fields.count * 10 >= tags.count * 8, "\(name): \(fields.count) entries, exiftool \(tags.count)")
        if let make = expected["IFD0:Make"] as? String {
            #expect(fields.contains { $0.name == "Make" && $0.value == make }, "\(name): \(fields.prefix(5))")
        }
    }
}
