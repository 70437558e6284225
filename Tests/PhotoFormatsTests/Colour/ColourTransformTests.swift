import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// The colour transforms on their own: what a profile LittleCMS cannot use gives, which
/// profiles need nothing done, and the curves built for descriptions without a profile.
@Suite struct ColourTransformTests {
    /// Debian's profiles (icc-profiles-free, colord-data), when installed.
    static func systemProfile(_ name: String) -> [UInt8]? {
        for folder in ["/usr/share/color/icc/colord", "/usr/share/color/icc", "/usr/share/color/icc/ghostscript"] {
            if let bytes = FileManager.default.contents(atPath: "\(folder)/\(name)") { return Array(bytes) }
        }
        return nil
    }

    static let profilesMissing = "Debian's colord-data / icc-profiles-free profiles are not installed"
    static var haveProfiles: Bool { systemProfile("AdobeRGB1998.icc") != nil && systemProfile("sRGB.icc") != nil }

    /// Bytes that are no profile, a real profile cut short, one whose header claims more than
    /// it holds, and an empty one: each is unusable with a reason, never a crash.
    @Test func brokenProfilesAreUnusableWithAReason() throws {
        var junk = (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        junk.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        var cases: [(String, [UInt8])] = [("junk", junk), ("empty", []), ("tiny", [0, 0, 0, 10])]
        if let real = Self.systemProfile("AdobeRGB1998.icc") {
            cases.append(("cut", Array(real.prefix(200))))
            var lying = real
            lying.replaceSubrange(0..<4, with: [0, 0x10, 0, 0])  // claims 1 MiB
            cases.append(("lying", lying))
            var tagsPastEnd = real
            // Every entry of the tag table pointing far past the end.
            let count = Int(real[131]) | Int(real[130]) << 8
            for entry in 0..<count where 144 + entry * 12 <= real.count {
                tagsPastEnd.replaceSubrange((136 + entry * 12)..<(140 + entry * 12), with: [0x7F, 0, 0, 0])
            }
            cases.append(("tags past end", tagsPastEnd))
        }
        for (name, bytes) in cases {
            guard case .unusable(let error) = ColourTransforms.lookup(.iccProfile(bytes), target: .sRGB) else {
                Issue.record("\(name): used")
                continue
            }
            #expect(!error.message.isEmpty, "\(name)")
        }
    }

    /// sRGB profiles as cameras and editors embed them need no transform; Adobe RGB does.
    @Test(.enabled(if: haveProfiles, Comment(rawValue: profilesMissing))) func sRGBProfilesNeedNoTransform() throws {
        let srgb = try #require(Self.systemProfile("sRGB.icc"))
        guard case .identity = ColourTransforms.lookup(.iccProfile(srgb), target: .sRGB) else {
            Issue.record("colord's sRGB.icc was transformed")
            return
        }
        let adobe = try #require(Self.systemProfile("AdobeRGB1998.icc"))
        guard case .transform(let transform) = ColourTransforms.lookup(.iccProfile(adobe), target: .sRGB) else {
            Issue.record("Adobe RGB not transformed")
            return
        }
        #expect(transform.sourceName?.contains("Adobe RGB") == true, "\(transform.sourceName ?? "no name")")
    }

    /// Pixels through a transform: every pixel of `rgb`, converted.
    static func converted(_ rgb: [UInt8], _ lookup: ColourTransforms.Lookup) throws -> [UInt8] {
        guard case .transform(let transform) = lookup else { throw ColourError(message: "no transform: \(lookup)") }
        var output = [UInt8](repeating: 0, count: rgb.count)
        rgb.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { target in
                transform.apply(
                    input.baseAddress!, sourceStride: rgb.count, to: target.baseAddress!, targetStride: rgb.count,
                    width: rgb.count / 3, rows: 1)
            }
        }
        return output
    }

    /// Every 17th level of each channel, as RGB pixels.
    static let ramp: [UInt8] = stride(from: 0, through: 255, by: 17).flatMap { red in
        stride(from: 0, through: 255, by: 51).flatMap { green in
            stride(from: 0, through: 255, by: 51).flatMap { blue in [UInt8(red), UInt8(green), UInt8(blue)] }
        }
    }

