import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// The frame-size walk that answers "how big are the renditions" without decoding.
@Suite struct SourceFileTests {
    /// The stored sizes SampleLibrary/README.md lists (exiftool's reading).
    static let sampleSizes: [String: (Int, Int)] = [
        "2015/bordeaux-art.jpg": (2000, 1333), "2015/lake-beach.jpg": (2400, 1600),
        "2015/harbour-rouffiac.jpg": (2048, 1365), "2015/tree-orientation-8.jpg": (1800, 1200),
        "2015/sunset-orientation-6.jpg": (1280, 1920), "2016/progressive-tokyo.jpg": (2048, 1365),
        "2016/buda-beach-kortrijk.jpg": (2000, 1333), "2016/lighthouse-portrait.jpg": (1280, 1920),
        "2016/mountain-chamonix.jpg": (1600, 1067), "no-exif.jpg": (1600, 1200),
    ]

    /// Every SampleLibrary photo, and every corpus photo when the corpus is here (exiftool's
    /// sizes from its ground truth).
    @Test func frameSizeOfEveryPhoto() throws {
        for (name, size) in Self.sampleSizes {
            let found = try SourceFile.frameSize(of: SampleFiles.path(name))
            #expect(found?.width == size.0 && found?.height == size.1, "\(name)")
        }
        for photo in CorpusPhoto.all {
            let size = try SourceFile.frameSize(of: RawPath(photo.path))
            #expect(size?.width == photo.width && size?.height == photo.height, "\(photo.relativePath)")
        }
    }

    /// Every frame marker the fixtures write (baseline SOF0, progressive SOF2), every number of
    /// components, and a header that claims more than the data holds.
    @Test func frameSizeOfFixtures() throws {
        let folder = try TemporaryDirectory()
        let card = TestImage.testCard(width: 101, height: 75)
        for model in FixtureJPEG.ColorModel.allCases {
            for progressive in [false, true] {
                var encoder = FixtureJPEG(model)
                encoder.progressive = progressive
                let path = try folder.write(encoder.encode(card), named: "fixture.jpg")
                let found = try SourceFile.frameSize(of: path)
                #expect(found?.width == 101 && found?.height == 75, "\(model), progressive \(progressive)")
            }
        }
        let oversized = try folder.write(BrokenFixture.oversizedFrame.bytes, named: "huge.jpg")
        #expect(try SourceFile.frameSize(of: oversized).map { [$0.width, $0.height] } == [65_500, 65_500])
    }

    /// The fixtures, and the corpus's files of the same names when it is here.
    @Test(arguments: [BrokenFixture.truncatedHeaders, .empty, .text, .pngRenamed])
    func noFrameInBrokenInputs(_ fixture: BrokenFixture) throws {
        let folder = try TemporaryDirectory()
        #expect(try SourceFile.frameSize(of: folder.write(fixture.bytes, named: fixture.rawValue)) == nil)
        if Corpus.isAvailable {
            #expect(
                try SourceFile.frameSize(of: RawPath(Corpus.broken.appendingPathComponent(fixture.rawValue).path))
                    == nil)
        }
    }
}
