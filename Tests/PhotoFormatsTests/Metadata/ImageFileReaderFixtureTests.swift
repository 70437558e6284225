import Dispatch
import Foundation
import PhotoTestSupport
import Synchronization
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// The image reader on SampleLibrary and on broken inputs made at test time: what
/// `ImageFileReaderTests` checks on the corpus, for a clone that does not have it.
@Suite struct ImageFileReaderFixtureTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    /// What each broken fixture must give ("…" ends a prefix).
    static let expectations: [BrokenFixture: ImageFileReaderTests.Expectation] = [
        .empty: .error(.empty),
        .text: .error(.unsupported(detected: "text")),
        .pngRenamed: .error(.undecodable(format: .png, message: "no IHDR chunk")),
        .truncatedHeaders: .error(.noImageData),
        .truncatedHalfway: .problems(["truncated (no end-of-image marker)"]),
        .corruptExif: .problems(["corrupt EXIF: …"]),
        .oversizedFrame: .problems(["65500x65500 is 4290.3 megapixels, over the limit of 250"]),
    ]

    @Test(arguments: BrokenFixture.allCases)
    func brokenFixtureGivesItsExpectedErrorOrProblems(_ fixture: BrokenFixture) throws {
        let path = try folder.write(fixture.bytes, named: fixture.rawValue)
        switch Self.expectations[fixture] {
        case .error(let reason)?:
            let error = try #require(throws: ImageReadError.self) { try ImageFileReader.read(path) }
            #expect(error == ImageReadError(path: path, reason: reason))
            #expect(error.kind == .badData)
        case .problems(let problems)?:
            let reading = try ImageFileReader.read(path)
            #expect(reading.problems.count == problems.count, "\(reading.problems)")
            for (got, wanted) in zip(reading.problems, problems) {
                #expect(wanted.hasSuffix("…") ? got.hasPrefix(wanted.dropLast()) : got == wanted)
            }
            let size = fixture == .oversizedFrame ? 65_500 : 640
            #expect(reading.metadata.pixelWidth == size)
            #expect(reading.metadata.orientation == 1 && reading.metadata.cameraMake == nil)
            #expect(reading.size == Int64(fixture.bytes.count))
        case nil:
            Issue.record("no expectation for \(fixture)")
        }
    }

    /// Card-recovery tools round files up to a block size with zeros or FF bytes, sometimes
    /// by more than the 64 KiB tail the reader has in hand: that is not truncation.
    @Test(arguments: [(0x00, 100_000), (0xFF, 200_000), (0x00, 65_536), (0x00, 4_000_000)] as [(UInt8, Int)])
    func paddingAfterTheEndOfImageIsNotTruncation(byte: UInt8, count: Int) throws {
        let padding = [UInt8](repeating: byte, count: count)
        let padded = try folder.write(
            SyntheticJPEG.jpeg(scanBytes: 70_000, trailer: SyntheticJPEG.endOfImage + padding), named: "padded.jpg")
        #expect(try ImageFileReader.read(padded).problems == [])
        // A short trailer between the marker and the padding is fine too.
        let trailer = SyntheticJPEG.endOfImage + Array("junk".utf8) + padding
        let trailed = try folder.write(SyntheticJPEG.jpeg(scanBytes: 70_000, trailer: trailer), named: "trailed.jpg")
        #expect(try ImageFileReader.read(trailed).problems == [])
        // Without the marker, padding does not hide the truncation, short scan or long.
        for scanBytes in [64, 70_000] {
            let cut = try folder.write(SyntheticJPEG.jpeg(scanBytes: scanBytes, trailer: padding), named: "cut.jpg")
            #expect(try ImageFileReader.read(cut).problems == ["truncated (no end-of-image marker)"])
        }
    }

    /// Cards leave the rest of a block after a sound image: data that is neither the marker
    /// nor padding, past the 64 KiB tail (held-out Canon, Kodak, Olympus and FujiFilm files
    /// that djpeg decodes without a warning). The image is whole; a scan cut short before the
    /// same data is still truncated, and so is one whose marker-less data spans several reads.
    @Test(arguments: [70_000, 300_000, 2_500_000])
    func dataLeftAfterTheEndOfImageIsNotTruncation(junkCount: Int) throws {
        // Bytes 01...FE only: no FF D9 and no padding in the junk itself.
        let junk = (0..<junkCount).map { UInt8(1 + $0 % 254) }
        let sound = try folder.write(
            SyntheticJPEG.jpeg(scanBytes: 70_000, trailer: SyntheticJPEG.endOfImage + junk), named: "card.jpg")
        #expect(try ImageFileReader.read(sound).problems == [])
        let cut = try folder.write(SyntheticJPEG.jpeg(scanBytes: 1_200_000, trailer: junk), named: "cutcard.jpg")
        #expect(try ImageFileReader.read(cut).problems == ["truncated (no end-of-image marker)"])
    }

    /// A block too big for one APP1 segment, split as exiftool and some cameras do: the second
    /// segment repeats `Exif\0\0` and goes on where the first stopped.
    @Test(arguments: [false, true])
    func exifSplitOverTwoSegmentsIsJoined(bigEndian: Bool) throws {
        var block = ExifBuilder(bigEndian: bigEndian)
        block.ifd0 = [block.ascii(0x010F, "Split Camera"), block.ascii(0x010E, "Two segments")]
        // A long comment pushes the GPS values past the first segment.
        block.exif = [
            block.ascii(0x9003, "2021:06:05 04:03:02"),
            block.bytes(0x9286, Array("ASCII".utf8) + [0, 0, 0] + [UInt8](repeating: 0x20, count: 70_000), type: 7),
        ]
        block.gps = [
            block.ascii(0x0001, "N"), block.rationals(0x0002, [(48, 1), (51, 1), (2400, 100)]),
            block.ascii(0x0003, "E"), block.rationals(0x0004, [(2, 1), (21, 1), (300, 100)]),
        ]
        let payload = block.build()
        let firstLength = 65_533
        #expect(payload.count > firstLength)
        let segments = [
            SyntheticJPEG.segment(0xE1, Array(payload.prefix(firstLength))),
            SyntheticJPEG.segment(0xE1, ExifSegments.header + payload.dropFirst(firstLength)),
        ]
        let path = try folder.write(SyntheticJPEG.jpeg(segments: segments), named: "split.jpg")
        let reading = try ImageFileReader.read(path)
        #expect(reading.problems == [])
        #expect(reading.metadata.cameraMake == "Split Camera")
        #expect(reading.metadata.caption == "Two segments")
        #expect(reading.metadata.takenAt == CaptureDate(localTime: "2021-06-05T04:03:02"))
        let gps = try #require(reading.metadata.gps)
        #expect(abs(gps.latitude - (48 + 51 / 60.0 + 24 / 3600.0)) < 1e-9)
        #expect(abs(gps.longitude - (2 + 21 / 60.0 + 3 / 3600.0)) < 1e-9)
    }

    /// The walk that reads past libexif's limit keeps within the block whatever the offsets say.
    @Test func walkPastLibexifsLimitSurvivesHostileOffsets() {
        let header = ExifSegments.header + Array("II".utf8) + [42, 0, 8, 0, 0, 0]
        // IFD0 with one entry: the EXIF pointer aimed at IFD0 itself, then a Make whose
        // value lies far past the end, then a count of entries larger than the block.
        let loop =
            header + [2, 0] + [0x69, 0x87, 4, 0, 1, 0, 0, 0, 8, 0, 0, 0]
            + [0x0F, 0x01, 2, 0, 0xFF, 0xFF, 0, 0, 0xF0, 0xFF, 0xFF, 0x7F] + [0, 0, 0, 0]
        let found = ExifTags.walk(payload: loop)
        #expect(found != nil && found?[.make] == nil)
        #expect(ExifTags.walk(payload: header + [0xFF, 0xFF]) == nil)
        #expect(ExifTags.walk(payload: Array(header.prefix(9))) == nil)
        for cut in 0..<loop.count { _ = ExifTags.walk(payload: Array(loop.prefix(cut))) }
    }

    /// A second block with a TIFF header of its own is not a continuation: the first is read alone.
    @Test func secondCompleteExifBlockIsNotJoined() throws {
        var first = ExifBuilder()
        first.ifd0 = [first.ascii(0x010F, "First")]
        var second = ExifBuilder()
        second.ifd0 = [second.ascii(0x010F, "Second")]
        let joined = ExifSegments.join([first.build()[...], second.build()[...]])
        #expect(joined == first.build())
        let path = try folder.write(
            SyntheticJPEG.jpeg(segments: [SyntheticJPEG.exifSegment(first), SyntheticJPEG.exifSegment(second)]),
            named: "two-blocks.jpg")
        let reading = try ImageFileReader.read(path)
        #expect(reading.metadata.cameraMake == "First" && reading.problems == [])
    }

    @Test func fileNameThatIsNotUTF8() throws {
        let original = SampleFiles.path("2015/bordeaux-art.jpg")
        let name = RawPath(bytes: [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x70, 0x67])
        let copy = try folder.write(FileSystem.readFile(original), named: name)
        #expect(!copy.isValidUTF8)
        let reading = try ImageFileReader.read(copy)
        let expected = try ImageFileReader.read(original)
        #expect(reading.metadata == expected.metadata)
        #expect(reading.fingerprint == expected.fingerprint)
        #expect(reading.metadata.cameraMake == "photolib")
        #expect(reading.metadata.cameraModel == "SampleLibrary generator")
        #expect(reading.metadata.pixelWidth == 2000 && reading.metadata.pixelHeight == 1333)
        #expect(reading.metadata.caption == "Lovely piece of art in Bordeaux")
        #expect(reading.problems == [])
    }

    @Test func manyThreadsReadTheSameAsOne() throws {
        let samples = try FileManager.default.subpathsOfDirectory(atPath: SampleFiles.root.path)
            .filter { $0.hasSuffix(".jpg") }.sorted().map(SampleFiles.path)
        let broken = try [BrokenFixture.truncatedHalfway, .corruptExif, .oversizedFrame].map {
            try folder.write($0.bytes, named: $0.rawValue)
        }
        // And every corpus photo with two broken ones, when the corpus is here.
        let corpus =
            CorpusPhoto.all.map { RawPath($0.path) }
            + (Corpus.isAvailable
                ? ["truncated_50pct.jpg", "exif_ifd0_offsets_corrupted.jpg"].map {
                    RawPath(Corpus.broken.appendingPathComponent($0).path)
                } : [])
        let paths = samples + broken + corpus
        #expect(samples.count == 10)
        let sequential = paths.map { try? ImageFileReader.read($0) }
        #expect(sequential.prefix(samples.count + broken.count).allSatisfy { $0 != nil })
        let results = Mutex<[Int: ImageFileReading?]>([:])
        DispatchQueue.concurrentPerform(iterations: paths.count * 4) { index in
            let reading = try? ImageFileReader.read(paths[index % paths.count])
            results.withLock { $0[index] = reading }
        }
        let concurrent = results.withLock { $0 }
        for index in 0..<paths.count * 4 {
            #expect(concurrent[index] == sequential[index % paths.count], "\(paths[index % paths.count])")
        }
    }
}
