import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

/// Renditions made by real decoding, resampling, orientation and encoding, of SampleLibrary's
/// photos and of fixtures made at test time: what runs on any clone, corpus or not.
@Suite final class RenditionMakerTests {
    let bench: RenditionWorkbench
    /// Previews of 240 and thumbnails of 64 where the size does not matter.
    let small: RenditionMaker

    init() throws {
        bench = try RenditionWorkbench()
        small = bench.maker(preview: 240, thumbnail: 64)
    }

    /// A 560x420 card: halved on load, then Lanczos to 240x180.
    static let card = TestImage.testCard(width: 560, height: 420)
    /// A 320x240 card, quicker to encode where the scale does not matter: Lanczos to 240x180.
    static let smallCard = TestImage.testCard(width: 320, height: 240)

    func fixture(_ encoder: FixtureJPEG, _ image: TestImage = smallCard, named name: String) throws -> RawPath {
        try bench.write(encoder.encode(image), named: name)
    }

    // MARK: - Orientation

    /// The card stored as a camera stores it for each EXIF orientation (with the tag in its
    /// EXIF) renders upright, and better than with any other orientation applied.
    @Test(arguments: 1...8)
    func orientationDisplaysUpright(orientation: Int) throws {
        var encoder = FixtureJPEG()
        var exif = ExifBuilder()
        exif.ifd0 = [exif.short(0x0112, UInt16(orientation))]
        encoder.segments = [SyntheticJPEG.exifSegment(exif)]
        let file = try fixture(encoder, Self.card.stored(forOrientation: orientation), named: "card-\(orientation).jpg")
        #expect(try ImageFileReader.read(file).metadata.orientation == orientation)
        // The card stored upright, rendered: what every orientation must show.
        let upright = try bench.preview(
            try fixture(FixtureJPEG(), Self.card, named: "card.jpg"), key: "card", with: small)
        let cardDifference = try #require(
            upright.meanAbsoluteDifference(to: Self.card.areaAveraged(width: 240, height: 180)))
        #expect(cardDifference < 10, "the upright card: mean difference \(cardDifference)")
        let rendered = try bench.preview(file, key: "card-\(orientation)", orientation: orientation, with: small)
        let difference = try #require(rendered.meanAbsoluteDifference(to: upright))
        #expect(difference < 3, "orientation \(orientation): mean difference \(difference) from the upright card")
        for other in 1...8 where other != orientation {
            let wrong = try bench.preview(file, key: "card-\(orientation)-as-\(other)", orientation: other, with: small)
            if let wrongDifference = wrong.meanAbsoluteDifference(to: upright) {
                #expect(wrongDifference > difference * 3, "as \(other): \(wrongDifference) vs \(difference)")
            }
        }
    }

    /// A real photo stored turned: its preview under orientation 6 is the preview of the same
    /// photo turned upright losslessly (as `pop --upright` does) and shown as stored.
    @Test func samplePhotoTurnedByOrientationMatchesItsLosslessTurn() throws {
        let source = SampleFiles.path("2015/sunset-orientation-6.jpg")
        let rendered = try bench.preview(source, key: "sunset", orientation: 6, with: small)
        #expect(rendered.width == 240 && rendered.height == 160)
        let turned = try OriginalExport.bytes(of: source, orientation: 6, upright: true, pixelLimit: .standard)
        #expect(turned.result.turnedUpright && !turned.result.trimmedEdges)
        let upright = try bench.write(turned.bytes, named: "sunset-upright.jpg")
        let reference = try bench.preview(upright, key: "sunset-upright", with: small)
        let difference = try #require(rendered.meanAbsoluteDifference(to: reference))
        #expect(difference < 1, "mean difference \(difference)")
        let tree = try bench.preview(
            SampleFiles.path("2015/tree-orientation-8.jpg"), key: "tree", orientation: 8, with: small)
        #expect(tree.width == 160 && tree.height == 240)
    }

    // MARK: - Colour models and codings

    /// Gray comes out as gray RGB of the card's luma; the ink models as the card's colours.
    @Test func everyColourModelComesOutAsTheCard() throws {
        let reference = try bench.preview(try fixture(FixtureJPEG(), named: "ycbcr.jpg"), key: "ycbcr", with: small)
        #expect(
            try #require(reference.meanAbsoluteDifference(to: Self.smallCard.areaAveraged(width: 240, height: 180)))
                < 10)
        let gray = try bench.preview(try fixture(FixtureJPEG(.gray), named: "gray.jpg"), key: "gray", with: small)
        #expect(stride(from: 0, to: gray.pixels.count, by: 3).allSatisfy { gray.pixels[$0] == gray.pixels[$0 + 1] })
        let grayDifference = try #require(gray.meanAbsoluteDifference(to: reference.gray))
        #expect(grayDifference < 2, "gray: mean difference \(grayDifference) from the luma")
        for model in [FixtureJPEG.ColorModel.cmyk, .adobeCMYK, .ycck] {
            let image = try bench.preview(
                try fixture(FixtureJPEG(model), named: "\(model).jpg"), key: "\(model)", with: small)
            let difference = try #require(image.meanAbsoluteDifference(to: reference))
            #expect(difference < 3, "\(model): mean difference \(difference)")
        }
    }

    /// Progressive coding and restart markers change how coefficients are stored, not what they
    /// are: the very same preview, also through the memory gate that progressive decodes take.
    @Test func progressiveAndRestartIntervalsRenderTheSame() throws {
        let baseline = try bench.preview(try fixture(FixtureJPEG(), named: "baseline.jpg"), key: "b", with: small)
        for (progressive, interval) in [(true, 0), (false, 4), (true, 3)] {
            var encoder = FixtureJPEG()
            encoder.progressive = progressive
            encoder.restartInterval = interval
            let name = "p\(progressive)-r\(interval)"
            let image = try bench.preview(try fixture(encoder, named: name + ".jpg"), key: name, with: small)
            #expect(image.pixels == baseline.pixels, "\(name)")
        }
    }

    // MARK: - Quality

    /// The preview against the photo decoded whole and reduced by area averaging in the test,
    /// at sizes that take each shrink-on-load scale (1, 1/2, 1/4, 1/8), baseline and progressive.
    /// SampleLibrary's drawn scenes have sharper edges than photos, on which scaling inside the
    /// DCT and area averaging differ more: hence less PSNR asked at the small scales.
    @Test(arguments: [
        ("2016/mountain-chamonix.jpg", 1280, 1, 35.0), ("2016/mountain-chamonix.jpg", 700, 2, 32),
        ("2016/mountain-chamonix.jpg", 350, 4, 30), ("2016/mountain-chamonix.jpg", 180, 8, 29),
        ("2016/progressive-tokyo.jpg", 1000, 2, 35),
    ])
    func previewMatchesAreaAveragedFullDecode(
        name: String, previewSize: Int, denominator: Int, minimumPSNR: Double
    ) throws {
        let source = SampleFiles.path(name)
        let rendered = try bench.preview(source, key: "\(name)@\(previewSize)", with: bench.maker(preview: previewSize))
        #expect(max(rendered.width, rendered.height) == previewSize)
        let stored = try #require(try SourceFile.frameSize(of: source))
        #expect(
            DownscalingDecoder.shrinkDenominator(
                width: stored.width, height: stored.height, targetWidth: rendered.width,
                targetHeight: rendered.height) == denominator)
        let reference = try TestImage.decode(source).areaAveraged(width: rendered.width, height: rendered.height)
        let psnr = try #require(rendered.psnr(to: reference))
        #expect(psnr >= minimumPSNR, "\(name) at \(previewSize): PSNR \(psnr) dB")
    }

    /// The thumbnail against the preview reduced by area averaging: close to it, and much
    /// closer than picking pixels (which aliases) would be.
    @Test func thumbnailMatchesAreaAveragedPreview() throws {
        let outcome = try bench.render(
            SampleFiles.path("2015/harbour-rouffiac.jpg"), key: "harbour", with: bench.maker())
        let thumbnail = try TestImage.decode(try #require(outcome.thumbnail).path)
        let preview = try TestImage.decode(try #require(outcome.preview).path)
        let reference = preview.areaAveraged(width: thumbnail.width, height: thumbnail.height)
        let psnr = try #require(thumbnail.psnr(to: reference))
        var nearest = thumbnail
        for y in 0..<nearest.height {
            for x in 0..<nearest.width {
                let source =
                    ((y * preview.height / nearest.height) * preview.width + x * preview.width / nearest.width) * 3
                for channel in 0..<3 {
                    nearest.pixels[(y * nearest.width + x) * 3 + channel] = preview.pixels[source + channel]
                }
            }
        }
        let nearestPSNR = try #require(nearest.psnr(to: reference))
        #expect(psnr >= 28 && psnr > nearestPSNR + 3, "PSNR \(psnr) dB, nearest neighbour \(nearestPSNR) dB")
    }

    // MARK: - ICC profiles

    /// Renditions are untagged sRGB: a source's RGB profile is converted away, not carried
    /// over (RenditionColourTests holds the colours against libvips); a profile that is not one
    /// (bytes that only say "RGB ") gives the pixels as they are, with a warning; either way
    /// the renditions carry photolib's colour-management mark.
    @Test func renditionsAreUntaggedAndMarked() throws {
        var bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        bytes.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        var encoder = FixtureJPEG()
        encoder.segments = FixtureSegments.iccProfile(bytes)
        #expect(encoder.segments.count == 2)
        let outcome = try bench.render(try fixture(encoder, named: "icc.jpg"), key: "icc", with: small)
        #expect(outcome.colourWarning != nil)
        for file in [outcome.preview, outcome.thumbnail] {
            let path = try #require(file).path
            #expect(try iccChunks(of: path).isEmpty)
            #expect(RenditionMark.isColourManaged(path))
        }
    }

    // MARK: - The store

    @Test func writesBothFilesAtTheirFittedSizesAndNothingElse() throws {
        let maker = bench.maker()
        let outcome = try bench.render(SampleFiles.path("2015/lake-beach.jpg"), key: "lake", with: maker)
        #expect(outcome.madeAnything && outcome.damage == nil && outcome.warningCount == 0)
        for (kind, size) in [(RenditionKind.preview, (1280, 853)), (.thumbnail, (256, 171))] {
            let file = try #require(outcome[kind])
            let image = try TestImage.decode(file.path)
            #expect(image.width == size.0 && image.height == size.1 && file.width == size.0 && file.height == size.1)
        }
        let files = bench.renditionFiles()
        #expect(files.count == 2 && files.allSatisfy { $0.hasSuffix(".jpg") && !$0.contains("tmp") })
    }

    @Test func existingFilesAreKeptUnlessForced() throws {
        let source = SampleFiles.path("2015/bordeaux-art.jpg")
        let first = try bench.render(source, key: "bordeaux", with: small)
        let previewPath = try #require(first.preview).path
        let inode = try #require(FileSystem.status(previewPath)).st_ino
        let second = try bench.render(source, key: "bordeaux", with: small)
        #expect(!second.madeAnything)
        #expect(second.preview == first.preview && second.thumbnail == first.thumbnail)
        #expect(FileSystem.status(previewPath)?.st_ino == inode)
        let forced = try bench.render(source, key: "bordeaux", force: true, with: small)
        #expect(forced.madeAnything)
        #expect(FileSystem.status(previewPath)?.st_ino != inode)
        #expect(bench.renditionFiles().count == 2)
    }

    @Test func previewAloneMakesNoThumbnail() throws {
        let outcome = try bench.render(
            SampleFiles.path("2016/mountain-chamonix.jpg"), key: "chamonix", kinds: [.preview], with: bench.maker())
        #expect(outcome.preview != nil && outcome.thumbnail == nil)
        #expect(bench.renditionFiles().count == 1)
        #expect(bench.renditionFiles().first?.hasSuffix("-preview-1280-q82.jpg") == true)
    }
}
