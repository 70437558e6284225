import Foundation
import Testing

@testable import PhotoFormats

/// The tables-and-matrix path between matrix-shaper profiles (`MatrixShaperTransform`) against
/// LittleCMS's own transform of the same profiles, which is the oracle: on every RGB profile
/// Debian ships and on the descriptions built from primaries, into both rendition targets.
@Suite struct MatrixShaperTransformTests {
    /// Every 15th level of each channel, every gray level, and 20,000 colours from a fixed seed.
    static let pixels: [UInt8] = {
        var pixels: [UInt8] = []
        for red in stride(from: 0, through: 255, by: 15) {
            for green in stride(from: 0, through: 255, by: 15) {
                for blue in stride(from: 0, through: 255, by: 15) {
                    pixels += [UInt8(red), UInt8(green), UInt8(blue)]
                }
            }
        }
        for gray in 0...255 { pixels += [UInt8(gray), UInt8(gray), UInt8(gray)] }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<(20_000 * 3) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            pixels.append(UInt8(truncatingIfNeeded: state >> 56))
        }
        return pixels
    }()

    static let colordProfiles = [
        "AdobeRGB1998.icc", "AppleRGB.icc", "BestRGB.icc", "BetaRGB.icc", "BruceRGB.icc", "CIE-RGB.icc",
        "ColorMatchRGB.icc", "DonRGB4.icc", "ECI-RGBv1.icc", "ECI-RGBv2.icc", "EktaSpacePS5.icc", "NTSC-RGB.icc",
        "PAL-RGB.icc", "ProPhotoRGB.icc", "Rec709.icc", "SMPTE-C-RGB.icc", "WideGamutRGB.icc",
    ]

    static var descriptions: [(String, ColourDescription)] {
        var found: [(String, ColourDescription)] = [
            ("Adobe RGB by the DCF rule", .adobeRGB),
            ("Display P3", .parametric(.displayP3, .sRGB)),
            ("BT.2020 PQ", .parametric(.bt2020, .pq)),
            ("BT.2020 HLG", .parametric(.bt2020, .hlg)),
            ("BT.709", .parametric(.bt709, .bt709)),
            ("DCI-P3 gamma 2.6", .parametric(.dciP3, .gamma(2.6))),
        ]
        for name in colordProfiles {
            if let bytes = ColourTransformTests.systemProfile(name) { found.append((name, .iccProfile(bytes))) }
        }
        return found
    }

    static func converted(_ lookup: ColourTransforms.Lookup) throws -> [UInt8] {
        try ColourTransformTests.converted(pixels, lookup)
    }

    /// Within one level of LittleCMS on every colour, and the same value on nearly all.
    @Test func tablesGiveLittleCMSsColours() throws {
        try Self.expectTablesMatchLittleCMS(input: .rgb, converted: Self.converted)
    }

    /// Every description into both targets, through the tables and through LittleCMS's own
    /// path, for pixels laid out as `input` and converted by `converted`: the tables must be
    /// taken, within one level of LittleCMS, and off by one on under 5% of the values.
    static func expectTablesMatchLittleCMS(
        input: ColourInput, converted: (ColourTransforms.Lookup) throws -> [UInt8]
    ) throws {
        let cases = descriptions
        // Without colord-data only the descriptions built here are compared: still six.
        #expect(cases.count >= 6)
        for target in ColourTarget.allCases {
            for (name, description) in cases {
                let fast = ColourTransforms.build(description, input: input, target: target)
                let slow = ColourTransforms.build(description, input: input, target: target, tables: false)
                guard case .transform(let tables) = fast else {
                    Issue.record("\(name) → \(target): \(fast)")
                    continue
                }
                #expect(tables.usesTables, "\(name) → \(target) did not take the tables")
                let expected = try converted(slow)
                let got = try converted(fast)
                let differences = zip(expected, got).map { abs(Int($0) - Int($1)) }
                let worst = differences.max() ?? 0
                let off = Double(differences.filter { $0 > 0 }.count) / Double(differences.count)
                #expect(worst <= 1 && off < 0.05, "\(name) → \(target): worst \(worst), \(off * 100)% off by a level")
            }
        }
    }

    /// A gray profile is not taken by the tables; sRGB into Display P3 is, and so is a profile
    /// built from primaries.
    @Test func onlyMatrixShapersTakeTheTables() throws {
        guard case .transform(let p3) = ColourTransforms.build(nil, input: .rgb, target: .displayP3) else {
            Issue.record("sRGB → Display P3 gave no transform")
            return
        }
        #expect(p3.usesTables)
        let context = try LittleCMSContext()
        let srgb = try ColourProfile(sRGBIn: context)
        let bt709 = try ColourProfile(.bt709, .sRGB, context: context)
        #expect(MatrixShaperTransform(from: srgb, to: bt709) != nil)
        if let gray = ColourTransformTests.systemProfile("Gray-CIE_L.icc").flatMap({
            try? ColourProfile(bytes: $0, context: context)
        }) {
            #expect(MatrixShaperTransform(from: gray, to: srgb) == nil)
        }
    }

    /// Primaries so close together that a row of the matrix between them and sRGB adds up to
    /// more than 8 (about 10 here, each entry under 6; a profile's colorants come from the
    /// file): the packed sums would overflow their fields, so LittleCMS's path converts them
    /// instead, and still gives colours.
    @Test func colorantsTooFarApartForThePackedSumsGoToLittleCMS() throws {
        let near = ColourDescription.Primaries(
            red: [0.70, 0.30], green: [0.60, 0.40], blue: [0.15, 0.06], white: [0.3127, 0.3290])
        let context = try LittleCMSContext()
        let source = try ColourProfile(near, .sRGB, context: context)
        let srgb = try ColourProfile(sRGBIn: context)
        // Whether the tables were made, not the tables themselves: a failure would print them.
        let taken = MatrixShaperTransform(from: source, to: srgb) != nil
        #expect(!taken)
        guard
            case .transform(let transform) = ColourTransforms.build(
                .parametric(near, .sRGB), input: .rgb, target: .sRGB)
        else {
            Issue.record("no transform for primaries LittleCMS can make a profile of")
            return
        }
        #expect(!transform.usesTables)
        #expect(try Self.converted(.transform(transform)).count == Self.pixels.count)
    }
}
