import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// GIF (giflib), BMP and PSD (photolib's own readers) and animated WebP (libwebp's animation
/// decoder): sizes as exiftool reads them, frame counts as ImageMagick counts them, and
/// pixels as ImageMagick decodes them, on files ImageMagick makes in the test.
@Suite(.enabled(if: StillFormatFixtures.isAvailable, Comment(rawValue: StillFormatFixtures.skipMessage)))
struct StillFormatsTests {
    typealias Fixtures = StillFormatFixtures

    /// Reads `path` as indexing does (size, frames) and decodes it as renditions do; checks
    /// both against the oracles and gives the mean difference from ImageMagick's pixels.
    @discardableResult
    static func check(_ path: RawPath, format: ImageFormat, frames: Int? = nil) throws -> Double {
        let bytes = try FileSystem.readFile(path)
        #expect(bytes.withUnsafeBytes { ImageFormat.detect($0) } == format, "\(path)")
        let found = try FormatMetadata.read(format, bytes: bytes)
        let (width, height) = try Fixtures.exiftoolSize(path)
        #expect((found.width, found.height) == (width, height), "\(path)")
        #expect(found.frames == frames, "\(path)")
        #expect(found.problems.isEmpty, "\(path): \(found.problems)")
        let oracle = try Fixtures.oracle(path)
        let decoder = FormatDecoder()
        return try bytes.withUnsafeBytes { data in
            try decoder.decode(format, data: data, limit: .standard, path: path) { decoded in
                #expect(decoded.damage == nil, "\(path)")
                #expect((decoded.image.width, decoded.image.height) == (width, height), "\(path)")
                return Fixtures.meanDifference(decoded.image, oracle)
            }
        }
    }

    @Test func gifStillAnimatedTransparentInterlacedAndOffset() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try Fixtures.source(in: folder)
        let still = try Fixtures.make("still.gif", in: folder, [source.description, "-colors", "64"])
        #expect(try Self.check(still, format: .gif) < 0.5)
        let interlaced = try Fixtures.make(
            "interlaced.gif", in: folder, [source.description, "-colors", "32", "-interlace", "GIF"])
        #expect(try Self.check(interlaced, format: .gif) < 0.5)

        // Three frames: the count as ImageMagick's, the first frame's pixels.
        let flipped = try Fixtures.make("flipped.png", in: folder, [source.description, "-flip"])
        let negated = try Fixtures.make("negated.png", in: folder, [source.description, "-negate"])
        let animated = try Fixtures.make(
            "animated.gif", in: folder,
            ["-delay", "10", source.description, flipped.description, negated.description, "-colors", "64"])
        #expect(try Fixtures.frameCount(animated) == 3)
        #expect(try Self.check(animated, format: .gif, frames: 3) < 0.5)

        // A transparent circle: the transparent colour is white, as alpha is everywhere.
        let transparent = try Fixtures.make(
            "transparent.gif", in: folder,
            ["-size", "60x40", "xc:none", "-fill", "red", "-draw", "circle 30,20 30,5"])
        #expect(try Self.check(transparent, format: .gif) < 0.5)

