import PhotoSupport

/// The most pixels photolib decodes or turns an image of.
///
/// Checked against the frame header, before any pixel memory is allocated, by every decode
/// and lossless transform, and by the image reader (which flags the file rather than refusing
/// it); all of them say why in the same words, rounded the same way.
public struct PixelLimit: Sendable, Equatable {
    public var megapixels: Int

    public init(megapixels: Int) {
        self.megapixels = megapixels
    }

    /// A library's limit unless its settings say otherwise.
    public static let standard = PixelLimit(megapixels: 250)

    /// True when `width` x `height` is within the limit (exactly at it included). In floating
    /// point: a limit read from settings.json could overflow an integer product.
    public func admits(width: Int, height: Int) -> Bool {
        Double(width) * Double(height) <= Double(megapixels) * 1_000_000
    }

    /// Why an image of `width` x `height` is refused:
    /// "65500x65500 is 4290.3 megapixels, over the limit of 250".
    public func refusal(width: Int, height: Int) -> String {
        "\(width)x\(height) is \(Self.megapixelText(width: width, height: height)) megapixels, "
            + "over the limit of \(megapixels)"
    }

    /// Throws `ImagingError.tooManyPixels` when `width` x `height` is over the limit.
    package func check(width: Int, height: Int, path: RawPath) throws(ImagingError) {
        guard admits(width: width, height: height) else {
            throw ImagingError(
                path: path, reason: .tooManyPixels(width: width, height: height, limitMegapixels: megapixels))
        }
    }

    /// The most bytes a decode may hold for a progressive image's DCT coefficients (libjpeg
    /// keeps them for the whole image, at full size whatever the scale): 1 MiB for each
    /// megapixel of the limit, 250 MiB at the standard limit. A raised limit raises it.
    public var coefficientBudget: Int { megapixels << 20 }

    /// The coefficient bytes all scans of one progressive image may pass over together: 32
    /// full-budget passes (about a second's work at the standard limit). Real progressive
    /// photos have about 10 scans; a file of hundreds of empty scans over a large frame is not
    /// a photo, and fails as damage instead of taking minutes.
    public var scanBudget: Int { coefficientBudget * 32 }

    /// Why a progressive image whose coefficients need `bytes` is refused.
    public func memoryRefusal(bytes: Int) -> String {
        "progressive image needs \((bytes + (1 << 20) - 1) >> 20) MiB for its coefficients, over the "
            + "\(megapixels) MiB budget of the \(megapixels)-megapixel limit (raise max-megapixels to decode it)"
    }

    /// Throws `ImagingError.overMemoryBudget` when a decode would need `bytes` of coefficients over the budget.
    package func checkCoefficients(_ bytes: Int, path: RawPath) throws(ImagingError) {
        guard bytes <= coefficientBudget else {
            throw ImagingError(path: path, reason: .overMemoryBudget(bytes: bytes, limitMegapixels: megapixels))
        }
    }

    /// The most bytes of whole-image buffers one decode of a format other than JPEG may hold,
    /// the library's and photolib's together, as estimated from the header before anything is
    /// allocated: 2 MiB for each megapixel of the limit, 500 MiB at the standard limit. None of
    /// those libraries decodes at a reduced scale, so a header's claim within the pixel limit
    /// could still ask for gigabytes (a 34-byte WebP claiming 15000x15000: 1.5 GB); a 48-megapixel
    /// phone HEIC needs about 440 MiB.
    public var decodeBudget: Int { megapixels << 21 }

    /// Why a decode whose buffers need `bytes` is refused.
    public func decodeRefusal(bytes: Int) -> String {
        "decoding it needs \((bytes + (1 << 20) - 1) >> 20) MiB, over the \(decodeBudget >> 20) MiB budget of the "
            + "\(megapixels)-megapixel limit (raise max-megapixels to decode it)"
    }

    /// Throws `ImagingError.decodeOverMemoryBudget` when a decode would hold `bytes` over `decodeBudget`.
    package func checkDecodeBytes(_ bytes: Int, path: RawPath) throws(ImagingError) {
        guard bytes <= decodeBudget else {
            throw ImagingError(path: path, reason: .decodeOverMemoryBudget(bytes: bytes, limitMegapixels: megapixels))
        }
    }

    /// Why a lossless turn whose coefficients need `bytes` is refused.
    public func transformRefusal(bytes: Int) -> String {
        "turning it upright needs \((bytes + (1 << 20) - 1) >> 20) MiB for its coefficients, over the "
            + "\(megapixels) MiB budget of the \(megapixels)-megapixel limit (raise max-megapixels to turn it)"
    }

    /// Throws `ImagingError.transformOverMemoryBudget` when a lossless transform would hold
    /// `bytes` of coefficients, over the same budget as a progressive decode's.
    package func checkTransformCoefficients(_ bytes: Int, path: RawPath) throws(ImagingError) {
        guard bytes <= coefficientBudget else {
            throw ImagingError(
                path: path, reason: .transformOverMemoryBudget(bytes: bytes, limitMegapixels: megapixels))
        }
    }

    /// Megapixels to one decimal place, halves rounded up (in integers, so exactly): enough to
    /// show why a limit was crossed. Frame headers give sizes of 16 bits, so the product fits.
    static func megapixelText(width: Int, height: Int) -> String {
        let tenths = (width * height + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
