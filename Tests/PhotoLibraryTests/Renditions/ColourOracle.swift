import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoSupport

/// libvips as the oracle for colour: `vips icc_transform` makes the fixtures (a photo put into
/// Adobe RGB, ProPhoto, Display P3, CMYK or a gray profile, in each container), and
/// `vipsthumbnail --export-profile srgb` makes what a preview must look like. libvips converts
/// with LittleCMS too, but reads each container's profile with its own code, and shrinks and
/// converts in its own order: agreement within a ΔE of 1 is agreement on the colours.
enum ColourOracle {
    static let vips = MovieClips.executable("vips")
    static let vipsthumbnail = MovieClips.executable("vipsthumbnail")
    static let heifEncoder = MovieClips.executable("heif-enc")
    /// libvips' tools and the profiles the fixtures are made with.
    static var isAvailable: Bool {
        vips != nil && vipsthumbnail != nil && imageMagick != nil
            && [
                "sRGB.icc", "AdobeRGB1998.icc", "ColorMatchRGB.icc", "ProPhotoRGB.icc", "WideGamutRGB.icc",
                "default_cmyk.icc",
                "Gray-CIE_L.icc",
            ].allSatisfy { profile($0) != nil }
    }
    static let skipMessage =
        "libvips' tools (libvips-tools), ImageMagick or Debian's profiles (colord-data, icc-profiles-free, libgs-common) "
        + "are not "
        + "installed: the colour tests make their fixtures and their oracle with them"

    /// A profile file of Debian's (colord-data, icc-profiles-free, ghostscript), when installed.
    static func profile(_ name: String) -> String? {
        ["/usr/share/color/icc/colord", "/usr/share/color/icc", "/usr/share/color/icc/ghostscript"]
            .map { "\($0)/\(name)" }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// `source` converted by libvips into `profile` (a file, or a built-in: `p3`, `cmyk`),
    /// saved as `name` (its suffix picks the container, which carries the profile).
    static func convert(
        _ source: RawPath, to profile: String, as name: String, in folder: TemporaryDirectory
    ) throws
        -> RawPath
    {
        let output = folder.path.appending(name)
        try MovieClips.run(
            vips, ["icc_transform", source.description, output.description + saveOptions(name), profile])
        return output
    }

    static func saveOptions(_ name: String) -> String { name.hasSuffix(".jpg") ? "[Q=95]" : "" }

    /// What libvips makes of `source` fitting `side` (never enlarged, as renditions are not),
    /// in sRGB, decoded.
    static func thumbnail(_ source: RawPath, side: Int, in folder: TemporaryDirectory) throws -> TestImage {
        let output = folder.path.appending("oracle-\(UUID().uuidString).jpg")
        try MovieClips.run(
            vipsthumbnail,
            [source.description, "--size", "\(side)x\(side)>", "--export-profile", "srgb", "-o", "\(output)[Q=95]"])
        return try TestImage.decode(output)
    }

    static let imageMagick = MovieClips.executable("convert")

    /// The second oracle, for what libvips 8.14 does not convert: a CMYK profile it calls
    /// "incompatible with image", a profile without the relative intent, and a WebP its
    /// loader decodes about 7 levels redder than libwebp's own decoder does: ImageMagick
    /// (its own readers, LittleCMS, relative colorimetric) into colord's sRGB profile.
    static func imageMagickThumbnail(_ source: RawPath, side: Int, in folder: TemporaryDirectory) throws -> TestImage {
        let output = folder.path.appending("oracle-im-\(UUID().uuidString).jpg")
        let srgb = try #require(profile("sRGB.icc"))
        try MovieClips.run(
            imageMagick,
            [
                source.description + "[0]", "-intent", "relative", "-profile", srgb, "-resize", "\(side)x\(side)>",
                "-quality", "95", output.description,
            ])
        return try TestImage.decode(output)
    }

    /// CIE76 ΔE between two sRGB pictures of the same shape, both first reduced to 64 pixels
    /// wide by area averaging, so that only colour counts: the mean and the 95th percentile.
    static func deltaE(_ made: TestImage, _ expected: TestImage) -> (mean: Double, p95: Double)? {
        let width = 64
        let height = max(1, (made.height * width + made.width / 2) / made.width)
        let expectedHeight = max(1, (expected.height * width + expected.width / 2) / expected.width)
        guard abs(height - expectedHeight) <= 1 else { return nil }
        let a = made.areaAveraged(width: width, height: height)
        let b = expected.areaAveraged(width: width, height: height)
        var differences: [Double] = []
        for y in 0..<height {
            for x in 0..<width {
                let first = lab(a.pixel(x: x, y: y))
                let second = lab(b.pixel(x: x, y: y))
                differences.append(
                    ((first.0 - second.0) * (first.0 - second.0) + (first.1 - second.1) * (first.1 - second.1)
                        + (first.2 - second.2) * (first.2 - second.2)).squareRoot())
            }
        }
        differences.sort()
        let mean = differences.reduce(0, +) / Double(differences.count)
        return (mean, differences[min(differences.count - 1, differences.count * 95 / 100)])
    }

    /// CIE L*a*b* (D65 white) of an sRGB pixel, by the standard formulas.
    static func lab(_ pixel: (red: Int, green: Int, blue: Int)) -> (Double, Double, Double) {
        func linear(_ value: Int) -> Double {
            let v = Double(value) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(pixel.red), linear(pixel.green), linear(pixel.blue))
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
