import Foundation
import PhotoTestSupport
import Testing

/// Issue 11 item 10/11 for the lossless turn: TurboJPEG's transform reads every coefficient of
/// the image (and writes a second set), so a small progressive file whose header claims a
/// frame just under the pixel limit would take gigabytes. `pop --upright` refuses it from its
/// header, in one line, well under 300 MB.
@Suite struct TransformBudgetCommandTests {
    /// A 64x48 CMYK picture in a progressive file whose frame header claims 15,800 x 15,800
    /// (249.6 megapixels, under the limit of 250), stored turned (EXIF orientation 6).
    static func coefficientBomb() -> Data {
        var exif = ExifBuilder(bigEndian: false)
        exif.ifd0 = [exif.short(0x0112, 6)]
        var encoder = FixtureJPEG(.cmyk)
        encoder.progressive = true
        encoder.declaredSize = (15_800, 15_800)
        encoder.segments = [SyntheticJPEG.exifSegment(exif)]
        return Data(encoder.encode(TestImage.testCard(width: 64, height: 48)))
    }

    @Test func popUprightRefusesACoefficientBombFromItsHeader() throws {
        let library = try TestLibrary()
        let bomb = Self.coefficientBomb()
        #expect(bomb.count < 20_000)
        try bomb.write(to: library.url("bomb.jpg"))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        let export = library.url("upright.jpg").path
        let pop = try MeasuredRun.run(
            ["pop", "bomb.jpg", "--upright", "--export", export, "--library", library.root.path])
        #expect(pop.status != 0)
        #expect(
            pop.stderr
                == "photolib: error: \(library.url("bomb.jpg").path): turning it upright needs 3810 MiB for its "
                + "coefficients, over the 250 MiB budget of the 250-megapixel limit (raise max-megapixels to turn it)\n",
            "\(pop.stderr)")
        #expect(pop.peakMemory < 300 << 20, "peak \(pop.peakMemory >> 20) MiB")
        #expect(!FileManager.default.fileExists(atPath: export))
    }
}
