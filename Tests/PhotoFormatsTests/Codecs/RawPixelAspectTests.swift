import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// A raw whose pixels are not square (a DNG with DefaultScale 3:2, as LibRaw reads a Kodak
/// DC120's): its size is stretched along the wide side, never squashed, and is the shape
/// LibRaw's own `dcraw_emu -h` gives (half of it, turned by the flip).
@Suite struct RawPixelAspectTests {
    static let dcrawEmu = MovieClips.executable("dcraw_emu")
    static let vipsheader = MovieClips.executable("vipsheader")

    @Test func theStretchRule() {
        #expect(LibRawFile.stretched(848, 1.535, wide: true) == 1302)
        #expect(LibRawFile.stretched(976, 1.535, wide: false) == 976)
        #expect(LibRawFile.stretched(400, 0.5, wide: false) == 800)
        #expect(LibRawFile.stretched(600, 0.5, wide: true) == 600)
        #expect(LibRawFile.stretched(600, 1, wide: true) == 600)
        #expect(LibRawFile.stretched(600, .nan, wide: true) == 600)
        #expect(LibRawFile.stretched(600, 1000, wide: true) == 600)
    }

    @Test(
        .enabled(
            if: dcrawEmu != nil && vipsheader != nil,
            Comment(rawValue: "dcraw_emu (libraw-bin) and vipsheader (libvips-tools) are needed as the oracle")))
    func aNonSquarePixelRawHasLibRawsShape() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path.appending("wide.dng")
        try FileSystem.writeAtomically(
            GeneratedTIFFFixtures.dng(width: 600, height: 400, defaultScale: (3, 2)), to: path)
        let file = try LibRawFile(path: path)
        #expect((file.width, file.height) == (900, 400))
        let shown = ImageOrientation(exif: file.orientation).displayed(width: file.width, height: file.height)
        try MovieClips.run(Self.dcrawEmu, ["-h", "-T", path.description])
        let output = path.description + ".tiff"
        let width =
            Int(
                String(decoding: try MovieClips.run(Self.vipsheader, ["-f", "width", output]), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        let height =
            Int(
                String(decoding: try MovieClips.run(Self.vipsheader, ["-f", "height", output]), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(
            abs(shown.width / 2 - width) <= 1 && abs(shown.height / 2 - height) <= 1,
            "photolib \(shown.width)x\(shown.height), dcraw_emu -h \(width)x\(height)")
        // Square pixels are left as they are.
        let square = folder.path.appending("square.dng")
        try FileSystem.writeAtomically(GeneratedTIFFFixtures.dng(width: 600, height: 400), to: square)
        let plain = try LibRawFile(path: square)
        #expect((plain.width, plain.height) == (600, 400))
    }
}
