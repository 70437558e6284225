import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

/// Renditions in sRGB whatever the source's colours: a photo put into Adobe RGB, ProPhoto,
/// Display P3, CMYK or a gray profile by libvips, in each container that carries a profile,
/// renders as `vipsthumbnail --export-profile srgb` renders it (mean CIE76 ΔE at most 1, 95th
/// percentile at most 3, both reduced to 64 pixels by area averaging).
@Suite(.serialized) final class RenditionColourTests {
    let bench: RenditionWorkbench
    let folder: TemporaryDirectory

    init() throws {
        bench = try RenditionWorkbench()
        folder = try TemporaryDirectory()
    }

    static let photo = SampleFiles.path("2015/lake-beach.jpg")

    /// The preview at `side` of `source`, made by photolib, against libvips' at the same size.
    /// `imageMagick` takes ImageMagick as the oracle instead (see `ColourOracle`).
    func compare(
        _ source: RawPath, key: String, side: Int = 640, imageMagick: Bool = false
    ) throws -> (
        mean: Double, p95: Double, outcome: RenditionOutcome
    ) {
        let maker = bench.maker(preview: side, thumbnail: 64)
        let outcome = try bench.render(source, key: key, kinds: [.preview], with: maker)
        let made = try TestImage.decode(try #require(outcome.preview).path)
        let expected =
            imageMagick
            ? try ColourOracle.imageMagickThumbnail(source, side: side, in: folder)
            : try ColourOracle.thumbnail(source, side: side, in: folder)
        let difference = try #require(
            ColourOracle.deltaE(made, expected),
            "shapes differ: \(made.width)x\(made.height) vs \(expected.width)x\(expected.height)")
        return (difference.mean, difference.p95, outcome)
    }

    static let fixtures: [(name: String, profile: String)] = [
        ("adobe.jpg", "AdobeRGB1998.icc"), ("colormatch.jpg", "ColorMatchRGB.icc"), ("prophoto.png", "ProPhotoRGB.icc"),
        ("adobe.webp", "AdobeRGB1998.icc"), ("widegamut.tif", "WideGamutRGB.icc"), ("p3.png", "p3"),
        ("swop.jpg", "default_cmyk.icc"), ("gray-lstar.jpg", "Gray-CIE_L.icc"), ("gray-lstar.png", "Gray-CIE_L.icc"),
    ]

