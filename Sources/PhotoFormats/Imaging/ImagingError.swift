import PhotoSupport

/// Why an image could not be decoded, rendered or stored as a rendition.
public struct ImagingError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        /// libjpeg gave up on the data; the text is libjpeg's own message.
        case undecodable(String)
        /// A format other than JPEG whose library gave up on the data; its message.
        case undecodableFormat(format: ImageFormat, message: String)
        /// A video FFmpeg could not read, or whose worker failed; the one line of why.
        case undecodableVideo(String)
        /// The frame header claims more pixels than the library allows.
        case tooManyPixels(width: Int, height: Int, limitMegapixels: Int)
        /// A progressive (multi-scan) image whose DCT coefficients, which libjpeg keeps for the
        /// whole image at full size whatever the scale, need more memory than the budget.
        case overMemoryBudget(bytes: Int, limitMegapixels: Int)
        /// A lossless turn (TurboJPEG's transform, which reads every DCT coefficient of the
        /// image, and for most turns writes a second set) that would need more than the budget.
        case transformOverMemoryBudget(bytes: Int, limitMegapixels: Int)
        /// A decode of another format whose whole-image buffers, from its header's claims, need
        /// more memory than `PixelLimit.decodeBudget`.
        case decodeOverMemoryBudget(bytes: Int, limitMegapixels: Int)
        /// A colour model renditions cannot show (neither gray, YCbCr/RGB nor CMYK/YCCK).
        case unsupportedColorModel(components: Int)
        /// libjpeg failed while writing a rendition.
        case encodingFailed(String)
        /// A fingerprint that cannot name a file: it must be at least 4 lowercase hex digits.
        case invalidFingerprint(String)
        /// malloc failed for a decoder, an encoder or a pixel buffer.
        case outOfMemory
    }

    public var path: RawPath
    public var reason: Reason

    public init(path: RawPath, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var kind: ErrorKind {
        switch reason {
        case .undecodable, .undecodableFormat, .undecodableVideo, .tooManyPixels, .overMemoryBudget,
            .transformOverMemoryBudget,
            .decodeOverMemoryBudget, .unsupportedColorModel:
            .badData
        case .encodingFailed, .outOfMemory: .failure
        case .invalidFingerprint: .usage
        }
    }

    public var description: String { "\(path): \(reasonDescription)" }

    /// A video's reason in FFmpeg's or the worker's words, without "cannot read video".
    public var videoMessage: String {
        if case .undecodableVideo(let message) = reason { return message }
        return reasonDescription
    }

    /// The reason alone, for messages that name the file already.
    public var reasonDescription: String {
        switch reason {
        case .undecodable(let message): "cannot decode JPEG: \(message)"
        case .undecodableFormat(let format, let message): "cannot decode \(format.displayName): \(message)"
        case .undecodableVideo(let message): "cannot read video: \(message)"
        case .tooManyPixels(let width, let height, let limit):
            PixelLimit(megapixels: limit).refusal(width: width, height: height)
        case .overMemoryBudget(let bytes, let limit):
            PixelLimit(megapixels: limit).memoryRefusal(bytes: bytes)
        case .transformOverMemoryBudget(let bytes, let limit):
            PixelLimit(megapixels: limit).transformRefusal(bytes: bytes)
        case .decodeOverMemoryBudget(let bytes, let limit):
            PixelLimit(megapixels: limit).decodeRefusal(bytes: bytes)
        case .unsupportedColorModel(let components): "unsupported JPEG colour model (\(components) components)"
        case .encodingFailed(let message): "cannot write rendition: \(message)"
        case .invalidFingerprint(let fingerprint): "invalid content fingerprint '\(fingerprint)'"
        case .outOfMemory: "out of memory"
        }
    }
}
