import Foundation

/// Pictures for fixtures, made at test time, and the ways the tests damage or turn them.
extension TestImage {
    /// A test card whose every turn and flip looks different: red rises left to right, green
    /// top to bottom, and blue is a checker of 32-pixel squares (edges for the resampler).
    package static func testCard(width: Int, height: Int) -> TestImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(x * 255 / max(1, width - 1))
                pixels[offset + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[offset + 2] = (x / 32 + y / 32) % 2 == 0 ? 40 : 220
            }
        }
        return TestImage(width: width, height: height, pixels: pixels)
    }

    /// This picture as a camera stores it under EXIF `orientation`, so that a viewer applying
    /// the orientation shows this picture. From the EXIF definitions of where the stored 0th
    /// row and 0th column go (6, "right-top": row 0 is the right side, column 0 the top).
    package func stored(forOrientation orientation: Int) -> TestImage {
        let swaps = orientation >= 5
        let storedWidth = swaps ? height : width
        let storedHeight = swaps ? width : height
        var result = TestImage(
            width: storedWidth, height: storedHeight, pixels: [UInt8](repeating: 0, count: pixels.count))
        for y in 0..<height {
            for x in 0..<width {
                let (sourceX, sourceY): (Int, Int) =
                    switch orientation {
                    case 2: (storedWidth - 1 - x, y)
                    case 3: (storedWidth - 1 - x, storedHeight - 1 - y)
                    case 4: (x, storedHeight - 1 - y)
                    case 5: (y, x)
                    case 6: (y, storedHeight - 1 - x)
                    case 7: (storedWidth - 1 - y, storedHeight - 1 - x)
                    case 8: (storedWidth - 1 - y, x)
                    default: (x, y)
                    }
                let from = (y * width + x) * 3
                let to = (sourceY * storedWidth + sourceX) * 3
                result.pixels[to..<(to + 3)] = pixels[from..<(from + 3)]
            }
        }
        return result
    }

    /// Gray pixels (each channel the luma), as a gray JPEG decodes to RGB.
    package var gray: TestImage {
        var result = self
        for offset in stride(from: 0, to: pixels.count, by: 3) {
            let luma = FixtureColor.luma(pixels[offset], pixels[offset + 1], pixels[offset + 2])
            result.pixels.replaceSubrange(offset..<(offset + 3), with: [luma, luma, luma])
        }
        return result
    }
}

/// Inputs that are broken the ways real files are, each made from a good fixture.
package enum BrokenFixture: String, CaseIterable, Sendable {
    /// Cut in the middle of the scan data.
    case truncatedHalfway = "truncated_50pct.jpg"
    /// Cut inside the headers, before any scan.
    case truncatedHeaders = "truncated_1KiB.jpg"
    case empty = "zero_bytes.jpg"
    case text = "text_file.jpg"
    case pngRenamed = "png_renamed.jpg"
    /// A frame header claiming 65500x65500 pixels over a small image's data.
    case oversizedFrame = "sof_65500x65500.jpg"
    /// An EXIF block whose directory offsets point nowhere.
    case corruptExif = "exif_ifd0_offsets_corrupted.jpg"

    /// A 640x480 test card (with 2 KiB of comment before the frame header, so that the first KiB
    /// holds no scan), damaged as named. Made once per test process.
    package var bytes: [UInt8] { Self.made[self]! }

    private static let made = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.make()) })

    private static let card = TestImage.testCard(width: 640, height: 480)
    private static let commentedCard: [UInt8] = {
        var encoder = FixtureJPEG()
        encoder.segments = [FixtureSegments.segment(0xFE, [UInt8](repeating: 0x20, count: 2048))]
        return encoder.encode(card)
    }()

    private func make() -> [UInt8] {
        var encoder = FixtureJPEG()
        switch self {
        case .truncatedHalfway: return Array(Self.commentedCard.prefix(Self.commentedCard.count / 2))
        case .truncatedHeaders: return Array(Self.commentedCard.prefix(1024))
        case .empty: return []
        case .text: return Array("This is not a photo, only text with a .jpg name.\n".utf8)
        case .pngRenamed:
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64)
        case .oversizedFrame:
            encoder.declaredSize = (65_500, 65_500)
            return encoder.encode(TestImage.testCard(width: 64, height: 48))
        case .corruptExif:
            // A TIFF header pointing IFD0 far past the block, then junk.
            let exif = Array("Exif".utf8) + [0, 0] + Array("II".utf8) + [42, 0, 0xFF, 0xFF, 0, 0x7F]
            encoder.segments = [FixtureSegments.segment(0xE1, exif + [UInt8](repeating: 0xEE, count: 40))]
            return encoder.encode(Self.card)
        }
    }
}
