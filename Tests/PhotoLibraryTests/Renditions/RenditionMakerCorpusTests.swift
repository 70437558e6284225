import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoLibrary
@testable import PhotoSupport

/// Renditions of real photos from the shared corpus, read back and compared with references:
/// the camera-made counterparts of `RenditionMakerTests`' fixtures, when the corpus is here.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
final class RenditionMakerCorpusTests {
    let directory: TemporaryDirectory
    let maker: RenditionMaker
    /// Renders small (preview 240, thumbnail 64) where the size does not matter, because
    /// pixel loops run a hundred times slower in the debug builds tests use.
    let smallMaker: RenditionMaker

    init() throws {
        directory = try TemporaryDirectory()
        maker = RenditionMaker(settings: LibrarySettings(), store: RenditionStore(directory: directory.path))
        var small = LibrarySettings()
        small.previewSize = 240
        small.thumbnailSize = 64
        smallMaker = RenditionMaker(settings: small, store: RenditionStore(directory: directory.path))
    }

    deinit { directory.remove() }

    /// Renders `relativePath` (under the corpus) and returns the outcome.
    func render(
        _ relativePath: String, orientation: Int? = nil, kinds: Set<RenditionKind> = [.thumbnail, .preview],
        force: Bool = false, small: Bool = false
    ) throws -> RenditionOutcome {
        let photo = CorpusPhoto.named(relativePath)
        let path = Corpus.root.appendingPathComponent(relativePath).path
        return try (small ? smallMaker : maker).make(
            source: RawPath(path), contentHash: testFingerprint("\(relativePath)#\(orientation ?? 0)"),
            orientation: orientation ?? photo?.orientation ?? 1, kinds: kinds, force: force)
    }

    func preview(_ relativePath: String, orientation: Int? = nil, small: Bool = false) throws -> TestImage {
        let outcome = try render(relativePath, orientation: orientation, kinds: [.preview], small: small)
        return try TestImage.decode(try #require(outcome.preview).path)
    }

    // MARK: - Orientation

    /// Each Landscape_N/Portrait_N example stores the same photo turned so that EXIF orientation N
    /// displays it upright: its preview must match the upright one, and match it better than with
    /// any other orientation applied.
    @Test(arguments: ["Landscape", "Portrait"], 1...8)
    func orientationDisplaysUpright(series: String, orientation: Int) throws {
        let folder = "photos/exif-orientation-examples/"
        let upright = try preview(folder + "\(series)_1.jpg", orientation: 1, small: true)
        let file = folder + "\(series)_\(orientation).jpg"
        let oriented = try preview(file, orientation: orientation, small: true)
        let difference = try #require(oriented.meanAbsoluteDifference(to: upright))
        #expect(difference < 4, "\(file): mean difference \(difference) from the upright photo")
        for other in 1...8 where other != orientation {
            let wrong = try preview(file, orientation: other, small: true)
            if let wrongDifference = wrong.meanAbsoluteDifference(to: upright) {
                #expect(
                    wrongDifference > difference * 3,
                    "\(file) with orientation \(other): \(wrongDifference) vs \(difference)")
            }
        }
    }

    // MARK: - Colour models

    /// The CMYK file was made from an RGB photo by ImageMagick's plain conversion, with an Adobe
    /// marker (inverted values); its preview must come back close to that photo's preview.
    @Test func adobeCMYKComesOutAsTheOriginalColours() throws {
        let fromInk = try preview("photos/derived/cmyk_22-canon_tags.jpg")
        let original = try preview("photos/exif-samples/tests/22-canon_tags.jpg")
        let difference = try #require(fromInk.meanAbsoluteDifference(to: original))
        #expect(difference < 3, "mean difference \(difference)")
    }

