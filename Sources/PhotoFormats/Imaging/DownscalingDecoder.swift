import PhotoSupport

/// Decodes a JPEG once, straight to a smaller size.
///
/// libjpeg scales by 1/2, 1/4 or 1/8 inside the inverse DCT (shrink-on-load, as libvips
/// does), which skips most of the pixel work; the smallest such scale that still leaves at
/// least the target size is used, and a Lanczos filter takes the rows from there to the exact
/// target as they come out of the decoder.
package final class DownscalingDecoder {
    /// What went wrong in a decode that still produced an image.
    package struct Damage: Sendable, Equatable {
        /// libjpeg's text: its first corrupt-data warning, or the error that ended the decode early.
        package var reason: String
        package var warningCount: Int
    }

    /// Rows asked of libjpeg at a time: enough to amortize the call, few enough to stay in cache.
    private static let rowsPerBatch = 16

    private let decoder: JPEGDecoder
    private let memoryGate: DecodeMemoryGate
    private let resizer = StreamingResizer()
    private let batchStorage = PixelStorage<UInt8>()
    private let convertedRowStorage = PixelStorage<UInt8>()

    package init(path: RawPath, memoryGate: DecodeMemoryGate = .shared) throws {
        decoder = try JPEGDecoder(path: path)
        self.memoryGate = memoryGate
    }

    /// Reads the header of the JPEG in `data` and refuses an image over `limit` before libjpeg
    /// allocates anything for its pixels; `data` must stay alive until `decode` returns.
    package func readHeader(_ data: UnsafeRawBufferPointer, limit: PixelLimit, path: RawPath) throws -> JPEGHeader {
        let header = try decoder.readHeader(data, path: path)
        do {
            try limit.check(width: header.width, height: header.height, path: path)
            try limit.checkCoefficients(decoder.wholeImageBufferBytes, path: path)
            decoder.setScanBudget(limit.scanBudget)
        } catch {
            decoder.abort()
            throw error
        }
        return header
    }

    /// The ICC profile of the image whose header was just read.
    package func iccProfile() -> [UInt8]? { decoder.iccProfile() }

    /// The shrink-on-load scale: the largest of 8, 4, 2 that leaves an image of `width` x
    /// `height` at least `targetWidth` x `targetHeight` (libjpeg rounds scaled sizes up), else 1.
    static func shrinkDenominator(width: Int, height: Int, targetWidth: Int, targetHeight: Int) -> Int {
        for denominator in [8, 4, 2] {
            let scaledWidth = (width + denominator - 1) / denominator
            let scaledHeight = (height + denominator - 1) / denominator
            if scaledWidth >= targetWidth && scaledHeight >= targetHeight { return denominator }
        }
        return 1
    }

    /// Decodes the image whose header was read into `output` (its size is the target, in
    /// stored orientation, no larger than the image). Returns the damage when libjpeg warned or
    /// gave up part-way; rows it never produced come out mid-gray, as libjpeg fills a cut file.
    /// Throws when not a single row could be decoded. A CMYK or YCCK image's ink becomes RGB
    /// through `ink` (its profile's transform) when given, else by the naive conversion
    /// (`InkConversion`, photolib's stated default for ink without a profile).
    package func decode(
        _ header: JPEGHeader, into output: RGBImage, path: RawPath, ink: ColourTransform? = nil
    ) throws -> Damage? {
        guard header.colorModel != .other else {
            decoder.abort()
            throw ImagingError(path: path, reason: .unsupportedColorModel(components: header.components))
        }
        let denominator = Self.shrinkDenominator(
            width: header.width, height: header.height,
            targetWidth: output.width, targetHeight: output.height)
        // The reservation lasts until libjpeg has freed the image's memory (finish or abort).
        let (rowsDone, scaledHeight, failure, warnings, firstWarning) = try memoryGate.withReservation(
            of: decoder.wholeImageBufferBytes
        ) {
            defer { decoder.abort() }
            let scaled = try decoder.start(scaleDenominator: denominator, path: path)
            let (rowsDone, failure) = readRows(scaled: scaled, header: header, into: output, ink: ink)
            return (rowsDone, scaled.height, failure, decoder.warningCount, decoder.firstWarning)
        }
        if let failure {
            guard rowsDone > 0 else { throw ImagingError(path: path, reason: .undecodable(failure)) }
            fillRemainingRows(count: scaledHeight - rowsDone)
            return Damage(reason: firstWarning ?? failure, warningCount: warnings)
        }
        if let firstWarning { return Damage(reason: firstWarning, warningCount: warnings) }
        return nil
    }

    /// Reads the started image's rows through the resizer into `output`, then finishes the
    /// image. Returns the rows libjpeg produced and why it stopped early, if it did.
    private func readRows(
        scaled: (width: Int, height: Int), header: JPEGHeader,
        into output: RGBImage, ink: ColourTransform?
    ) -> (rows: Int, failure: String?) {
        resizer.begin(inputWidth: scaled.width, inputHeight: scaled.height, output: output)
        let bytesPerPixel = header.colorModel.isInk ? 4 : 3
        let stride = scaled.width * bytesPerPixel
        let batch = batchStorage.reserve(stride * Self.rowsPerBatch)
        let converted =
            header.colorModel.isInk ? convertedRowStorage.reserve(scaled.width * 3 * Self.rowsPerBatch) : batch
        var rowsDone = 0
        while rowsDone < scaled.height {
            let (count, error) = decoder.readRows(into: batch, stride: stride, maxRows: Self.rowsPerBatch)
            if header.colorModel.isInk, let ink {
                ink.apply(
                    batch, sourceStride: stride, to: converted, targetStride: scaled.width * 3, width: scaled.width,
                    rows: count)
                resizer.push(rows: converted, count: count, stride: scaled.width * 3)
            } else if header.colorModel.isInk {
                for index in 0..<count {
                    InkConversion.convert(
                        batch + index * stride, to: converted + index * scaled.width * 3,
                        count: scaled.width, inverted: header.hasAdobeMarker)
                }
                resizer.push(rows: converted, count: count, stride: scaled.width * 3)
            } else {
                resizer.push(rows: batch, count: count, stride: stride)
            }
            rowsDone += count
            if let error { return (rowsDone, error) }
            if count == 0 { return (rowsDone, "decoder stopped after \(rowsDone) of \(scaled.height) rows") }
        }
        return (rowsDone, decoder.finish())
    }

    /// Feeds `count` mid-gray rows for the part of the image libjpeg never produced.
    private func fillRemainingRows(count: Int) {
        let width = resizer.inputWidth
        let gray = convertedRowStorage.reserve(width * 3)
        gray.update(repeating: 128, count: width * 3)
        resizer.push(rows: gray, count: count, stride: 0)
    }
}

