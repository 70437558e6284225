import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// libjpeg through `JPEGDecoder` on JPEGs of every kind, made at test time by `FixtureJPEG`
/// (an encoder of the tests' own): what comes out is the picture that went in.
@Suite struct JPEGDecoderFixtureTests {
    let folder: TemporaryDirectory
    /// Odd sizes, so that the last MCUs are partly padding.
    let card = TestImage.testCard(width: 101, height: 75)

    init() throws { folder = try TemporaryDirectory() }

    func decode(_ bytes: [UInt8], name: String = "fixture.jpg") throws -> (header: JPEGHeader, image: TestImage) {
        let path = folder.path.appending(name)
        try FileSystem.writeAtomically(bytes, to: path)
        let header = try bytes.withUnsafeBytes { try JPEGDecoder(path: path).readHeader($0, path: path) }
        return (header, try TestImage.decode(path))
    }

    static let models: [(FixtureJPEG.ColorModel, JPEGColorModel, Bool)] = [
        (.gray, .gray, false), (.ycbcr, .ycbcr, false), (.cmyk, .cmyk, false), (.adobeCMYK, .cmyk, true),
        (.ycck, .ycck, true),
    ]

    @Test(arguments: [false, true])
    func everyColourModelDecodesToThePictureEncoded(progressive: Bool) throws {
        for (model, expectedModel, adobe) in Self.models {
            var encoder = FixtureJPEG(model)
            encoder.progressive = progressive
            let (header, image) = try decode(encoder.encode(card))
            #expect(header.width == 101 && header.height == 75)
            #expect(header.colorModel == expectedModel && header.hasAdobeMarker == adobe)
            #expect(header.isProgressive == progressive)
            let expected = model == .gray ? card.gray : card
            let psnr = try #require(image.psnr(to: expected))
            // Chroma at half resolution blurs the checker's colour edges a little.
            #expect(psnr > (model == .ycbcr || model == .ycck ? 30 : 40), "\(model): PSNR \(psnr) dB")
        }
    }

    /// Spectral selection and restart markers change how the coefficients are coded, not what
    /// they are: the very same pixels.
    @Test func progressiveAndRestartIntervalsGiveTheSamePixels() throws {
        for model in FixtureJPEG.ColorModel.allCases {
            let baseline = try decode(FixtureJPEG(model).encode(card)).image
            for (progressive, interval) in [(true, 0), (false, 1), (false, 3), (true, 2)] {
                var encoder = FixtureJPEG(model)
                encoder.progressive = progressive
                encoder.restartInterval = interval
                let bytes = encoder.encode(card)
                #expect(interval == 0 || bytes.contains(0xD0 + UInt8(interval > 1 ? 1 : 7)))
                let image = try decode(bytes).image
                #expect(image.pixels == baseline.pixels, "\(model), progressive \(progressive), restart \(interval)")
            }
        }
    }

    /// Ink with black: Adobe files store 255 for no ink, plain CMYK files 0.
    @Test func blackInkDarkensAsTheNaiveConversionSays() throws {
        let size = card.width * card.height
        let black = (0..<size).map { UInt8(($0 % card.width) * 255 / (card.width - 1)) }
        let cyan = [UInt8](repeating: 60, count: size)
        let magenta = [UInt8](repeating: 180, count: size)
        let yellow = [UInt8](repeating: 250, count: size)
        let inverted = try decode(
            FixtureJPEG(.adobeCMYK).encode(
                width: card.width, height: card.height, planes: [cyan, magenta, yellow, black])
        ).image
        let plain = try decode(
            FixtureJPEG(.cmyk).encode(
                width: card.width, height: card.height,
                planes: [cyan, magenta, yellow, black].map { $0.map { 255 - $0 } })
        ).image
        for x in [0, 50, 100] {
            let k = Int(black[x])
            let expected = [60 * k / 255, 180 * k / 255, 250 * k / 255]
            for image in [inverted, plain] {
                let pixel = image.pixel(x: x, y: 30)
                let got = [pixel.red, pixel.green, pixel.blue]
                #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 3 }, "x \(x): \(got) vs \(expected)")
            }
        }
    }
}
