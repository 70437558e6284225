import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

/// The source's colours as the index names them (the asset's `colour` field) and, for EXIF's
/// DCF rule (ColorSpace 0xFFFF with interoperability index `R03`: Adobe RGB without a
/// profile), as renditions convert them. Fixtures from libvips; oracles: exiftool's
/// ProfileDescription for profile names, `vipsthumbnail --export-profile srgb` of the same
/// pixels with the Adobe RGB profile assigned for the conversion.
@Suite(.serialized) final class SourceColourTests {
    let bench: RenditionWorkbench
    let folder: TemporaryDirectory

    init() throws {
        bench = try RenditionWorkbench()
        folder = try TemporaryDirectory()
    }

    static let photo = SampleFiles.path("2015/lake-beach.jpg")

    /// `jpeg` with an EXIF block saying ColorSpace `colorSpace` and interoperability index
    /// `index` (built by `ExifBuilder`), inserted after SOI.
    static func taggingDCF(_ jpeg: [UInt8], colorSpace: UInt16, index: String) -> [UInt8] {
        var exif = ExifBuilder()
        exif.ifd0 = [exif.ascii(0x010F, "DCF camera")]
        exif.exif = [exif.short(0xA001, colorSpace)]
        exif.interoperability = [exif.ascii(0x0001, index)]
        return Array(jpeg.prefix(2)) + SyntheticJPEG.exifSegment(exif) + Array(jpeg.dropFirst(2))
    }

    /// The Adobe RGB photo libvips made, and its pixels without the profile (`strip`).
    func adobePair() throws -> (profiled: RawPath, stripped: [UInt8]) {
        let adobe = try #require(ColourOracle.profile("AdobeRGB1998.icc"))
        let profiled = try ColourOracle.convert(Self.photo, to: adobe, as: "adobe.jpg", in: folder)
        let stripped = folder.path.appending("adobe-stripped.jpg")
        try MovieClips.run(ColourOracle.vips, ["copy", profiled.description, "\(stripped)[Q=95,strip]"])
        return (profiled, try FileSystem.readFile(stripped))
    }

