import Foundation
import PhotoTestSupport
import Testing

/// With `sidecars: write`, a date and a position set by hand land in the XMP sidecar in the
/// forms exiftool reads back; the original is never written.
@Suite struct DateAndPlaceSidecarTests {
    static func exiftool(_ arguments: [String]) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: try #require(KeywordCommandTests.exiftool))
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test(.enabled(if: KeywordCommandTests.exiftool != nil, "exiftool is not installed"))
    func exiftoolReadsBackTheDateAndThePosition() throws {
        let library = try TestLibrary()
        try library.add(SampleFiles.root.appendingPathComponent("2015/lake-beach.jpg"), as: "lake-beach.jpg")
        try library.add(SampleFiles.root.appendingPathComponent("2016/lighthouse-portrait.jpg"), as: "lighthouse.jpg")
        let originals = try ["lake-beach.jpg", "lighthouse.jpg"].map { try Data(contentsOf: library.url($0)) }
        #expect(try BinaryRunner.run(["init", "--sidecars", "write", library.root.path]).status == 0)
        #expect(try library.run(["index"]).status == 0)

        #expect(try library.run(["action", "date", "--shift", "+1h", "lake-beach.jpg"]).status == 0)
        #expect(try library.run(["action", "gps", "--lat", "44.84", "--lon", "-0.58", "lighthouse.jpg"]).status == 0)
        #expect(
            try library.run(["action", "date", "--set", "2016-08-06 22:36:45+02:00", "lighthouse.jpg"]).status == 0)

        let lake = try Self.exiftool([
            "-q", "-s3", "-XMP-exif:DateTimeOriginal", "-XMP-photoshop:DateCreated", "-d", "%Y-%m-%dT%H:%M:%S%z",
            library.url("lake-beach.jpg.xmp").path,
        ])
        #expect(lake.split(separator: "\n") == ["2015-07-04T12:25:31+0200", "2015-07-04T12:25:31+0200"], "\(lake)")
        let lighthouse = try Self.exiftool([
            "-q", "-s3", "-n", "-XMP-exif:GPSLatitude", "-XMP-exif:GPSLongitude", "-XMP-exif:DateTimeOriginal",
            library.url("lighthouse.jpg.xmp").path,
        ]).split(separator: "\n").map(String.init)
        #expect(lighthouse.count == 3, "\(lighthouse)")
        if lighthouse.count == 3 {
            #expect(abs((Double(lighthouse[0]) ?? 0) - 44.84) < 1e-6 && abs((Double(lighthouse[1]) ?? 0) + 0.58) < 1e-6)
            #expect(lighthouse[2] == "2016:08:06 22:36:45+02:00")
        }
        // Declared with the customary prefix, as exiftool and digiKam write it, so that a reader
        // going by prefix rather than by namespace finds `exif:GPSLatitude` too.
        let sidecar = try String(contentsOf: library.url("lighthouse.jpg.xmp"), encoding: .utf8)
        #expect(sidecar.contains("xmlns:exif=\"http://ns.adobe.com/exif/1.0/\""), "\(sidecar)")
        #expect(sidecar.contains("exif:GPSLatitude"))
        // Undone, the sidecar says the file's date again.
        #expect(try library.run(["action", "date", "--undo", "lake-beach.jpg"]).status == 0)
        let undone = try Self.exiftool([
            "-q", "-s3", "-XMP-exif:DateTimeOriginal", library.url("lake-beach.jpg.xmp").path,
        ])
        #expect(undone == "2015:07:04 11:25:31+02:00\n")
        #expect(try ["lake-beach.jpg", "lighthouse.jpg"].map { try Data(contentsOf: library.url($0)) } == originals)
    }
}