    /// Pillow's CMYK sample is red lettering on black: mostly dark, and its brightest pixels red.
    @Test func smallCMYKSampleIsNotInverted() throws {
        let image = try preview("photos/pillow/pil_sample_cmyk.jpg")
        let luminances = stride(from: 0, to: image.pixels.count, by: 3).map { offset in
            (Int(image.pixels[offset]) * 299 + Int(image.pixels[offset + 1]) * 587 + Int(image.pixels[offset + 2]) * 114)
                / 1000
        }
        let mean = luminances.reduce(0, +) / luminances.count
        #expect(mean < 80, "mean luminance \(mean): looks inverted")
        var red = 0
        var colourful = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                guard max(pixel.red, pixel.green, pixel.blue) > 120 else { continue }
                colourful += 1
                if pixel.red > pixel.green + 60 && pixel.red > pixel.blue + 60 { red += 1 }
            }
        }
        #expect(colourful > 0 && red * 10 >= colourful * 8, "\(red) red of \(colourful) bright pixels")
    }

    /// The grayscale file is the luma plane of a colour photo (jpegtran -grayscale): its preview
    /// is gray RGB and equals the luma of the colour photo's preview.
    @Test func grayscaleBecomesGrayRGBOfTheLuma() throws {
        let gray = try preview("photos/derived/grayscale_canon_hdr_NO.jpg")
        let colour = try preview("photos/exif-samples/hdr/canon_hdr_NO.jpg")
        #expect(gray.width == colour.width && gray.height == colour.height)
        var total = 0
        var notGray = 0
        for offset in stride(from: 0, to: gray.pixels.count, by: 3) {
            if gray.pixels[offset] != gray.pixels[offset + 1] || gray.pixels[offset] != gray.pixels[offset + 2] {
                notGray += 1
            }
            let luma =
                (Int(colour.pixels[offset]) * 299 + Int(colour.pixels[offset + 1]) * 587
                    + Int(colour.pixels[offset + 2]) * 114 + 500) / 1000
            total += abs(Int(gray.pixels[offset]) - luma)
        }
        let difference = Double(total) / Double(gray.pixels.count / 3)
        #expect(notGray == 0)
        #expect(difference < 2, "mean difference \(difference) from the colour photo's luma")
    }

    /// The progressive files are lossless re-encodings (jpegtran -progressive) of baseline
    /// photos: same coefficients, so the very same preview.
    @Test(arguments: [
        "DSCN0010.jpg": "photos/exif-samples/gps/DSCN0010.jpg",
        "HMD_Nokia_8.3_5G.jpg": "photos/exif-samples/mobile/HMD_Nokia_8.3_5G.jpg",
    ])
    func progressiveMatchesBaseline(name: String, baseline: String) throws {
        let progressive = try preview("photos/derived/progressive_\(name)")
        let difference = try #require(progressive.meanAbsoluteDifference(to: try preview(baseline)))
        #expect(difference == 0, "mean difference \(difference)")
    }

    // MARK: - Quality

    /// The preview against the same photo decoded at full size and reduced by area averaging
    /// in the test: one file per shrink-on-load scale (1, 1/2, 1/4).
    @Test(arguments: [
        "photos/exif-samples/tests/28-hex_value.jpg", "photos/exif-samples/hdr/iphone_hdr_NO.jpg",
        "photos/digicam-corpus/Sony/A6400/DSC00007.JPG",
    ])
    func previewMatchesAreaAveragedFullDecode(relativePath: String) throws {
        let photo = try #require(CorpusPhoto.named(relativePath))
        #expect(photo.orientation == 1)
        let rendered = try preview(relativePath)
        let reference = try TestImage.decode(photo.path).areaAveraged(width: rendered.width, height: rendered.height)
        let psnr = try #require(rendered.psnr(to: reference))
        #expect(psnr >= 35, "PSNR \(psnr) dB")
    }

    /// A file whose ICC profile takes several APP2 chunks is read whole and converted: its
    /// renditions carry no profile (they are sRGB), and the profile's name is the source's
    /// colour.
    @Test(arguments: ["photos/pillow/icc_profile_big.jpg", "photos/exif-samples/tests/33-type_error.jpg"])
    func iccProfileIsConvertedAway(relativePath: String) throws {
        let source = try iccChunks(of: RawPath(Corpus.root.appendingPathComponent(relativePath).path))
        #expect(!source.isEmpty)
        let outcome = try render(relativePath)
        #expect(outcome.colourWarning == nil)
        #expect(outcome.colour?.isEmpty == false)
        for file in [outcome.preview, outcome.thumbnail] {
            #expect(try iccChunks(of: try #require(file).path).isEmpty)
        }
    }
}
