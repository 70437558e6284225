import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

/// 16-bit PNGs and TIFFs in wide-gamut profiles: their decoders reduce to 8 bits (libpng's
/// rounding `png_set_scale_16`, libtiff's RGBA reader) and the transform runs on the reduced
/// 8-bit preview. This measures what that costs against libvips, which converts the 16-bit
/// pixels in floating point before it reduces, beside the same conversion saved at 8 bits.
/// Measured (libvips 8.14, ImageMagick 6.9): bright photos are within the bound every
/// rendition is held to (mean ΔE ≤ 1, 95th percentile ≤ 3), 0.66-0.73 against 0.61 for the
/// 8-bit saves; a dark photo in ProPhoto RGB (gamma 1.8, the widest gamut here) is not, 1.05
/// against 0.64: its shadows' 8-bit steps are coarse. That case is a known issue until the
/// 16-bit path converts before it reduces (issue 27): it fails here once it is fixed.
@Suite(.serialized) final class SixteenBitColourTests {
    let bench: RenditionWorkbench
    let folder: TemporaryDirectory

    init() throws {
        bench = try RenditionWorkbench()
        folder = try TemporaryDirectory()
    }

    static let fixtures: [(name: String, profile: String, dark: Bool)] = [
        ("prophoto16.png", "ProPhotoRGB.icc", false), ("widegamut16.tif", "WideGamutRGB.icc", false),
        ("prophoto16-dark.png", "ProPhotoRGB.icc", true), ("widegamut16-dark.tif", "WideGamutRGB.icc", true),
    ]
    /// Over the bound while 16-bit sources are reduced before they are converted.
    static let knownOver: Set<String> = ["prophoto16-dark.png"]

    @Test(
        .enabled(if: ColourOracle.isAvailable, Comment(rawValue: ColourOracle.skipMessage)),
        arguments: fixtures.map(\.name))
    func sixteenBitWideGamutIsWithinTheBound(name: String) throws {
        let entry = try #require(Self.fixtures.first { $0.name == name })
        let profile = try #require(ColourOracle.profile(entry.profile))
        var photo = RenditionColourTests.photo
        if entry.dark {
            // A fifth of the light: most values in the shadows, where 8-bit steps show.
            let dark = folder.path.appending("dark.jpg")
            try MovieClips.run(
                ColourOracle.imageMagick,
                [photo.description, "-evaluate", "multiply", "0.2", "-quality", "98", dark.description])
            photo = dark
        }
        let source = folder.path.appending(name)
        try MovieClips.run(
            ColourOracle.vips, ["icc_transform", photo.description, source.description, profile, "--depth", "16"])
        let tags = try MovieClips.exiftoolTags(source, ["-BitsPerSample", "-BitDepth"])
        let bits = "\(tags["BitsPerSample"] ?? tags["BitDepth"] ?? "")"
        #expect(bits.hasPrefix("16"), "\(name): \(bits)")
        // The same conversion saved at 8 bits: what any 8-bit source in this profile gets.
        let eightBit = folder.path.appending("8-" + name)
        try MovieClips.run(
            ColourOracle.vips, ["icc_transform", photo.description, eightBit.description, profile, "--depth", "8"])

        let sixteen = try measure(source, key: name)
        let eight = try measure(eightBit, key: "8-" + name)
        print(
            "16-bit \(name): mean ΔE \(sixteen.mean), p95 \(sixteen.p95); "
                + "its 8-bit save: mean \(eight.mean), p95 \(eight.p95) (against vipsthumbnail of each)")
        #expect(eight.mean <= 1.0 && eight.p95 <= 3, "8-bit \(name): mean ΔE \(eight.mean), p95 \(eight.p95)")
        let withinBound = {
            #expect(sixteen.mean <= 1.0 && sixteen.p95 <= 3, "\(name): mean ΔE \(sixteen.mean), p95 \(sixteen.p95)")
        }
        if Self.knownOver.contains(name) {
            withKnownIssue("16-bit sources are reduced to 8 bits before their conversion", withinBound)
        } else {
            withinBound()
        }
    }

    /// The preview photolib makes of `source` against vipsthumbnail's, at 640 pixels.
    func measure(_ source: RawPath, key: String) throws -> (mean: Double, p95: Double) {
        let maker = bench.maker(preview: 640, thumbnail: 64)
        let outcome = try bench.render(source, key: key, kinds: [.preview], with: maker)
        #expect(outcome.colourWarning == nil)
        let made = try TestImage.decode(try #require(outcome.preview).path)
        let expected = try ColourOracle.thumbnail(source, side: 640, in: folder)
        return try #require(ColourOracle.deltaE(made, expected))
    }
}
