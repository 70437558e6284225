import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

@Suite struct OriginalExportTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    @Test func plainExportIsByteForByteAndNeverOverwrites() throws {
        let source = SampleFiles.path("2015/bordeaux-art.jpg")
        let (bytes, result) = try OriginalExport.bytes(of: source, orientation: 1, upright: true, pixelLimit: .standard)
        #expect(bytes == (try FileSystem.readFile(source)))
        #expect(!result.turnedUpright)
        let target = folder.path.appending("copy.jpg")
        try OriginalExport.write(bytes, to: target, replace: false)
        #expect(try FileSystem.readFile(target) == bytes)
        let error = try #require(throws: FileSystemError.self) {
            try OriginalExport.write([1, 2], to: target, replace: false)
        }
        #expect(error.reason == .alreadyExists)
        #expect(try FileSystem.readFile(target) == bytes)
        try OriginalExport.write([1, 2], to: target, replace: true)
        #expect(try FileSystem.readFile(target) == [1, 2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["copy.jpg"])
    }

    @Test func uprightTurnsOrientationSixLosslesslyAndResetsTheTag() throws {
        let source = SampleFiles.path("2015/sunset-orientation-6.jpg")
        let (bytes, result) = try OriginalExport.bytes(of: source, orientation: 6, upright: true, pixelLimit: .standard)
        #expect(result.turnedUpright && !result.trimmedEdges)
        let target = folder.path.appending("upright.jpg")
        try OriginalExport.write(bytes, to: target, replace: false)
        let reading = try ImageFileReader.read(target)
        #expect(reading.metadata.pixelWidth == 1920 && reading.metadata.pixelHeight == 1280)
        #expect(reading.metadata.orientation == 1)
        // The rest of the EXIF came along.
        #expect(reading.metadata.caption == "Sunset at Ipanema")
        let fields = ExifListing.fields(inJPEG: bytes)
        #expect(fields.first { $0.name == "Orientation" && $0.directory == "IFD0" }?.value == "Top-left")

        // Pixel (x, y) of the upright image is pixel (y, H - 1 - x) of the stored one, for rotation by 90°.
        let stored = try TestImage.decode(source.description, scaleDenominator: 8)
        let upright = try TestImage.decode(target.description, scaleDenominator: 8)
        #expect(stored.width == 160 && stored.height == 240 && upright.width == 240 && upright.height == 160)
        var largest = 0
        for (x, y) in [(5, 5), (120, 20), (230, 150), (60, 100), (200, 40)] {
            for channel in 0..<3 {
                let a = Int(upright.pixels[(y * upright.width + x) * 3 + channel])
                let b = Int(stored.pixels[((stored.height - 1 - x) * stored.width + y) * 3 + channel])
                largest = max(largest, abs(a - b))
            }
        }
        #expect(largest <= 16)
    }

    /// 1800 pixels are 112.5 blocks of 16: turning losslessly drops the partial column of blocks.
    @Test func orientationEightTurnsTheOtherWayTrimmingAPartialBlock() throws {
        let source = SampleFiles.path("2015/tree-orientation-8.jpg")
        let (bytes, result) = try OriginalExport.bytes(of: source, orientation: 8, upright: true, pixelLimit: .standard)
        #expect(result.turnedUpright && result.trimmedEdges)
        let target = folder.path.appending("tree.jpg")
        try OriginalExport.write(bytes, to: target, replace: false)
        let metadata = try ImageFileReader.read(target).metadata
        #expect(metadata.pixelWidth == 1200 && metadata.pixelHeight == 1792 && metadata.orientation == 1)
    }

    @Test func exifListingNamesEveryEntryWithLibexifValues() throws {
        let fields = ExifListing.fields(inJPEG: try FileSystem.readFile(SampleFiles.path("2015/bordeaux-art.jpg")))
        #expect(fields.first { $0.name == "ImageDescription" }?.value == "Lovely piece of art in Bordeaux")
        #expect(fields.contains { $0.directory == "GPS" && $0.name == "GPSLatitude" })
        #expect(
            fields.contains {
                $0.directory == "EXIF" && $0.name == "DateTimeOriginal" && $0.value == "2015:06:13 16:42:07"
            })
        #expect(ExifListing.fields(inJPEG: try FileSystem.readFile(SampleFiles.path("no-exif.jpg"))).isEmpty)
        #expect(ExifListing.fields(inJPEG: [0xFF, 0xD8, 0xFF]).isEmpty)
    }
}
