import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Each format's decoder against the JPEG the fixture was made from: the same picture, the
/// right way up, alpha on white.
@Suite struct FormatDecodingTests {
    /// Mean absolute difference per channel between two same-size images.
    static func meanDifference(_ a: RGBImage, _ b: RGBImage) -> Double {
        var total = 0
        for y in 0..<a.height {
            for x in 0..<a.width * 3 { total += abs(Int(a.row(y)[x]) - Int(b.row(y)[x])) }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }

    /// The fixture's source picture: SampleLibrary's JPEG decoded to 96x144 stored pixels.
    static func reference(_ sample: String) throws -> RGBImage {
        let storage = PixelStorage<UInt8>()
        let decoder = try DownscalingDecoder(path: RawPath("reference"))
        let bytes = try FileSystem.readFile(SampleFiles.path(sample))
        return try bytes.withUnsafeBytes { data in
            let header = try decoder.readHeader(data, limit: .standard, path: RawPath(sample))
            let image = RGBImage(pixels: storage.reserve(96 * 144 * 3), width: 96, height: 144)
            _ = try decoder.decode(header, into: image, path: RawPath(sample))
            // The storage must outlive the image: keep it with a copy.
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: 96 * 144 * 3)
            copy.update(from: image.pixels, count: 96 * 144 * 3)
            return RGBImage(pixels: copy, width: 96, height: 144)
        }
    }

    @Test(arguments: [
        ("sunset-exif6.heic", "2015/sunset-orientation-6.jpg", true),
        ("lighthouse.heic", "2016/lighthouse-portrait.jpg", true),
        ("lighthouse.avif", "2016/lighthouse-portrait.jpg", true),
        ("sunset-exif-after-idat.png", "2015/sunset-orientation-6.jpg", false),
        ("rgb16.png", "2016/lighthouse-portrait.jpg", false),
        ("palette.png", "2016/lighthouse-portrait.jpg", false),
        ("interlaced.png", "2016/lighthouse-portrait.jpg", false),
        ("sunset-exif.webp", "2015/sunset-orientation-6.jpg", false),
        ("sunset.tif", "2015/sunset-orientation-6.jpg", false),
        ("sunset-deflate.tif", "2015/sunset-orientation-6.jpg", false),
        ("rgb16.tif", "2016/lighthouse-portrait.jpg", false),
    ])
    func decodesTheSamePicture(fixture: String, sample: String, upright: Bool) throws {
        let reference = try Self.reference(sample)
        defer { reference.pixels.deallocate() }
        let decoder = FormatDecoder()
        let bytes = try FormatFixtures.bytes(fixture)
        let decoded = try bytes.withUnsafeBytes {
            try decoder.decode(ImageFormat.detect($0)!, data: $0, limit: .standard, path: RawPath(fixture))
        }
        #expect(decoded.isUpright == upright)
        #expect(decoded.damage == nil)
        #expect((decoded.image.width, decoded.image.height) == (96, 144))
        // Lossy HEIF at q40 and a 32-colour palette are near, a different picture is ~40 away.
        #expect(Self.meanDifference(decoded.image, reference) < 12, "\(fixture)")
    }

    /// A HEIF's embedded thumbnail stands in for the primary image when it is big enough for
    /// what is asked (the thumbnail rendition alone), and never when it is not.
    @Test func heifThumbnailIsDecodedWhenBigEnough() throws {
        let decoder = FormatDecoder()
        let bytes = try FormatFixtures.bytes("lighthouse-thumbnail.heic")
        func decode(side: Int) throws -> (Int, Int, (width: Int, height: Int)?) {
            let decoded = try bytes.withUnsafeBytes {
                try decoder.decode(.heif, data: $0, limit: .standard, path: RawPath("t.heic"), previewSide: side)
            }
            #expect(decoded.isUpright)
            return (decoded.image.width, decoded.image.height, decoded.displaySize)
        }
        let small = try decode(side: 256)
        #expect((small.0, small.1) == (200, 300))
        #expect(small.2.map { [$0.width, $0.height] } == [320, 480])
        let large = try decode(side: 1280)
        #expect((large.0, large.1) == (320, 480))
        let tooSmall = try decode(side: 301)
        #expect((tooSmall.0, tooSmall.1) == (320, 480))
    }

    @Test func alphaIsCompositedOnWhite() throws {
        // rgba.png: alpha grows from 0 at the left edge to 255 at the right.
        let decoder = FormatDecoder()
        let bytes = try FormatFixtures.bytes("rgba.png")
        let decoded = try bytes.withUnsafeBytes {
            try decoder.decode(.png, data: $0, limit: .standard, path: RawPath("rgba.png"))
        }
        let left = decoded.image.row(70)
        #expect((left[0], left[1], left[2]) == (255, 255, 255))
        let reference = try Self.reference("2016/lighthouse-portrait.jpg")
        defer { reference.pixels.deallocate() }
        let right = decoded.image.row(70) + 95 * 3
        let expected = reference.row(70) + 95 * 3
        #expect(abs(Int(right[0]) - Int(expected[0])) < 24)
    }

    @Test func webpAlphaIsCompositedOnWhite() throws {
        let decoder = FormatDecoder()
        let bytes = try FormatFixtures.bytes("lossless-alpha.webp")
        let decoded = try bytes.withUnsafeBytes {
            try decoder.decode(.webp, data: $0, limit: .standard, path: RawPath("lossless-alpha.webp"))
        }
        let left = decoded.image.row(70)
        #expect((left[0], left[1], left[2]) == (255, 255, 255))
        #expect(decoded.image.width == 96)
    }

    @Test func truncatedPNGDecodesItsFirstRowsAsDamage() throws {
        let bytes = try FormatFixtures.bytes("rgb16.png")
        let cut = Array(bytes.prefix(bytes.count * 3 / 4))
        let decoder = FormatDecoder()
        let decoded = try cut.withUnsafeBytes {
            try decoder.decode(.png, data: $0, limit: .standard, path: RawPath("cut.png"))
        }
        #expect(decoded.damage == "unexpected end of file")
        #expect(decoded.image.row(143)[0] == 128)
    }

    /// libpng allocates a text chunk's claimed length before reading it: a tEXt before the
    /// image data that claims 1.3 GB of a small file is refused before that, by name.
    @Test func aChunkClaimingMoreThanTheFileIsRefusedBeforeLibpngAllocatesIt() throws {
        let bytes = try FormatFixtures.bytes("rgb16.png")
        // Signature and IHDR (8 + 25 bytes), then a tEXt whose length says 1,296,892,006.
        var hostile = Array(bytes.prefix(33))
        hostile += [0x4D, 0x4D, 0x4D, 0x66] + Array("tEXt".utf8) + Array("Comment\u{0}hello".utf8)
        hostile += Array(bytes.suffix(from: 33))
        let decoder = FormatDecoder()
        #expect {
            try hostile.withUnsafeBytes {
                _ = try decoder.decode(.png, data: $0, limit: .standard, path: RawPath("claims.png"))
            }
        } throws: { error in
            "\(error)".contains("tEXt chunk runs past the end of the file")
        }
    }
}