        // A first frame smaller than the screen, at an offset: placed on a white canvas.
        let offset = try Fixtures.make(
            "offset.gif", in: folder, ["-size", "20x10", "xc:blue", "-repage", "50x40+7+5"])
        #expect(try Self.check(offset, format: .gif) < 0.5)
    }

    @Test func bmpOfEachDepthAndRowOrder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try Fixtures.source(in: folder)
        let variants: [(String, [String])] = [
            ("rgb24-v3.bmp", ["-type", "TrueColor", "BMP3:"]),
            ("rgb24-v5.bmp", ["-type", "TrueColor", "BMP:"]),
            ("palette8.bmp", ["-colors", "200", "-type", "Palette", "-compress", "None", "BMP3:"]),
            ("palette4.bmp", ["-colors", "16", "-type", "Palette", "-compress", "None", "BMP3:"]),
            ("palette8-rle.bmp", ["-colors", "200", "-type", "Palette", "-compress", "RLE", "BMP3:"]),
            ("palette16-rle8.bmp", ["-colors", "16", "-type", "Palette", "-compress", "RLE", "BMP3:"]),
            ("bilevel1.bmp", ["-monochrome", "-type", "Bilevel", "BMP3:"]),
            ("rgba32.bmp", ["-alpha", "set", "-channel", "A", "-fx", "0.5+0.5*(i/w)", "+channel", "BMP:"]),
            ("rgb565.bmp", ["-define", "bmp:subtype=RGB565", "BMP:"]),
            ("rgb555.bmp", ["-define", "bmp:subtype=RGB555", "BMP:"]),
        ]
        for (name, arguments) in variants {
            let output = folder.path.appending(name)
            let format = arguments.last!
            try MovieClips.run(
                Fixtures.convert, [source.description] + arguments.dropLast() + [format + output.description])
            // 16-bit pixels lose the low bits: ImageMagick and photolib widen them the same way.
            #expect(try Self.check(output, format: .bmp) < 1, "\(name)")
        }
        // Top-down rows (a negative height): the same picture as the bottom-up file it is made from.
        let bottomUp = try FileSystem.readFile(folder.path.appending("rgb24-v3.bmp"))
        let topDown = Self.topDown(bottomUp)
        let file = try folder.write(topDown, named: "top-down.bmp")
        let decoder = FormatDecoder()
        let oracle = try Fixtures.oracle(folder.path.appending("rgb24-v3.bmp"))
        let difference = try topDown.withUnsafeBytes { data in
            try decoder.decode(.bmp, data: data, limit: .standard, path: file) {
                Fixtures.meanDifference($0.image, oracle)
            }
        }
        #expect(difference < 0.5)
    }

    /// A 24-bit BITMAPINFOHEADER file with its rows reversed and its height negated.
    static func topDown(_ bytes: [UInt8]) -> [UInt8] {
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        let offset = u32(10)
        let width = u32(18)
        let height = u32(22)
        let stride = (width * 24 + 31) / 32 * 4
        var out = Array(bytes.prefix(offset))
        for row in (0..<height).reversed() { out += bytes[offset + row * stride..<offset + (row + 1) * stride] }
        let negative = UInt32(bitPattern: Int32(-height))
        for index in 0..<4 { out[22 + index] = UInt8(truncatingIfNeeded: negative >> (8 * UInt32(index))) }
        return out
    }

    @Test func psdCompositeRawRLEGrayAndAlpha() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try Fixtures.source(in: folder)
        let variants: [(String, [String])] = [
            ("rle.psd", []),
            ("raw.psd", ["-compress", "None"]),
            ("gray.psd", ["-colorspace", "Gray"]),
            ("alpha.psd", ["-alpha", "set", "-channel", "A", "-fx", "0.5+0.5*(j/h)", "+channel"]),
        ]
        for (name, arguments) in variants {
            let output = try Fixtures.make(name, in: folder, [source.description] + arguments + ["-depth", "8"])
            #expect(try Self.check(output, format: .psd) < 1, "\(name)")
        }
    }

    /// A layered document cut after its layer section: no composite. Not a failure: the index
    /// counts it apart (`CodecError.notReadYet`).
    @Test func psdWithoutACompositeIsNotReadYet() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try Fixtures.source(in: folder)
        let flipped = try Fixtures.make("flipped.png", in: folder, [source.description, "-flip"])
        let layered = try Fixtures.make(
            "layered.psd", in: folder,
            [source.description, source.description, flipped.description, "-depth", "8"])
        let bytes = try FileSystem.readFile(layered)
        let cut = Array(bytes.prefix(Self.imageDataOffset(bytes)))
        do {
            _ = try FormatMetadata.read(.psd, bytes: cut)
            Issue.record("a PSD without a composite was read")
        } catch {
            #expect(error.notReadYet == "PSD without a composite")
        }
        // The whole layered file has one (ImageMagick writes the first image as it).
        #expect(try Self.check(layered, format: .psd) < 1)
    }

    /// Sound documents in a variant not drawn (CMYK, 16-bit channels) are named, not failures.
    @Test func psdVariantsNotReadYetAreNamed() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try Fixtures.source(in: folder)
        let variants = [
            ("cmyk.psd", ["-colorspace", "CMYK", "-depth", "8"], "PSD CMYK documents"),
            ("deep.psd", ["-depth", "16"], "PSD 16-bit channels"),
        ]
        for (name, arguments, kind) in variants {
            let bytes = try FileSystem.readFile(try Fixtures.make(name, in: folder, [source.description] + arguments))
            do {
                _ = try FormatMetadata.read(.psd, bytes: bytes)
                Issue.record("\(name) was read")
            } catch {
                #expect(error.notReadYet == kind, "\(name): \(error)")
            }
        }
    }

    /// Where a PSD's image data section starts: past the header and three length-prefixed sections.
    static func imageDataOffset(_ bytes: [UInt8]) -> Int {
        var offset = 26
        for _ in 0..<3 {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            offset += 4 + length
        }
        return offset
    }

    @Test(.enabled(if: StillFormatFixtures.img2webp != nil, "img2webp (webp) is not installed"))
    func animatedWebPShowsItsFirstFrame() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try Fixtures.source(in: folder)
        let flipped = try Fixtures.make("flipped.png", in: folder, [source.description, "-flip"])
        let output = folder.path.appending("animated.webp")
        try MovieClips.run(
            Fixtures.img2webp,
            ["-lossless", source.description, flipped.description, source.description, "-o", output.description])
        #expect(try Fixtures.frameCount(output) == 3)
        #expect(try Self.check(output, format: .webp, frames: 3) < 1)
    }
}
