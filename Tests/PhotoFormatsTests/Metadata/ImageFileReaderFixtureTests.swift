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
        .text: .error(.notJPEG(detected: "text")),
        .pngRenamed: .error(.notJPEG(detected: "PNG image")),
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
