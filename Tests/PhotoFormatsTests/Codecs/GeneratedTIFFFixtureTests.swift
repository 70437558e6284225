import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// The generated DNG (a fresh clone's RAW fixture) and the TIFF whose directories lie beyond
/// its first 64 KiB, through the image reader: every fact they were written with comes back.
@Suite struct GeneratedTIFFFixtureTests {
    typealias Fixture = GeneratedTIFFFixtures

    @Test func generatedDNGReadsThroughLibRawWithItsCameraDateOrientationAndGPS() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Fixture.dng(), named: "generated.dng")
        let reading = try ImageFileReader.read(path)
        let metadata = reading.metadata
        #expect(metadata.format == .raw)
        #expect(metadata.mimeType == "image/x-raw")
        #expect(metadata.cameraMake == Fixture.make)
        #expect(metadata.cameraModel == Fixture.model)
        #expect(metadata.takenAt?.iso8601 == Fixture.takenAt)
        #expect(metadata.orientation == Fixture.orientation)
        #expect((metadata.pixelWidth, metadata.pixelHeight) == (256, 192))
        #expect(abs((metadata.gps?.latitude ?? 0) - Fixture.latitude) < 1e-5)
        #expect(abs((metadata.gps?.longitude ?? 0) - Fixture.longitude) < 1e-5)
        #expect(reading.problems == [])
    }

    @Test func tiffDirectoriesBeyondTheFirst64KiBAreRead() throws {
        let bytes = Fixture.farDirectoryTIFF()
        // The point of the fixture: IFD0 starts past what libexif is given.
        let ifd0 = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        #expect(ifd0 > 0x10000)
        let folder = try TemporaryDirectory()
        let reading = try ImageFileReader.read(try folder.write(bytes, named: "far.tif"))
        let metadata = reading.metadata
        #expect(metadata.format == .tiff)
        #expect((metadata.pixelWidth, metadata.pixelHeight) == (320, 240))
        #expect(metadata.orientation == Fixture.orientation)
        #expect(metadata.takenAt?.iso8601 == Fixture.takenAt)
        #expect(abs((metadata.gps?.latitude ?? 0) - Fixture.latitude) < 1e-5)
        #expect(metadata.cameraModel == "Far TIFF")
        #expect(metadata.caption == "Far directories")
    }
}
