/// What a source file says about the colours its numbers stand for, as found in its container.
///
/// Nothing said means sRGB, as every viewer assumes. An ICC profile says it all; the other
/// forms (HEIF `nclx`, PNG `cHRM`/`gAMA`/`cICP`, EXIF's Adobe RGB rule) name primaries and a
/// transfer function, from which a profile is built.
package enum ColourDescription: Sendable, Hashable {
    /// An embedded ICC profile's bytes (RGB, gray or CMYK).
    case iccProfile([UInt8])
    /// Primaries and a transfer function.
    case parametric(Primaries, TransferFunction)

    /// The chromaticities (CIE xy) of red, green, blue and white.
    package struct Primaries: Sendable, Hashable {
        package var red: [Double]
        package var green: [Double]
        package var blue: [Double]
        package var white: [Double]
        /// What people call it, when it is a known set.
        package var name: String?

        package init(red: [Double], green: [Double], blue: [Double], white: [Double], name: String? = nil) {
            self.red = red
            self.green = green
            self.blue = blue
            self.white = white
            self.name = name
        }

        static let d65 = [0.3127, 0.3290]
        package static let bt709 = Primaries(
            red: [0.64, 0.33], green: [0.30, 0.60], blue: [0.15, 0.06], white: d65, name: "sRGB")
        package static let displayP3 = Primaries(
            red: [0.680, 0.320], green: [0.265, 0.690], blue: [0.150, 0.060], white: d65, name: "Display P3")
        /// SMPTE RP 431-2: P3 with the projector's greenish white.
        package static let dciP3 = Primaries(
            red: [0.680, 0.320], green: [0.265, 0.690], blue: [0.150, 0.060], white: [0.314, 0.351], name: "DCI-P3")
        package static let bt2020 = Primaries(
            red: [0.708, 0.292], green: [0.170, 0.797], blue: [0.131, 0.046], white: d65, name: "BT.2020")
        package static let adobeRGB = Primaries(
            red: [0.64, 0.33], green: [0.21, 0.71], blue: [0.15, 0.06], white: d65, name: "Adobe RGB (1998)")

        /// ITU-T H.273 `ColourPrimaries` (HEIF `nclx`, PNG `cICP`); nil for codes not handled.
        package static func h273(_ code: Int) -> Primaries? {
            switch code {
            case 1: bt709
            case 9: bt2020
            case 11: dciP3
            case 12: displayP3
            default: nil
            }
        }

        /// True when every coordinate is within `tolerance` of `other`'s.
        func matches(_ other: Primaries, tolerance: Double = 0.002) -> Bool {
            zip([red, green, blue, white], [other.red, other.green, other.blue, other.white]).allSatisfy { pair in
                pair.0.count == 2 && pair.1.count == 2 && abs(pair.0[0] - pair.1[0]) <= tolerance
                    && abs(pair.0[1] - pair.1[1]) <= tolerance
            }
        }
    }

    /// How stored numbers become light.
    package enum TransferFunction: Sendable, Hashable {
        case sRGB
        /// Light = value ^ exponent (PNG's gAMA is the inverse of the exponent).
        case gamma(Double)
        /// The inverse of BT.709's camera curve (also BT.601 and BT.2020's).
        case bt709
        /// SMPTE ST 2084 (HDR10): absolute light up to 10,000 nits, brought into SDR range.
        case pq
        /// ARIB STD-B67 (BT.2100 HLG), brought into SDR range.
        case hlg

        /// ITU-T H.273 `TransferCharacteristics`; nil for codes not handled.
        package static func h273(_ code: Int) -> TransferFunction? {
            switch code {
            case 1, 6, 14, 15: .bt709
            case 4: .gamma(2.2)
            case 5: .gamma(2.8)
            case 8: .gamma(1)
            case 13: .sRGB
            case 16: .pq
            case 18: .hlg
            default: nil
            }
        }
    }

    /// The description of ITU-T H.273 codes, nil when it is sRGB's (nothing to do) or a code
    /// this does not handle (the numbers are then taken as sRGB, as viewers do).
    package static func h273(primaries: Int, transfer: Int) -> ColourDescription? {
        // 2 is "unspecified": the other half alone decides.
        let primaries = primaries == 2 ? Primaries.bt709 : Primaries.h273(primaries)
        let transfer = transfer == 2 ? TransferFunction.sRGB : TransferFunction.h273(transfer)
        guard let primaries, let transfer else { return nil }
        if primaries.matches(.bt709), transfer == .sRGB { return nil }
        return .parametric(primaries, transfer)
    }

    /// The DCF rule for Adobe RGB without a profile: EXIF ColorSpace "uncalibrated" (0xFFFF)
    /// and the interoperability index `R03`.
    package static let adobeRGB = ColourDescription.parametric(.adobeRGB, .gamma(563.0 / 256.0))
}
