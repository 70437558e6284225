import CTurboJPEG
import PhotoSupport

/// One TurboJPEG handle for lossless transforms (made by `tjInitTransform`), freed in `deinit`.
/// Decoding is libjpeg's, through `DownscalingDecoder`; TurboJPEG only turns JPEGs upright.
///
/// After a failed call TurboJPEG may leave a handle in its error state, so a handle serves
/// one operation: make a new one for the next image.
package final class TurboJPEGHandle {
    private let handle: tjhandle

    package init(path: RawPath) throws {
        guard let handle = tjInitTransform() else {
            throw PictureError(
                path: path, reason: .undecodable("TurboJPEG could not start: \(String(cString: tjGetErrorStr2(nil)))"))
        }
        self.handle = handle
    }

    deinit { tjDestroy(handle) }

    private func message() -> String { String(cString: tjGetErrorStr2(handle)) }

    /// `jpeg` turned upright for EXIF `orientation` without decoding: TurboJPEG's lossless
    /// transform, keeping every marker (EXIF included). When the size is not a whole number of
    /// blocks, the partial blocks at the edges are dropped (`trimmed`), as `jpegtran -trim` does.
    /// The transform holds every DCT coefficient of the image at once, so an image over `limit`,
    /// or whose coefficients would pass the limit's `coefficientBudget`, is refused from its
    /// header first.
    package func transformUpright(
        _ jpeg: [UInt8], orientation: Int, limit: PixelLimit, path: RawPath
    ) throws -> (bytes: [UInt8], trimmed: Bool) {
        guard (2...8).contains(orientation) else { return (jpeg, false) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let header = jpeg.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw PictureError(path: path, reason: .transformFailed(message())) }
        try limit.check(width: Int(width), height: Int(height), path: path)
        // tjTransform reads every coefficient of the image (baseline or progressive) and, for
        // every turn but the horizontal flip, which it makes in place, writes a second set:
        // counted from libjpeg's own reading of the header, before TurboJPEG allocates any.
        let coefficients = try jpeg.withUnsafeBytes { data in
            let reader = try JPEGDecoder(path: path)
            _ = try reader.readHeader(data, path: path)
            defer { reader.abort() }
            return reader.coefficientBytes
        }
        try limit.checkTransformCoefficients(coefficients * (orientation == 2 ? 1 : 2), path: path)
        let operation: TJXOP
        switch orientation {
        case 2: operation = TJXOP_HFLIP
        case 3: operation = TJXOP_ROT180
        case 4: operation = TJXOP_VFLIP
        case 5: operation = TJXOP_TRANSPOSE
        case 6: operation = TJXOP_ROT90
        case 7: operation = TJXOP_TRANSVERSE
        case 8: operation = TJXOP_ROT270
        default: return (jpeg, false)
        }
        if let perfect = try? transform(jpeg, operation: operation, options: TJXOPT_PERFECT, path: path) {
            return (perfect, false)
        }
        return (try transform(jpeg, operation: operation, options: TJXOPT_TRIM, path: path), true)
    }

    private func transform(_ jpeg: [UInt8], operation: TJXOP, options: Int32, path: RawPath) throws -> [UInt8] {
        var spec = tjtransform()
        spec.op = Int32(operation.rawValue)
        spec.options = options
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let result = jpeg.withUnsafeBufferPointer { source in
            tjTransform(
                handle, source.baseAddress, UInt(source.count), 1, &output, &outputSize, &spec, TJFLAG_LIMITSCANS)
        }
        defer { if let output { tjFree(output) } }
        guard result == 0, let output else { throw PictureError(path: path, reason: .transformFailed(message())) }
        return Array(UnsafeBufferPointer(start: output, count: Int(outputSize)))
    }
}

/// A picture that could not be decoded, turned or drawn.
public struct PictureError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case undecodable(String)
        case transformFailed(String)
        case terminalGraphics(String)
    }

    public var path: RawPath
    public var reason: Reason

    package init(path: RawPath, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var kind: ErrorKind {
        switch reason {
        case .undecodable, .transformFailed: .badData
        case .terminalGraphics: .failure
        }
    }

    public var description: String {
        switch reason {
        case .undecodable(let why): "\(path): cannot decode the JPEG: \(why)"
        case .transformFailed(let why): "\(path): cannot turn the JPEG upright: \(why)"
        case .terminalGraphics(let why): "\(path): cannot draw the picture: \(why)"
        }
    }
}
