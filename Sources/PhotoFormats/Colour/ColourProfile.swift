import CLCMS
import Foundation

/// Why a colour description could not be used: LittleCMS's own words, or the check that
/// refused the profile before LittleCMS saw it.
package struct ColourError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

/// A LittleCMS context (`cmsContext`) whose error handler records instead of printing (see
/// CLCMS), freed in `deinit` after everything made with it: profiles and transforms keep it.
final class LittleCMSContext {
    let handle: OpaquePointer

    init() throws(ColourError) {
        guard let handle = pllcms_context_create() else { throw ColourError(message: "out of memory") }
        self.handle = handle
    }

    deinit { pllcms_context_delete(handle) }

    /// The first error LittleCMS reported in this context, else `fallback`.
    func error(or fallback: String) -> ColourError {
        let text = String(cString: pllcms_context_error(handle))
        return ColourError(message: text.isEmpty ? fallback : text)
    }
}

/// One ICC profile opened by LittleCMS (`cmsHPROFILE`), closed in `deinit`.
final class ColourProfile {
    /// The colour spaces a photo's numbers can be in.
    enum Space: Equatable { case rgb, gray, cmyk }

    let context: LittleCMSContext
    let handle: UnsafeMutableRawPointer
    let space: Space

    /// Profiles larger than this are refused unread: a camera's is a few KB, a printer's CMYK
    /// profile up to a few MB; more is a file lying about its contents.
    static let maximumBytes = 8 << 20

    /// Opens the profile in `bytes`; refuses one LittleCMS cannot parse, one whose header
    /// claims a size it does not have, or one that is not a device's RGB, gray or CMYK.
    init(bytes: [UInt8], context: LittleCMSContext) throws(ColourError) {
        guard bytes.count >= 132, bytes.count <= Self.maximumBytes else {
            throw ColourError(message: "ICC profile of \(bytes.count) bytes")
        }
        let declared = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard declared >= 132, declared <= bytes.count else {
            throw ColourError(message: "ICC profile claims \(declared) bytes and holds \(bytes.count)")
        }
        let opened = bytes.withUnsafeBytes {
            cmsOpenProfileFromMemTHR(context.handle, $0.baseAddress, UInt32(declared))
        }
        guard let opened else { throw context.error(or: "ICC profile LittleCMS cannot read") }
        self.context = context
        handle = opened
        let found: Space? =
            switch cmsGetColorSpace(opened) {
            case cmsSigRgbData: .rgb
            case cmsSigGrayData: .gray
            case cmsSigCmykData: .cmyk
            default: nil
            }
        let deviceClass = cmsGetDeviceClass(opened)
        guard let found,
            [cmsSigInputClass, cmsSigDisplayClass, cmsSigOutputClass, cmsSigColorSpaceClass].contains(deviceClass)
        else {
            cmsCloseProfile(opened)
            throw ColourError(message: "ICC profile of a kind photos do not use")
        }
        space = found
    }

    /// A profile LittleCMS builds from primaries and a transfer function.
    init(
        _ primaries: ColourDescription.Primaries, _ transfer: ColourDescription.TransferFunction,
        context: LittleCMSContext
    ) throws(ColourError) {
        guard primaries.red.count == 2, primaries.green.count == 2, primaries.blue.count == 2,
            primaries.white.count == 2
        else { throw ColourError(message: "primaries without two coordinates each") }
        func xyY(_ point: [Double]) -> cmsCIExyY { cmsCIExyY(x: point[0], y: point[1], Y: 1) }
        var white = xyY(primaries.white)
        var triple = cmsCIExyYTRIPLE(Red: xyY(primaries.red), Green: xyY(primaries.green), Blue: xyY(primaries.blue))
        guard let curve = Self.curve(transfer, context: context) else { throw context.error(or: "no tone curve") }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let made = cmsCreateRGBProfileTHR(context.handle, &white, &triple, &curves) else {
            throw context.error(or: "primaries LittleCMS cannot make a profile of")
        }
        self.context = context
        handle = made
        space = .rgb
        if let name = primaries.name { setDescription(name) }
    }

    /// LittleCMS's sRGB.
    init(sRGBIn context: LittleCMSContext) throws(ColourError) {
        guard let made = cmsCreate_sRGBProfileTHR(context.handle) else { throw context.error(or: "no sRGB profile") }
        self.context = context
        handle = made
        space = .rgb
    }

    deinit { cmsCloseProfile(handle) }

    /// The profile's own name (its `desc` tag), nil when it has none.
    var name: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &buffer, UInt32(buffer.count))
        guard length > 1 else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    private func setDescription(_ text: String) {
        guard let mlu = cmsMLUalloc(context.handle, 1) else { return }
        defer { cmsMLUfree(mlu) }
        cmsMLUsetASCII(mlu, "en", "US", text)
        cmsWriteTag(handle, cmsSigProfileDescriptionTag, UnsafeRawPointer(mlu))
    }

    /// The profile as ICC bytes, to embed in a rendition.
    func bytes() -> [UInt8]? {
        var size: UInt32 = 0
        guard cmsSaveProfileToMem(handle, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard bytes.withUnsafeMutableBytes({ cmsSaveProfileToMem(handle, $0.baseAddress, &size) }) != 0 else {
            return nil
        }
        return bytes
    }

    /// True when this RGB profile gives the same colours as sRGB (a camera's or an editor's
    /// copy of it): its primaries and white within a rounding of sRGB's and its curves within
    /// half a step of 8 bits, so that its pixels need no transform.
    var isSRGB: Bool {
        guard space == .rgb else { return false }
        let expected: [(cmsTagSignature, Double, Double, Double)] = [
            (cmsSigRedColorantTag, 0.4361, 0.2225, 0.0139),
            (cmsSigGreenColorantTag, 0.3851, 0.7169, 0.0971),
            (cmsSigBlueColorantTag, 0.1431, 0.0606, 0.7141),
        ]
        for (tag, x, y, z) in expected {
            guard let found = cmsReadTag(handle, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee,
                abs(found.X - x) < 0.003, abs(found.Y - y) < 0.003, abs(found.Z - z) < 0.003
            else { return false }
        }
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard let raw = cmsReadTag(handle, tag) else { return false }
            let curve = OpaquePointer(raw)
            for step in stride(from: 0, through: 255, by: 5) {
                let value = Float(step) / 255
                let linear = value <= 0.04045 ? value / 12.92 : powf((value + 0.055) / 1.055, 2.4)
                if abs(cmsEvalToneCurveFloat(curve, value) - linear) > 0.5 / 255 { return false }
            }
        }
        return true
    }

    /// The tone curve of `transfer` (stored value to relative light, 0...1).
    private static func curve(
        _ transfer: ColourDescription.TransferFunction, context: LittleCMSContext
    ) -> OpaquePointer? {
        switch transfer {
        case .sRGB:
            let parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            return cmsBuildParametricToneCurve(context.handle, 4, parameters)
        case .gamma(let exponent):
            return cmsBuildGamma(context.handle, exponent)
        case .bt709:
            let parameters: [Double] = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
            return cmsBuildParametricToneCurve(context.handle, 4, parameters)
        case .pq, .hlg:
            let table = HighDynamicRange.table(transfer == .pq ? .pq : .hlg, entries: 4096)
            return cmsBuildTabulatedToneCurveFloat(context.handle, UInt32(table.count), table)
        }
    }
}
