import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

@Suite struct ImageFileReaderTests {
    typealias S = SyntheticJPEG

    func corpusPath(_ relative: String) -> RawPath { RawPath(Corpus.root.appendingPathComponent(relative).path) }

    func readError(_ path: RawPath) -> ImageReadError? {
        do {
            _ = try ImageFileReader.read(path)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - The corpus's broken files

    enum Expectation {
        case error(ImageReadError.Reason)
        case problems([String])
    }

    /// What each file in broken/ must give; a new file there must be added here.
    static let brokenExpectations: [String: Expectation] = [
        "zero_bytes.jpg": .error(.empty),
        "text_file.jpg": .error(.unsupported(detected: "text")),
        // A whole PNG with a JPEG's name: read as the PNG it is.
        "png_renamed.jpg": .problems([]),
        "truncated_1KiB.jpg": .error(.noImageData),
        "truncated_50pct.jpg": .problems(["truncated (no end-of-image marker)"]),
        // libexif's wording follows "corrupt EXIF: "; only its start is pinned here ("…" ends a prefix).
        "exif_ifd0_offsets_corrupted.jpg": .problems([
            "corrupt EXIF: Tag data past end of buffer…", "invalid EXIF orientation 65535",
        ]),
        "sof_65500x65500.jpg": .problems(["65500x65500 is 4290.3 megapixels, over the limit of 250"]),
    ]

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func everyBrokenFileGivesItsExpectedErrorOrProblems() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Corpus.broken.path).filter { $0 != "README.md" }
        #expect(Set(names) == Set(Self.brokenExpectations.keys))
        let truth = try GroundTruth.load().broken
        for name in names.sorted() {
            let path = corpusPath("broken/" + name)
            switch Self.brokenExpectations[name] {
            case .error(let reason)?:
                #expect(readError(path) == ImageReadError(path: path, reason: reason), "\(name)")
                #expect(readError(path)?.kind == .badData)
            case .problems(let problems)?:
                let reading = try ImageFileReader.read(path)
                #expect(reading.problems.count == problems.count, "\(name): \(reading.problems)")
                for (got, wanted) in zip(reading.problems, problems) {
                    #expect(wanted.hasSuffix("…") ? got.hasPrefix(wanted.dropLast()) : got == wanted, "\(name)")
                }
                // What is still readable agrees with exiftool's reading of the same file.
                let exiftool = try #require(
                    truth.first { $0["file"] as? String == "broken/" + name }?["exiftool"] as? [String: Any])
                if reading.metadata.format == .jpeg {
                    #expect(reading.metadata.pixelWidth == exiftool["File:ImageWidth"] as? Int, "\(name)")
                    #expect(reading.metadata.pixelHeight == exiftool["File:ImageHeight"] as? Int, "\(name)")
                } else {
                    // png_renamed.jpg is Pillow's hopper.png, 128x128 (exiftool's reading here gives no size).
                    #expect(reading.metadata.format == .png)
                    #expect((reading.metadata.pixelWidth, reading.metadata.pixelHeight) == (128, 128))
                }
                #expect(reading.metadata.cameraMake == exiftool["EXIF:Make"] as? String, "\(name)")
                #expect(reading.metadata.cameraModel == exiftool["EXIF:Model"] as? String, "\(name)")
                #expect(reading.metadata.orientation == 1)
                if let latitude = exiftool["Composite:GPSLatitude"] as? Double {
                    #expect(abs((reading.metadata.gps?.latitude ?? 0) - latitude) < 1e-6)
                } else {
                    #expect(reading.metadata.gps == nil)
                }
                #expect(reading.size == Int64(try #require(FileSystem.status(path)).st_size))
            case nil:
                Issue.record("no expectation for broken/\(name)")
            }
        }
    }

    // MARK: - Errors

    @Test func missingFileHasVanished() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path.appending("gone.jpg")
        let error = try #require(readError(path))
        #expect(error.reason == .vanished)
        #expect(error.kind == .noSuchInput)
        #expect(error.description == "\(path): vanished before it could be read")
    }

    @Test func directoriesAndFIFOsAreNotRegularFiles() throws {
        let folder = try TemporaryDirectory()
        let directory = folder.path.appending("folder.jpg")
        try FileSystem.createDirectory(directory)
        #expect(readError(directory)?.reason == .notARegularFile)
        let fifo = folder.path.appending("pipe.jpg")
        #expect(fifo.withCString { mkfifo($0, 0o644) } == 0)
        // Opening a FIFO with no writer must not block.
        #expect(readError(fifo)?.reason == .notARegularFile)
    }

    @Test func pathTheSystemRefuses() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path.appending(String(repeating: "n", count: 300) + ".jpg")
        let error = try #require(readError(path))
        #expect(error.reason == .unreadable(ENAMETOOLONG))
        #expect(error.kind == .failure)
        #expect(error.description == "\(path): cannot read: File name too long")
    }

    @Test(.enabled(if: geteuid() != 0, "root reads any file, so permissions cannot be tested"))
    func unreadableFile() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(S.jpeg(), named: "secret.jpg")
        #expect(path.withCString { chmod($0, 0) } == 0)
        #expect(readError(path)?.reason == .unreadable(EACCES))
        #expect(readError(path)?.kind == .failure)
    }

    @Test(
        arguments: [
            (Array("%PDF-1.7\n".utf8), "PDF document"),
            (Array("Dear diary,\nit rained.\n".utf8), "text"),
            ([0xFF, 0xD9, 0x00, 0x01, 0x02], nil),
            ([0x00, 0x01, 0x02, 0x03, 0xFE], nil),
            ([0xFF], nil),
        ] as [([UInt8], String?)])
    func contentInNoFormatPhotolibReadsIsNamed(bytes: [UInt8], detected: String?) throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(bytes, named: "photo.jpg")
        let error = try #require(readError(path))
        #expect(error.reason == .unsupported(detected: detected))
        #expect(error.description == "\(path): not a format photolib reads" + (detected.map { " (\($0))" } ?? ""))
    }

    /// The first bytes of each other format photolib reads, and nothing after: recognised by
    /// those bytes whatever the name, then refused by the format's reader with its reason.
    @Test(
        arguments: [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], ImageFormat.png),
            ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .tiff),
            ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], .tiff),
            ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8), .heif),
            ([0, 0, 0, 0x14] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("mif1".utf8), .heif),
            (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
            (Array("GIF89a".utf8) + [1, 0, 1, 0], .gif),
            (Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0], .gif),
            (Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0], .bmp),
            (Array("8BPS".utf8) + [0, 1], .psd),
        ] as [([UInt8], ImageFormat)])
    func headerOfAnotherFormatIsRefusedByItsReader(bytes: [UInt8], format: ImageFormat) throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(bytes, named: "photo.jpg")
        let error = try #require(readError(path))
        guard case .undecodable(let found, let message) = error.reason else {
            Issue.record("\(error)")
            return
        }
        #expect(found == format)
        #expect(!message.isEmpty)
        #expect(error.kind == .badData)
        #expect(error.description.hasPrefix("\(path): cannot read \(format.displayName): "))
    }

    @Test func jpegThatEndsBeforeItsImageData() throws {
        let folder = try TemporaryDirectory()
        let cut = S.startOfImage + S.jfif + S.frame(width: 100, height: 100)
        let path = try folder.write(cut, named: "cut.jpg")
        #expect(readError(path)?.reason == .noImageData)
        #expect(readError(path)?.description == "\(path): truncated before the image data")
    }

    // MARK: - What a readable file gives

    @Test func sizeTimeAndFrame() throws {
        let folder = try TemporaryDirectory()
        let bytes = S.jpeg(width: 300, height: 200)
        let path = try folder.write(bytes, named: "a.jpg")
        var times = [
            timespec(tv_sec: 1_600_000_000, tv_nsec: 123_456_789),
            timespec(tv_sec: 1_700_000_000, tv_nsec: 987_654_321),
        ]
        #expect(path.withCString { utimensat(AT_FDCWD, $0, &times, 0) } == 0)
        let reading = try ImageFileReader.read(path)
        #expect(reading.size == Int64(bytes.count))
        #expect(reading.modifiedNanoseconds == 1_700_000_000_987_654_321)
        #expect(reading.metadata == PhotoMetadata(pixelWidth: 300, pixelHeight: 200, colour: "sRGB"))
        #expect(reading.problems == [])
        #expect(reading.layout.frame?.componentCount == 3)
        #expect(reading.layout.segments.map(\.kind) == [.jfif])
    }

    @Test func exifBeyondTheFirst64KiBIsReadOnItsOwn() throws {
        let folder = try TemporaryDirectory()
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x010F, "FUJIFILM"), block.short(0x0112, 8)]
        let icc = (0..<3).map { _ in
            S.segment(0xE2, Array("ICC_PROFILE".utf8) + [0] + [UInt8](repeating: 0x42, count: 65_000))
        }
        let bytes = S.jpeg(
            segments: [S.jfif] + icc + [S.exifSegment(block)], width: 640, height: 480, scanBytes: 200_000)
        let reading = try ImageFileReader.read(folder.write(bytes, named: "big.jpg"))
        #expect(reading.metadata.cameraMake == "FUJIFILM")
        #expect(reading.metadata.orientation == 8)
        #expect(reading.metadata.displayWidth == 480)
        #expect(try #require(reading.layout.first(.exif)).payloadOffset > 3 * 65_000)
        #expect(reading.problems == [])
    }

    @Test func endOfImageMarkerCheck() throws {
        let folder = try TemporaryDirectory()
        func problems(_ bytes: [UInt8]) throws -> [String] {
            try ImageFileReader.read(folder.write(bytes, named: "x.jpg")).problems
        }
        let truncated = ["truncated (no end-of-image marker)"]
        #expect(try problems(S.jpeg()) == [])
        #expect(try problems(S.jpeg(trailer: [])) == truncated)
        // Junk after the marker is common (phones append data) and fine while the marker is near the end.
        #expect(try problems(S.jpeg(trailer: S.endOfImage + [UInt8](repeating: 0x00, count: 30_000))) == [])
        #expect(
            try problems(S.jpeg(scanBytes: 300_000, trailer: S.endOfImage + [UInt8](repeating: 0x11, count: 1000)))
                == [])
        #expect(try problems(S.jpeg(scanBytes: 300_000, trailer: [])) == truncated)
        // An FF D9 before the scan (the end of an EXIF thumbnail) does not count.
        let thumbnail = S.segment(0xE1, Array("Exif".utf8) + [0, 0] + S.startOfImage + [1, 2, 3] + S.endOfImage)
        #expect(try problems(S.jpeg(segments: [thumbnail], trailer: [])).contains(truncated[0]))
    }

    @Test func megapixelLimit() throws {
        let folder = try TemporaryDirectory()
        // Exactly 250 megapixels is within the default limit; one pixel row more is over it.
        let path = try folder.write(S.jpeg(width: 20_000, height: 12_500), named: "huge.jpg")
        #expect(try ImageFileReader.read(path).problems == [])
        let taller = try folder.write(S.jpeg(width: 20_000, height: 12_501), named: "taller.jpg")
        #expect(
            try ImageFileReader.read(taller).problems == ["20000x12501 is 250.0 megapixels, over the limit of 250"])
        #expect(
            try ImageFileReader.read(path, pixelLimit: PixelLimit(megapixels: 99)).problems == [
                "20000x12500 is 250.0 megapixels, over the limit of 99"
            ])
        #expect(try ImageFileReader.read(taller, pixelLimit: PixelLimit(megapixels: .max)).problems == [])
        let reading = try ImageFileReader.read(path, pixelLimit: PixelLimit(megapixels: 100))
        #expect(reading.metadata.pixelWidth == 20_000)
    }

    @Test func corruptExifLeavesTheRestOfTheFile() throws {
        let folder = try TemporaryDirectory()
        let junk = S.segment(
            0xE1, Array("Exif".utf8) + [0, 0] + Array("XX".utf8) + [UInt8](repeating: 0xEE, count: 40))
        let reading = try ImageFileReader.read(
            folder.write(S.jpeg(segments: [junk], width: 64, height: 48), named: "j.jpg"))
        #expect(reading.metadata == PhotoMetadata(pixelWidth: 64, pixelHeight: 48, colour: "sRGB"))
        #expect(reading.problems == ["corrupt EXIF: Unknown encoding."])
    }
}
