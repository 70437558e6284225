import Foundation
import PhotoTestSupport

@testable import PhotoFormats
@testable import PhotoSupport

/// The small files of each format in Fixtures/formats (made by Scripts/make-format-fixtures
/// from SampleLibrary's JPEGs), and broken variants of them made at test time.
enum FormatFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/formats")

    static func path(_ name: String) -> RawPath { RawPath(folder.appendingPathComponent(name).path) }

    static func bytes(_ name: String) throws -> [UInt8] { try FileSystem.readFile(path(name)) }

    /// What the reader must find in each fixture: format, stored size, orientation, capture
    /// time, GPS latitude (nil: none), caption.
    struct Expected: Sendable {
        var format: ImageFormat
        var mimeType: String
        var width: Int
        var height: Int
        var orientation: Int
        var takenAt: String?
        var latitude: Double?
        var caption: String?
    }

    static let sunsetDate = "2015-12-28T19:47:12-02:00"
    static let lighthouseDate = "2016-08-06T21:36:45"
    static let ipanema = -22.9868

    static let expected: [String: Expected] = [
        // heif-enc copies the EXIF (orientation 6) but writes no irot: described as libheif shows it.
        "sunset-exif6.heic": Expected(
            format: .heif, mimeType: "image/heic", width: 96, height: 144, orientation: 1, takenAt: sunsetDate,
            latitude: ipanema, caption: "Sunset at Ipanema"),
        "lighthouse.heic": Expected(
            format: .heif, mimeType: "image/heic", width: 96, height: 144, orientation: 1, takenAt: lighthouseDate),
        "lighthouse.avif": Expected(
            format: .heif, mimeType: "image/avif", width: 96, height: 144, orientation: 1, takenAt: lighthouseDate),
        "sunset-exif-after-idat.png": Expected(
            format: .png, mimeType: "image/png", width: 96, height: 144, orientation: 6, takenAt: sunsetDate,
            latitude: ipanema, caption: "Sunset at Ipanema"),
        "lighthouse-text-xmp.png": Expected(
            format: .png, mimeType: "image/png", width: 96, height: 144, orientation: 1, takenAt: lighthouseDate,
            caption: "Lighthouse in PNG text"),
        "rgb16.png": Expected(format: .png, mimeType: "image/png", width: 96, height: 144, orientation: 1),
        "palette.png": Expected(format: .png, mimeType: "image/png", width: 96, height: 144, orientation: 1),
        "rgba.png": Expected(format: .png, mimeType: "image/png", width: 96, height: 144, orientation: 1),
        "rgba16.png": Expected(format: .png, mimeType: "image/png", width: 96, height: 144, orientation: 1),
        "interlaced.png": Expected(format: .png, mimeType: "image/png", width: 96, height: 144, orientation: 1),
        "gray8.png": Expected(format: .png, mimeType: "image/png", width: 96, height: 144, orientation: 1),
        "sunset-exif.webp": Expected(
            format: .webp, mimeType: "image/webp", width: 96, height: 144, orientation: 6, takenAt: sunsetDate,
            latitude: ipanema, caption: "Sunset at Ipanema"),
        "sunset.tif": Expected(
            format: .tiff, mimeType: "image/tiff", width: 96, height: 144, orientation: 6, takenAt: sunsetDate,
            latitude: ipanema, caption: "Sunset at Ipanema"),
        // ImageMagick kept only the Orientation tag, in an IFD0 after the pixels.
        "sunset-deflate.tif": Expected(format: .tiff, mimeType: "image/tiff", width: 96, height: 144, orientation: 6),
        "rgb16.tif": Expected(format: .tiff, mimeType: "image/tiff", width: 96, height: 144, orientation: 1),
        "cmyk.tif": Expected(format: .tiff, mimeType: "image/tiff", width: 96, height: 144, orientation: 1),
        "lossless-alpha.webp": Expected(format: .webp, mimeType: "image/webp", width: 96, height: 144, orientation: 1),
    ]

    /// Damaged copies of a good file: what a half-copied or misnamed file looks like.
    static func brokenVariants(of bytes: [UInt8]) -> [(name: String, bytes: [UInt8])] {
        var scrambled = bytes
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<30 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let index = Int(state >> 33) % scrambled.count
            scrambled[index] = UInt8(truncatingIfNeeded: state >> 17)
        }
        var headerless = bytes
        for index in 16..<min(64, headerless.count) { headerless[index] ^= 0xA5 }
        return [
            ("zero bytes", []),
            ("16-byte head", Array(bytes.prefix(16))),
            ("half", Array(bytes.prefix(bytes.count / 2))),
            ("90 percent", Array(bytes.prefix(bytes.count * 9 / 10))),
            ("minus one byte", Array(bytes.dropLast())),
            ("30 changed bytes", scrambled),
            ("damaged header", headerless),
        ]
    }
}

extension FormatDecoder {
    /// The decoded picture itself, for tests of small fixtures: its memory is the decoder's
    /// and stays valid until the next decode, as the decoder keeps pictures under 16 MiB.
    func decode(
        _ format: ImageFormat, data: UnsafeRawBufferPointer, limit: PixelLimit, path: RawPath, previewSide: Int = 1280
    ) throws -> Decoded {
        try decode(format, data: data, limit: limit, path: path, previewSide: previewSide, use: { $0 })
    }
}
