import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Issue 26, item 9: a TIFF's date and position wherever its directories lie. A drone's TIFF
/// (Parrot) puts IFD0, EXIF and GPS after 2.4 MB of pixels; a BigTIFF has 8-byte offsets in
/// its EXIF and GPS pointers too. exiftool, when installed, is the oracle for what the files
/// hold; without it the values the builder wrote are checked.
@Suite struct TIFFFarDirectoryTests {
    static let exiftool = "/usr/bin/exiftool"

    /// exiftool's DateTimeOriginal, GPSLatitude and GPSLongitude of `path` (numbers, `-n`).
    static func exiftoolFacts(_ path: RawPath) throws -> (date: String?, latitude: Double?, longitude: Double?)? {
        guard FileManager.default.isExecutableFile(atPath: exiftool) else {
            print("exiftool is absent: the values the builder wrote are checked instead")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exiftool)
        process.arguments = ["-json", "-n", "-DateTimeOriginal", "-GPSLatitude", "-GPSLongitude", path.description]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let object = try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
        return (
            object["DateTimeOriginal"] as? String, (object["GPSLatitude"] as? NSNumber)?.doubleValue,
            (object["GPSLongitude"] as? NSNumber)?.doubleValue
        )
    }

    @Test func directoriesAfter2Point4MegabytesOfPixelsGiveDateAndPosition() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path.appending("IMG_180101_000000_0000_GRE.TIF")
        // 2048 x 1200 8-bit: 2.4 MB of pixels before IFD0, as the drone writes them.
        let bytes = GeneratedTIFFFixtures.farDirectoryTIFF(width: 2048, height: 1200)
        #expect(bytes.count > 2_400_000)
        try FileSystem.writeAtomically(bytes, to: path)
        let reading = try ImageFileReader.read(path)
        let taken = try #require(reading.metadata.takenAt?.iso8601)
        let gps = try #require(reading.metadata.gps)
        if let oracle = try Self.exiftoolFacts(path) {
            #expect(oracle.date == GeneratedTIFFFixtures.exifDate)
            #expect(
                abs((oracle.latitude ?? 0) - gps.latitude) < 1e-6 && abs((oracle.longitude ?? 0) - gps.longitude) < 1e-6
            )
        }
        #expect(taken == GeneratedTIFFFixtures.takenAt)
        #expect(abs(gps.latitude - GeneratedTIFFFixtures.latitude) < 1e-6)
    }

    @Test func aBigTIFFsExifAndGPSDirectoriesAreRead() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path.appending("big.tif")
        try FileSystem.writeAtomically(Self.bigTIFFWithExifAndGPS(), to: path)
        let reading = try ImageFileReader.read(path)
        #expect(reading.metadata.format == .tiff)
        #expect((reading.metadata.pixelWidth, reading.metadata.pixelHeight) == (2, 2))
        let taken = try #require(reading.metadata.takenAt?.iso8601)
        let gps = try #require(reading.metadata.gps, "the GPS directory behind an 8-byte pointer")
        // exiftool (12.57) reads a BigTIFF's EXIF directory by name, but lists its GPS
        // directory's entries under EXIF's tag names (InteropIndex, InteropVersion…), so only
        // the date is taken from it; the position is the one the builder wrote.
        if let oracle = try Self.exiftoolFacts(path) { #expect(oracle.date == "2020:08:09 07:08:09") }
        // DateTimeOriginal (EXIF), not IFD0's DateTime (2019): the EXIF directory was reached.
        #expect(taken == "2020-08-09T07:08:09")
        #expect(abs(gps.latitude - (45 + 30.0 / 60)) < 1e-6 && abs(gps.longitude - -(5 + 15.0 / 60)) < 1e-6)
        #expect(reading.metadata.cameraModel == "Sequoia")
    }

    /// A 2x2 RGB little-endian BigTIFF: IFD0 (DateTime 2019, model), an EXIF directory behind an
    /// IFD8 pointer (DateTimeOriginal 2020) and a GPS one behind a LONG8 pointer (45°30' N,
    /// 5°15' W), then the values too long to sit in their entries, then the pixels.
    static func bigTIFFWithExifAndGPS() -> [UInt8] {
        func le(_ value: Int, _ size: Int) -> [UInt8] {
            (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        func text(_ value: String) -> (Int, Int, [UInt8]) { (2, value.utf8.count + 1, Array(value.utf8) + [0]) }
        func rationals(_ values: [(Int, Int)]) -> (Int, Int, [UInt8]) {
            (5, values.count, values.flatMap { le($0.0, 4) + le($0.1, 4) })
        }
        typealias Entry = (tag: Int, type: Int, count: Int, value: [UInt8])
        func entry(_ tag: Int, _ typed: (Int, Int, [UInt8])) -> Entry { (tag, typed.0, typed.1, typed.2) }
        let gps: [Entry] = [
            entry(1, text("N")), entry(2, rationals([(45, 1), (30, 1), (0, 1)])),
            entry(3, text("W")), entry(4, rationals([(5, 1), (15, 1), (0, 1)])),
        ]
        let exif: [Entry] = [entry(0x9003, text("2020:08:09 07:08:09"))]
        func directorySize(_ count: Int) -> Int { 8 + count * 20 + 8 }
        let ifd0Count = 13
        let ifd0Offset = 16
        let exifOffset = ifd0Offset + directorySize(ifd0Count)
        let gpsOffset = exifOffset + directorySize(exif.count)
        let dataStart = gpsOffset + directorySize(gps.count)
        let ifd0Base: [Entry] = [
            (256, 3, 1, le(2, 2)), (257, 3, 1, le(2, 2)), (258, 3, 3, le(8, 2) + le(8, 2) + le(8, 2)),
            (259, 3, 1, le(1, 2)), (262, 3, 1, le(2, 2)), entry(272, text("Sequoia")),
            (277, 3, 1, le(3, 2)), (278, 3, 1, le(2, 2)), (279, 4, 1, le(12, 4)),
            entry(306, text("2019:01:02 03:04:05")), (0x8769, 18, 1, le(exifOffset, 8)),
            (0x8825, 16, 1, le(gpsOffset, 8)),
        ]
        // The values longer than 8 bytes go to the data area, in this order.
        let outOfLine = (ifd0Base + exif + gps).filter { $0.value.count > 8 }
        let pixelOffset = dataStart + outOfLine.reduce(0) { $0 + $1.value.count }
        let ifd0 = (ifd0Base + [(273, 16, 1, le(pixelOffset, 8))]).sorted { $0.tag < $1.tag }
        precondition(ifd0.count == ifd0Count)
        var data: [UInt8] = []
        func directory(_ entries: [Entry]) -> [UInt8] {
            var bytes = le(entries.count, 8)
            for entry in entries {
                bytes += le(entry.tag, 2) + le(entry.type, 2) + le(entry.count, 8)
                if entry.value.count > 8 {
                    bytes += le(dataStart + data.count, 8)
                    data += entry.value
                } else {
                    bytes += entry.value + [UInt8](repeating: 0, count: 8 - entry.value.count)
                }
            }
            return bytes + le(0, 8)
        }
        var file: [UInt8] = [0x49, 0x49, 0x2B, 0x00, 0x08, 0x00, 0x00, 0x00] + le(ifd0Offset, 8)
        file += directory(ifd0)
        file += directory(exif)
        file += directory(gps)
        file += data
        precondition(file.count == pixelOffset)
        return file + [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
    }
}