    @Test(.enabled(if: ColourOracle.isAvailable, Comment(rawValue: ColourOracle.skipMessage)))
    func exifR03IsConvertedAsAdobeRGB() throws {
        let (profiled, stripped) = try adobePair()
        let tagged = try bench.write(Self.taggingDCF(stripped, colorSpace: 0xFFFF, index: "R03"), named: "dcf-r03.jpg")
        #expect(try FileSystem.readFile(tagged).count > stripped.count)
        let maker = bench.maker(preview: 640, thumbnail: 64)
        let outcome = try bench.render(tagged, key: "dcf-r03", kinds: [.preview], with: maker)
        #expect(outcome.colour == "Adobe RGB (1998)")
        #expect(outcome.colourWarning == nil)
        let made = try TestImage.decode(try #require(outcome.preview).path)
        // The same numbers with Adobe RGB's profile embedded, as libvips converts them.
        let expected = try ColourOracle.thumbnail(profiled, side: 640, in: folder)
        let difference = try #require(ColourOracle.deltaE(made, expected))
        #expect(difference.mean <= 1.0 && difference.p95 <= 3, "mean ΔE \(difference.mean), p95 \(difference.p95)")

        // The index names it the same way, from the same two tags.
        #expect(try ImageFileReader.read(tagged).metadata.colour == "Adobe RGB (1998)")
    }

    /// Only the pair says Adobe RGB: `R98` (sRGB's index) with 0xFFFF, or ColorSpace 1 with
    /// `R03`, leave the numbers as sRGB, far from the Adobe RGB rendering.
    @Test(
        .enabled(if: ColourOracle.isAvailable, Comment(rawValue: ColourOracle.skipMessage)),
        arguments: [(UInt16(0xFFFF), "R98"), (UInt16(1), "R03")])
    func otherDCFTagsAreSRGB(colorSpace: UInt16, index: String) throws {
        let (profiled, stripped) = try adobePair()
        let tagged = try bench.write(
            Self.taggingDCF(stripped, colorSpace: colorSpace, index: index), named: "dcf-\(index).jpg")
        let outcome = try bench.render(
            tagged, key: "dcf-\(colorSpace)-\(index)", kinds: [.preview], with: bench.maker(preview: 640, thumbnail: 64)
        )
        #expect(outcome.colour == "sRGB")
        let made = try TestImage.decode(try #require(outcome.preview).path)
        let expected = try ColourOracle.thumbnail(profiled, side: 640, in: folder)
        let difference = try #require(ColourOracle.deltaE(made, expected))
        #expect(difference.mean > 3, "mean ΔE \(difference.mean)")
        #expect(try ImageFileReader.read(tagged).metadata.colour == "sRGB")
    }

    /// An embedded profile is named by its description tag, as exiftool reads it, in every
    /// container; the DCF tags do not override a profile. exiftool lists a multilingual
    /// description's records in the profile's order and LittleCMS is asked for en_US, which
    /// Debian's profiles hold first: the first record is the oracle.
    @Test(
        .enabled(if: ColourOracle.isAvailable, Comment(rawValue: ColourOracle.skipMessage)),
        arguments: ["adobe.jpg", "colormatch.jpg", "prophoto.png", "adobe.webp", "widegamut.tif", "p3.png", "gray.jpg"])
    func profilesAreNamedByTheirDescription(name: String) throws {
        let profiles = [
            "adobe.jpg": "AdobeRGB1998.icc", "colormatch.jpg": "ColorMatchRGB.icc", "prophoto.png": "ProPhotoRGB.icc",
            "adobe.webp": "AdobeRGB1998.icc", "widegamut.tif": "WideGamutRGB.icc", "gray.jpg": "Gray-CIE_L.icc",
        ]
        let profile = try #require(profiles[name].map(ColourOracle.profile) ?? "p3")
        let source = try ColourOracle.convert(Self.photo, to: profile, as: name, in: folder)
        let described = try Self.profileDescription(source)
        let reading = try ImageFileReader.read(source)
        #expect(reading.metadata.colour == described, "\(name)")
        if name == "adobe.jpg" {
            let both = try bench.write(
                Self.taggingDCF(try FileSystem.readFile(source), colorSpace: 0xFFFF, index: "R03"), named: "both.jpg")
            #expect(try ImageFileReader.read(both).metadata.colour == reading.metadata.colour)
        }
    }

    /// exiftool's first ProfileDescription record of `file`'s embedded profile.
    static func profileDescription(_ file: RawPath) throws -> String {
        let output = try MovieClips.run(
            MovieClips.exiftool, ["-a", "-s3", "-ICC_Profile:ProfileDescription", file.description])
        let first = String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init)
        return try #require(first, "exiftool found no profile description in \(file)")
            .trimmingCharacters(in: .whitespaces)
    }

    /// Code points name their primaries (and an HDR curve); a file that says nothing is sRGB;
    /// a raw names nothing (LibRaw's sRGB is not the file's).
    @Test func codePointsAndSilenceAreNamed() throws {
        let plain = try ImageFileReader.read(Self.photo)
        #expect(plain.metadata.colour == "sRGB")
        #expect(ColourDescription.name(of: .parametric(.bt2020, .pq)) == "BT.2020 PQ")
        #expect(ColourDescription.name(of: .parametric(.bt2020, .hlg)) == "BT.2020 HLG")
        #expect(ColourDescription.name(of: ColourDescription.h273(primaries: 12, transfer: 13)) == "Display P3")
        #expect(ColourDescription.name(of: .iccProfile([UInt8](repeating: 7, count: 400))) == nil)
    }

    /// A PNG's cICP chunk (Display P3, sRGB curve) as the index reads it, without decoding.
    @Test(.enabled(if: ColourOracle.isAvailable, Comment(rawValue: ColourOracle.skipMessage)))
    func pngCodePointsAreNamedAtIndexTime() throws {
        let png = try ColourOracle.convert(Self.photo, to: "p3", as: "p3.png", in: folder)
        let bare = folder.path.appending("p3-bare.png")
        try MovieClips.run(ColourOracle.vips, ["copy", png.description, "\(bare)[strip]"])
        #expect(try ImageFileReader.read(bare).metadata.colour == "sRGB")
        let coded = try bench.write(
            RenditionColourTests.insertingChunk("cICP", [12, 13, 0, 1], into: try FileSystem.readFile(bare)),
            named: "p3-cicp.png")
        #expect(try ImageFileReader.read(coded).metadata.colour == "Display P3")
    }

    /// A HEIC's `colr` profile, read from the `meta` box at index time, named as exiftool names it.
    @Test(
        .enabled(
            if: ColourOracle.isAvailable && ColourOracle.heifEncoder != nil,
            Comment(rawValue: ColourOracle.skipMessage + " (and heif-enc)")))
    func heicProfileIsNamedAtIndexTime() throws {
        let png = try ColourOracle.convert(Self.photo, to: "p3", as: "p3.png", in: folder)
        let heic = folder.path.appending("p3.heic")
        try MovieClips.run(ColourOracle.heifEncoder, ["-q", "80", png.description, "-o", heic.description])
        #expect(try ImageFileReader.read(heic).metadata.colour == Self.profileDescription(heic))
    }
}