    @Test(
        .enabled(if: ColourOracle.isAvailable, Comment(rawValue: ColourOracle.skipMessage)),
        arguments: fixtures.map(\.name))
    func profiledPhotosRenderAsLibvipsConvertsThem(name: String) throws {
        let entry = try #require(Self.fixtures.first { $0.name == name })
        let profile = try #require(
            entry.profile == "p3" ? "p3" : ColourOracle.profile(entry.profile),
            "\(entry.profile) is not installed (colord-data, icc-profiles-free, ghostscript)")
        let source = try ColourOracle.convert(Self.photo, to: profile, as: name, in: folder)
        // libvips cannot read back the CMYK JPEG it wrote ("profile incompatible with image").
        let result = try compare(source, key: name, imageMagick: name == "swop.jpg")
        #expect(result.mean <= 1.0 && result.p95 <= 3, "\(name): mean ΔE \(result.mean), p95 \(result.p95)")
        #expect(result.outcome.colourWarning == nil)
        // Untagged sRGB, marked as made with colour management.
        let preview = try #require(result.outcome.preview).path
        #expect(try iccChunks(of: preview).isEmpty)
        #expect(RenditionMark.isColourManaged(preview))
    }

    /// The same check without conversion: had the numbers been shown as they are, the
    /// difference would be large; this is what the test above guards against.
    @Test(.enabled(if: ColourOracle.isAvailable, Comment(rawValue: ColourOracle.skipMessage)))
    func unconvertedAdobeRGBIsFarOff() throws {
        let adobe = try #require(ColourOracle.profile("AdobeRGB1998.icc"))
        let source = try ColourOracle.convert(Self.photo, to: adobe, as: "adobe.jpg", in: folder)
        let stripped = folder.path.appending("adobe-stripped.jpg")
        try MovieClips.run(ColourOracle.vips, ["copy", source.description, "\(stripped)[Q=95,strip]"])
        let asIs = try TestImage.decode(
            try #require(
                try bench.render(stripped, key: "stripped", with: bench.maker(preview: 640, thumbnail: 64)).preview
            ).path)
        let expected = try ColourOracle.thumbnail(source, side: 640, in: folder)
        let difference = try #require(ColourOracle.deltaE(asIs, expected))
        #expect(difference.mean > 3, "mean ΔE \(difference.mean)")
    }

    /// An iPhone-like HEIC: Display P3 in a `colr` `prof` box (heif-enc carries the PNG's
    /// profile); and the same pixels described by H.273 code points alone (P3, sRGB curve) in
    /// a PNG's cICP (heif-enc 1.15 writes no `nclx` for a PNG, and ffmpeg's AVIF encodes its
    /// own matrix and range): both against libvips' rendering of the profiled PNG.
    @Test(
        .enabled(
            if: ColourOracle.isAvailable && ColourOracle.heifEncoder != nil,
            Comment(rawValue: ColourOracle.skipMessage + " (and heif-enc)")))
    func displayP3ByProfileAndByCodePoints() throws {
        let png = try ColourOracle.convert(Self.photo, to: "p3", as: "p3.png", in: folder)
        let profiled = folder.path.appending("p3.heic")
        try MovieClips.run(ColourOracle.heifEncoder, ["-q", "92", png.description, "-o", profiled.description])
        let byProfile = try compare(profiled, key: "p3-heic")
        #expect(byProfile.mean <= 1.0 && byProfile.p95 <= 3, "prof: mean ΔE \(byProfile.mean), p95 \(byProfile.p95)")
        #expect(byProfile.outcome.colour?.isEmpty == false)

        // The same pixels without a profile, described by PNG's cICP chunk alone (Display P3
        // primaries, sRGB's curve: ITU-T H.273 codes 12 and 13, HEIF nclx's code points).
        let bare = folder.path.appending("p3-bare.png")
        try MovieClips.run(ColourOracle.vips, ["copy", png.description, "\(bare)[strip]"])
        let coded = try bench.write(
            Self.insertingChunk("cICP", [12, 13, 0, 1], into: try FileSystem.readFile(bare)), named: "p3-cicp.png")
        let outcome = try bench.render(
            coded, key: "p3-cicp", kinds: [.preview], with: bench.maker(preview: 640, thumbnail: 64))
        #expect(outcome.colour == "Display P3")
        let made = try TestImage.decode(try #require(outcome.preview).path)
        let expected = try ColourOracle.thumbnail(png, side: 640, in: folder)
        let difference = try #require(ColourOracle.deltaE(made, expected))
        #expect(
            difference.mean <= 1.0 && difference.p95 <= 3, "cICP: mean ΔE \(difference.mean), p95 \(difference.p95)")
    }

    /// `png` with a chunk of `type` holding `data` right after IHDR, its CRC computed.
    static func insertingChunk(_ type: String, _ data: [UInt8], into png: [UInt8]) -> [UInt8] {
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        let body = Array(type.utf8) + data
        let chunk = bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        let afterHeader = 8 + 8 + 13 + 4  // signature, IHDR's length and type, its data, its CRC
        return Array(png[..<afterHeader]) + chunk + Array(png[afterHeader...])
    }

    /// The corpus' HEICs (iPhones: Display P3 profiles) and its files with profiles.
    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)),
        .enabled(if: ColourOracle.isAvailable, Comment(rawValue: ColourOracle.skipMessage)),
        arguments: [
            "formats/IMG_8565.HEIC", "formats/iphone_13_pro_max.HEIC", "photos/pillow/icc_profile_big.jpg",
            "formats/flower.webp",
        ])
    func corpusPhotosRenderAsLibvipsConvertsThem(relativePath: String) throws {
        let source = RawPath(Corpus.root.appendingPathComponent(relativePath).path)
        // See ColourOracle.imageMagickThumbnail for why libvips is not the oracle of these.
        let imageMagick = ["photos/pillow/icc_profile_big.jpg", "formats/flower.webp"].contains(relativePath)
        let result = try compare(source, key: relativePath, imageMagick: imageMagick)
        #expect(result.mean <= 1.0 && result.p95 <= 3, "\(relativePath): mean ΔE \(result.mean), p95 \(result.p95)")
    }

    /// A profile LittleCMS cannot use: the renditions are made from the pixels as sRGB, with
    /// one warning naming why, untagged.
    @Test func aBrokenProfileGivesSRGBRenditionsAndOneWarning() throws {
        var junk = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        junk.replaceSubrange(0..<4, with: [0, 1, 0x11, 0x70])
        junk.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        var encoder = FixtureJPEG()
        encoder.segments = FixtureSegments.iccProfile(junk)
        let file = try bench.write(encoder.encode(TestImage.testCard(width: 320, height: 240)), named: "broken.jpg")
        let outcome = try bench.render(file, key: "broken", with: bench.maker(preview: 240, thumbnail: 64))
        let warning = try #require(outcome.colourWarning)
        #expect(warning.contains("taken as sRGB"), "\(warning)")
        #expect(outcome.colour == "sRGB")
        let plain = try bench.render(
            try bench.write(FixtureJPEG().encode(TestImage.testCard(width: 320, height: 240)), named: "plain.jpg"),
            key: "plain", with: bench.maker(preview: 240, thumbnail: 64))
        for kind in RenditionKind.allCases {
            let made = try #require(outcome[kind]).path
            #expect(try iccChunks(of: made).isEmpty)
            let same = try TestImage.decode(made).meanAbsoluteDifference(
                to: TestImage.decode(try #require(plain[kind]).path))
            #expect((same ?? 99) < 0.01, "\(kind): \(same ?? -1)")
        }
    }

    /// With `renditionColour = display-p3`, renditions carry Display P3's profile (and `-p3` in
    /// their names); converted back to sRGB, as a terminal picture is, they show the colours
    /// the sRGB rendition shows.
    @Test(.enabled(if: ColourOracle.isAvailable, Comment(rawValue: ColourOracle.skipMessage)))
    func displayP3RenditionsAreTaggedAndConvertBack() throws {
        let adobe = try #require(ColourOracle.profile("AdobeRGB1998.icc"))
        let source = try ColourOracle.convert(Self.photo, to: adobe, as: "adobe.jpg", in: folder)
        var settings = LibrarySettings()
        settings.previewSize = 640
        settings.thumbnailSize = 64
        settings.renditionColour = .displayP3
        let wide = try bench.render(
            source, key: "adobe-p3", kinds: [.preview], with: RenditionMaker(settings: settings, store: bench.store))
        let preview = try #require(wide.preview).path
        #expect(preview.description.hasSuffix("-preview-640-q82-p3.jpg"))
        let embedded = try iccChunks(of: preview).joined()
        #expect(Array(embedded) == ColourTarget.displayP3.embeddedProfile)
        let pixels = PixelStorage<UInt8>()
        let sRGB = try DownscalingDecoder(path: preview).decodeFile(
            preview, minimumWidth: 640, minimumHeight: 1, limit: .standard, source: PixelStorage<UInt8>(),
            pixels: pixels)
        let shown = TestImage(
            width: sRGB.width, height: sRGB.height,
            pixels: Array(UnsafeBufferPointer(start: sRGB.pixels, count: sRGB.width * sRGB.height * 3)))
        let expected = try ColourOracle.thumbnail(source, side: 640, in: folder)
        let difference = try #require(ColourOracle.deltaE(shown, expected))
        #expect(difference.mean <= 1.0 && difference.p95 <= 3, "mean ΔE \(difference.mean), p95 \(difference.p95)")
    }
}