    /// The DCF rule's Adobe RGB, built from its primaries and gamma, converts as Adobe's own
    /// profile does (colord's copy), within a level.
    @Test(.enabled(if: haveProfiles, Comment(rawValue: profilesMissing)))
    func adobeRGBFromItsPrimariesMatchesItsProfile() throws {
        let adobe = try #require(Self.systemProfile("AdobeRGB1998.icc"))
        let fromProfile = try Self.converted(Self.ramp, ColourTransforms.lookup(.iccProfile(adobe), target: .sRGB))
        let fromPrimaries = try Self.converted(Self.ramp, ColourTransforms.lookup(.adobeRGB, target: .sRGB))
        let worst = zip(fromProfile, fromPrimaries).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "largest difference \(worst) levels")
    }

    /// sRGB to Display P3 and back is sRGB again within a level or two (8-bit rounding twice).
    @Test func displayP3RoundTrip() throws {
        let toP3 = try Self.converted(Self.ramp, ColourTransforms.lookup(nil, target: .displayP3))
        #expect(toP3 != Self.ramp)
        let p3 = try #require(ColourTarget.displayP3.embeddedProfile)
        let back = try Self.converted(toP3, ColourTransforms.lookup(.iccProfile(p3), target: .sRGB))
        let differences = zip(back, Self.ramp).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        // LittleCMS's 8-bit transforms interpolate a grid: a few levels at worst, under one on average.
        #expect((differences.max() ?? 0) <= 4 && mean < 1, "largest difference \(differences.max() ?? 0), mean \(mean)")
    }

    /// A gray profile's curve reaches gray pixels (which arrive as RGB) as a table: a gamma
    /// 1.0 gray profile brightens the mid-tones of what sRGB would show.
    @Test(.enabled(if: haveProfiles, Comment(rawValue: profilesMissing))) func grayProfilesGoThroughTheirCurve() throws
    {
        let gray = try #require(Self.systemProfile("Gray-CIE_L.icc") ?? Self.systemProfile("sgray.icc"))
        let pixels: [UInt8] = [0, 0, 0, 64, 64, 64, 128, 128, 128, 255, 255, 255]
        let out = try Self.converted(pixels, ColourTransforms.lookup(.iccProfile(gray), target: .sRGB))
        #expect(out[0] <= 2 && out[9] >= 253, "\(out)")
        // Neutral in, neutral out.
        for pixel in stride(from: 0, to: out.count, by: 3) {
            #expect(abs(Int(out[pixel]) - Int(out[pixel + 2])) <= 2, "\(out)")
        }
    }

    /// PQ and HLG come into SDR range on a curve that never falls, starts at black, keeps
    /// BT.2408's reference white (203 nits) near white, and reaches white at the peak.
    @Test func highDynamicRangeCurvesRollOffSoftly() {
        for curve in [HighDynamicRange.Curve.pq, .hlg] {
            let table = HighDynamicRange.table(curve, entries: 1024)
            #expect(table.first == 0 && abs((table.last ?? 0) - 1) < 1e-4, "\(curve)")
            #expect(zip(table, table.dropFirst()).allSatisfy { $0 <= $1 }, "\(curve) falls")
        }
        // PQ's code for 203 nits is about 0.58: just under white, not clipped.
        let pq = HighDynamicRange.table(.pq, entries: 1001)
        #expect(pq[580] > 0.8 && pq[580] < 0.97, "\(pq[580])")
        // 100 nits (about 0.51) is below the knee: kept as it is, relative to 203.
        let hundred = Double(pq[508])
        #expect(abs(hundred - HighDynamicRange.nits(.pq, 0.508) / 203) < 0.01, "\(hundred)")
    }

    /// H.273 code points: P3 with sRGB's curve is a transform, BT.709 with sRGB's is nothing,
    /// unknown codes are nothing (the numbers taken as sRGB).
    @Test func nclxCodePoints() {
        #expect(ColourDescription.h273(primaries: 12, transfer: 13) == .parametric(.displayP3, .sRGB))
        #expect(ColourDescription.h273(primaries: 1, transfer: 13) == nil)
        #expect(ColourDescription.h273(primaries: 2, transfer: 2) == nil)
        #expect(ColourDescription.h273(primaries: 200, transfer: 13) == nil)
        #expect(ColourDescription.h273(primaries: 9, transfer: 16) == .parametric(.bt2020, .pq))
    }
}
