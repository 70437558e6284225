import CLCMS
import PhotoSupport

/// The colours renditions are made in (the library setting `renditionColour`).
package enum ColourTarget: String, Sendable, CaseIterable {
    /// Untagged sRGB: what every viewer assumes.
    case sRGB = "srgb"
    /// Display P3, tagged with its profile, for wide-gamut screens.
    case displayP3 = "display-p3"

    /// The profile a rendition in this target carries: none for sRGB.
    package var embeddedProfile: [UInt8]? {
        switch self {
        case .sRGB: nil
        case .displayP3: ColourTransforms.displayP3Profile
        }
    }
}

/// How the pixels handed to a transform are laid out.
package enum ColourInput: Hashable, Sendable {
    /// Three bytes a pixel (gray photos too: libjpeg gives them as RGB).
    case rgb
    /// Four bytes a pixel of ink, as libjpeg gives CMYK and YCCK; `inverted` for Adobe's files.
    case cmyk(inverted: Bool)
    /// Three 16-bit values a pixel in the machine's byte order: a 16-bit PNG's or TIFF's rows,
    /// converted before they are reduced to 8 bits (issue 27: a dark photo's 8-bit steps in a
    /// wide gamut were visible), straight to 8-bit RGB.
    case rgb16
}

/// One colour transform, from a source's description to a rendition's colours.
///
/// Built once per description and kept (`ColourTransforms`), then used by every worker at
/// once: made with `cmsFLAGS_NOCACHE`, LittleCMS keeps no state between calls, which is what
/// makes `cmsDoTransform` safe from several threads on one transform (hence `@unchecked
/// Sendable`; nothing in it changes after `init`). A gray profile's curve is a table of 256
/// RGB values instead (65,536 for 16-bit rows), since the gray pixels arrive as RGB; between two matrix-shaper RGB
/// profiles, the common case, `MatrixShaperTransform` does the work at a fraction of the cost
/// (`MatrixShaperTransform16` for 16-bit rows).
package final class ColourTransform: @unchecked Sendable {
    private let context: LittleCMSContext
    private let handle: UnsafeMutableRawPointer?
    private let grayTable: [UInt8]
    private let matrixShaper: MatrixShaperTransform?
    private let matrixShaper16: MatrixShaperTransform16?
    private let input: ColourInput
    /// What the source's colours were called ("Display P3", "Adobe RGB (1998)").
    package let sourceName: String?

    /// `tables: false` keeps LittleCMS's own path even where the tables would do (for tests
    /// that compare the two); for 16-bit input, its unoptimised path, since its optimised one
    /// samples the transform into a 3D table (`MatrixShaperTransform16` says why that is
    /// not an oracle).
    init(
        from source: ColourProfile, to target: ColourProfile, input: ColourInput, name: String?,
        tables: Bool = true
    ) throws(ColourError) {
        context = source.context
        self.input = input
        sourceName = name
        if tables, input == .rgb, let fast = MatrixShaperTransform(from: source, to: target) {
            matrixShaper = fast
            matrixShaper16 = nil
            handle = nil
            grayTable = []
            return
        }
        matrixShaper = nil
        if tables, input == .rgb16, let fast = MatrixShaperTransform16(from: source, to: target) {
            matrixShaper16 = fast
            handle = nil
            grayTable = []
            return
        }
        matrixShaper16 = nil
        let flags = UInt32(cmsFLAGS_NOCACHE) | (!tables && input == .rgb16 ? UInt32(cmsFLAGS_NOOPTIMIZE) : 0)
        switch (source.space, input) {
        case (.gray, .rgb):
            guard
                let gray = cmsCreateTransformTHR(
                    context.handle, source.handle, PLLCMS_TYPE_GRAY_8, target.handle, PLLCMS_TYPE_RGB_8,
                    UInt32(INTENT_RELATIVE_COLORIMETRIC), flags)
            else { throw context.error(or: "gray profile LittleCMS cannot transform") }
            defer { cmsDeleteTransform(gray) }
            let ramp = (0...255).map { UInt8($0) }
            var table = [UInt8](repeating: 0, count: 256 * 3)
            cmsDoTransform(gray, ramp, &table, 256)
            grayTable = table
            handle = nil
        case (.gray, .rgb16):
            // Every 16-bit gray value's RGB: a 16-bit gray PNG's rows arrive as RGB, its three
            // channels equal, so one is looked up (192 KiB, made once per profile).
            guard
                let gray = cmsCreateTransformTHR(
                    context.handle, source.handle, PLLCMS_TYPE_GRAY_16, target.handle, PLLCMS_TYPE_RGB_8,
                    UInt32(INTENT_RELATIVE_COLORIMETRIC), flags)
            else { throw context.error(or: "gray profile LittleCMS cannot transform") }
            defer { cmsDeleteTransform(gray) }
            let ramp = (0...65535).map { UInt16($0) }
            var table = [UInt8](repeating: 0, count: 65536 * 3)
            cmsDoTransform(gray, ramp, &table, 65536)
            grayTable = table
            handle = nil
        case (.rgb, .rgb), (.cmyk, .cmyk), (.rgb, .rgb16):
            let format: UInt32 =
                switch input {
                case .rgb: PLLCMS_TYPE_RGB_8
                case .rgb16: PLLCMS_TYPE_RGB_16
                case .cmyk(let inverted): inverted ? PLLCMS_TYPE_CMYK_8_REV : PLLCMS_TYPE_CMYK_8
                }
            guard
                let made = cmsCreateTransformTHR(
                    context.handle, source.handle, format, target.handle, PLLCMS_TYPE_RGB_8,
                    UInt32(INTENT_RELATIVE_COLORIMETRIC), flags)
            else { throw context.error(or: "profile LittleCMS cannot transform") }
            handle = made
            grayTable = []
        default:
            throw ColourError(message: "\(source.space) profile on \(input.pixelName) pixels")
        }
    }

    deinit { if let handle { cmsDeleteTransform(handle) } }

    /// True when the tables and matrix do the work rather than LittleCMS.
    package var usesTables: Bool { matrixShaper != nil || matrixShaper16 != nil }

    /// Bytes a pixel of input.
    package var inputBytesPerPixel: Int {
        switch input {
        case .rgb: 3
        case .cmyk: 4
        case .rgb16: 6
        }
    }

    /// Transforms `rows` rows of `width` pixels from `source` (rows `sourceStride` bytes
    /// apart, laid out as this transform's input) into 8-bit RGB at `target` (`targetStride`).
    /// `source` and `target` may be the same 8-bit RGB memory.
    package func apply(
        _ source: UnsafePointer<UInt8>, sourceStride: Int, to target: UnsafeMutablePointer<UInt8>,
        targetStride: Int, width: Int, rows: Int
    ) {
        guard width > 0, rows > 0 else { return }
        if let matrixShaper {
            matrixShaper.apply(
                source, sourceStride: sourceStride, to: target, targetStride: targetStride, width: width, rows: rows)
            return
        }
        if let matrixShaper16 {
            matrixShaper16.apply(
                source, sourceStride: sourceStride, to: target, targetStride: targetStride, width: width, rows: rows)
            return
        }
        if let handle {
            cmsDoTransformLineStride(
                handle, source, target, UInt32(width), UInt32(rows), UInt32(sourceStride), UInt32(targetStride), 0, 0)
            return
        }
        grayTable.withUnsafeBufferPointer { table in
            for y in 0..<rows {
                let from = source + y * sourceStride
                let to = target + y * targetStride
                for x in 0..<width {
                    let entry =
                        input == .rgb16
                        ? Int(UnsafeRawPointer(from).loadUnaligned(fromByteOffset: x * 6, as: UInt16.self)) * 3
                        : Int(from[x * 3]) * 3
                    to[x * 3] = table[entry]
                    to[x * 3 + 1] = table[entry + 1]
                    to[x * 3 + 2] = table[entry + 2]
                }
            }
        }
    }

    /// `image` transformed into `output` (the same size, or `image` itself).
    package func apply(_ image: RGBImage, into output: RGBImage) {
        apply(
            image.pixels, sourceStride: image.stride, to: output.pixels, targetStride: output.stride,
            width: min(image.width, output.width), rows: min(image.height, output.height))
    }
}

extension ColourInput {
    /// What the pixels are called in a message.
    fileprivate var pixelName: String {
        switch self {
        case .rgb: "RGB"
        case .cmyk: "CMYK"
        case .rgb16: "16-bit RGB"
        }
    }
}

extension JPEGHeader {
    /// How a CMYK or YCCK JPEG's decoded ink is laid out for a transform; nil for gray and
    /// YCbCr images, which decode to RGB.
    package var inkInput: ColourInput? {
        colorModel.isInk ? .cmyk(inverted: hasAdobeMarker) : nil
    }
}
