import PhotoTestSupport
import Testing

@testable import PhotoFormats

/// The patch that `pop --upright` applies after turning the pixels: Orientation 1 and the
/// Exif pixel dimensions swapped, in place, in the EXIF block the metadata reader reads.
@Suite struct ExifOrientationPatchTests {
    typealias S = SyntheticJPEG

    func jpeg(bigEndian: Bool, orientation: UInt16?, strayBytes: [UInt8] = []) -> [UInt8] {
        var block = ExifBuilder(bigEndian: bigEndian)
        if let orientation { block.ifd0 = [block.short(0x0112, orientation)] }
        block.ifd0.append(block.ascii(0x010F, "photolib"))
        block.exif = [
            ExifBuilder.Entry(tag: 0xA002, type: 4, count: 1, value: block.word32(640)),
            ExifBuilder.Entry(tag: 0xA003, type: 4, count: 1, value: block.word32(480)),
        ]
        // Stray bytes between segments, which libjpeg skips with a warning: the walk does too.
        return S.startOfImage + S.jfif + strayBytes + S.exifSegment(block) + Array(S.jpeg().dropFirst(2))
    }

    func value(_ name: String, in bytes: [UInt8]) -> String? {
        ExifListing.fields(inJPEG: bytes).first { $0.name == name }?.value
    }

    @Test(arguments: [false, true])
    func resetsOrientationAndSwapsTheDimensionsInPlace(bigEndian: Bool) {
        for stray in [[], [0x00, 0x42]] as [[UInt8]] {
            let original = jpeg(bigEndian: bigEndian, orientation: 6, strayBytes: stray)
            #expect(value("Orientation", in: original) == "Right-top")
            var patched = original
            #expect(ExifOrientationPatch.resetOrientation(in: &patched, swapDimensions: true))
            #expect(value("Orientation", in: patched) == "Top-left")
            #expect(value("PixelXDimension", in: patched) == "480" && value("PixelYDimension", in: patched) == "640")
            #expect(value("Make", in: patched) == "photolib")
            // Only the orientation's value and the two dimensions changed: no byte moved.
            #expect(patched.count == original.count)
            #expect(zip(patched, original).filter { $0 != $1 }.count <= 2 + 8)
        }
    }

    @Test func keepsDimensionsUnlessAsked() {
        var patched = jpeg(bigEndian: false, orientation: 3)
        #expect(ExifOrientationPatch.resetOrientation(in: &patched, swapDimensions: false))
        #expect(value("Orientation", in: patched) == "Top-left" && value("PixelXDimension", in: patched) == "640")
    }

    @Test func nothingToResetWithoutAnOrientation() {
        var withoutTag = jpeg(bigEndian: true, orientation: nil)
        #expect(!ExifOrientationPatch.resetOrientation(in: &withoutTag, swapDimensions: false))
        #expect(withoutTag == jpeg(bigEndian: true, orientation: nil))
        var withoutExif = S.jpeg()
        #expect(!ExifOrientationPatch.resetOrientation(in: &withoutExif, swapDimensions: true))
        #expect(withoutExif == S.jpeg())
        // An EXIF segment too short to hold a TIFF header.
        var cut = S.startOfImage + S.segment(0xE1, Array("Exif".utf8) + [0, 0, 0x49]) + Array(S.jpeg().dropFirst(2))
        let before = cut
        #expect(!ExifOrientationPatch.resetOrientation(in: &cut, swapDimensions: true))
        #expect(cut == before)
    }
}
