import Foundation
import Testing

@testable import PhotoFormats

/// The 16-bit tables-and-matrix path (`MatrixShaperTransform16`, for 16-bit PNG and TIFF rows
/// converted before they are reduced) against LittleCMS's unoptimised 16-bit transform of the
/// same profiles, which computes each pixel through the profiles' own curves and matrices:
/// every RGB profile Debian ships and the descriptions built from primaries, into both targets.
@Suite struct MatrixShaperTransform16Tests {
    /// A 16-level grid of each channel, a ramp of the darkest values (where 8 bits lose most),
    /// and 20,000 colours from a fixed seed, half of them in the darkest sixteenth.
    static let pixels: [UInt16] = {
        var pixels: [UInt16] = []
        for red in stride(from: 0, through: 65535, by: 4369) {
            for green in stride(from: 0, through: 65535, by: 4369) {
                for blue in stride(from: 0, through: 65535, by: 4369) {
                    pixels += [UInt16(red), UInt16(green), UInt16(blue)]
                }
            }
        }
        for gray in stride(from: 0, through: 4096, by: 8) { pixels += [UInt16(gray), UInt16(gray), UInt16(gray)] }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in 0..<(20_000 * 3) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = UInt16(truncatingIfNeeded: state >> 48)
            pixels.append(index % 6 < 3 ? value : value >> 4)
        }
        return pixels
    }()

    static func converted(_ lookup: ColourTransforms.Lookup) throws -> [UInt8] {
        guard case .transform(let transform) = lookup else { throw ColourError(message: "no transform: \(lookup)") }
        #expect(transform.inputBytesPerPixel == 6)
        var output = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { input in
            output.withUnsafeMutableBufferPointer { target in
                transform.apply(
                    input.baseAddress!.assumingMemoryBound(to: UInt8.self), sourceStride: input.count,
                    to: target.baseAddress!, targetStride: target.count, width: pixels.count / 3, rows: 1)
            }
        }
        return output
    }

    /// Within one level of LittleCMS on every colour, and the same value on nearly all.
    @Test func tablesGiveLittleCMSsColours() throws {
        try MatrixShaperTransformTests.expectTablesMatchLittleCMS(input: .rgb16, converted: Self.converted)
    }

    /// A 16-bit value that is an 8-bit one widened (v x 257) converts as the 8-bit path
    /// converts v, within a level: the two paths agree where both have the same information.
    @Test func widenedEightBitValuesConvertAsEightBit() throws {
        let adobe = ColourDescription.adobeRGB
        let eight = MatrixShaperTransformTests.pixels
        guard case .transform(let eightBit) = ColourTransforms.build(adobe, input: .rgb, target: .sRGB),
            case .transform(let sixteenBit) = ColourTransforms.build(adobe, input: .rgb16, target: .sRGB)
        else {
            Issue.record("Adobe RGB gave no transform")
            return
        }
        let widened = eight.map { UInt16($0) * 257 }
        var fromEight = [UInt8](repeating: 0, count: eight.count)
        var fromSixteen = [UInt8](repeating: 0, count: eight.count)
        eight.withUnsafeBufferPointer { input in
            fromEight.withUnsafeMutableBufferPointer { output in
                eightBit.apply(
                    input.baseAddress!, sourceStride: input.count, to: output.baseAddress!,
                    targetStride: output.count, width: input.count / 3, rows: 1)
            }
        }
        widened.withUnsafeBytes { input in
            fromSixteen.withUnsafeMutableBufferPointer { output in
                sixteenBit.apply(
                    input.baseAddress!.assumingMemoryBound(to: UInt8.self), sourceStride: input.count,
                    to: output.baseAddress!, targetStride: output.count, width: eight.count / 3, rows: 1)
            }
        }
        let worst = zip(fromEight, fromSixteen).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "worst \(worst)")
    }
}
