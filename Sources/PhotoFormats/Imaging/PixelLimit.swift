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

    /// Megapixels to one decimal place, halves rounded up (in integers, so exactly): enough to
    /// show why a limit was crossed. Frame headers give sizes of 16 bits, so the product fits.
    static func megapixelText(width: Int, height: Int) -> String {
        let tenths = (width * height + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