extension DownscalingDecoder {
    /// Decodes the JPEG file at `path` whole, at the smallest shrink-on-load scale that still
    /// leaves at least `minimumWidth` x `minimumHeight` (full size when none does), and resamples
    /// nothing after: a picture for a terminal, which fits it to the cells itself. The file is
    /// read into `source`; the image returned lives in `pixels`, in sRGB: a preview in
    /// Display P3 (or an older one that kept its original's profile) is converted through the
    /// profile it carries, since a terminal shows sRGB. A file that decodes only in part gives
    /// what was decoded.
    package func decodeFile(
        _ path: RawPath, minimumWidth: Int, minimumHeight: Int, limit: PixelLimit,
        source: PixelStorage<UInt8>, pixels: PixelStorage<UInt8>
    ) throws -> RGBImage {
        let length = try FileSystem.readFile(path, reserve: source.reserve)
        let data = UnsafeRawBufferPointer(start: source.base, count: length)
        let header = try readHeader(data, limit: limit, path: path)
        let denominator = Self.shrinkDenominator(
            width: header.width, height: header.height, targetWidth: minimumWidth, targetHeight: minimumHeight)
        let width = (header.width + denominator - 1) / denominator
        let height = (header.height + denominator - 1) / denominator
        let image = RGBImage(
            pixels: pixels.reserve(RGBImage.byteCount(width: width, height: height)), width: width, height: height)
        let profile = JPEGColour.description(of: data, iccProfile: iccProfile())
        let ink = header.inkInput.flatMap { input -> ColourTransform? in
            guard let profile,
                case .transform(let transform) = ColourTransforms.lookup(profile, input: input, target: .sRGB)
            else { return nil }
            return transform
        }
        _ = try decode(header, into: image, path: path, ink: ink)
        if header.inkInput == nil, let profile,
            case .transform(let transform) = ColourTransforms.lookup(profile, target: .sRGB)
        {
            transform.apply(image, into: image)
        }
        return image
    }
}
