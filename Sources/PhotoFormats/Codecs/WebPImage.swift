import CWebP

/// One WebP file in memory, read with libwebp (the demuxer for its EXIF and XMP chunks).
///
/// libwebp has no pixel limit of its own and a damaged VP8X can claim any canvas, so the
/// size from `WebPGetFeatures` is checked against `PixelLimit` before anything is allocated.
enum WebPImage {
    struct Features {
        var width: Int
        var height: Int
        var hasAlpha: Bool
        var isAnimated: Bool
        /// VP8 (lossy) alone, without an alpha plane: libwebp decodes it a few rows at a time.
        var isLossyOpaque: Bool

        /// What a decode holds: the RGBA picture (turned into RGB where it lies), and for a
        /// lossless image or an alpha plane libwebp's own whole image of 32-bit pixels.
        var decodeBytes: Int { width * height * (isLossyOpaque ? 4 : 8) }
    }

    static func features(_ data: UnsafeRawBufferPointer) throws(CodecError) -> Features {
        guard let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw CodecError(format: .webp, message: "empty file")
        }
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeatures(base, data.count, &features)
        guard status == VP8_STATUS_OK else { throw error(status) }
        return Features(
            width: Int(features.width), height: Int(features.height), hasAlpha: features.has_alpha != 0,
            isAnimated: features.has_animation != 0, isLossyOpaque: features.format == 1 && features.has_alpha == 0)
    }

    /// The EXIF chunk (with or without a leading `Exif\0\0`: writers differ) as a bare TIFF
    /// structure, and the XMP chunk. A truncated file gives what comes before the cut.
    static func metadata(_ data: UnsafeRawBufferPointer) -> (exifTIFF: [UInt8]?, xmp: [UInt8]?) {
        let found = chunks(["EXIF", "XMP "], in: data)
        var exif = found[0]
        if let block = exif, block.starts(with: Array("Exif\0\0".utf8)) { exif = Array(block.dropFirst(6)) }
        return (exif, found[1])
    }

    /// The `ICCP` chunk's profile, nil when there is none.
    static func colour(_ data: UnsafeRawBufferPointer) -> ColourDescription? {
        chunks(["ICCP"], in: data)[0].map { .iccProfile($0) }
    }

    /// The first chunk of each of `fourccs`, through libwebp's demuxer (a truncated file gives
    /// what comes before the cut).
    private static func chunks(_ fourccs: [String], in data: UnsafeRawBufferPointer) -> [[UInt8]?] {
        let none = [[UInt8]?](repeating: nil, count: fourccs.count)
        guard let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return none }
        var input = WebPData(bytes: base, size: data.count)
        var state = WEBP_DEMUX_PARSING_HEADER
        guard let demuxer = WebPDemuxPartial(&input, &state) else { return none }
        defer { WebPDemuxDelete(demuxer) }
        return fourccs.map { fourcc in
            var iterator = WebPChunkIterator()
            guard WebPDemuxGetChunk(demuxer, fourcc, 1, &iterator) != 0 else { return nil }
            defer { WebPDemuxReleaseChunkIterator(&iterator) }
            guard let bytes = iterator.chunk.bytes, iterator.chunk.size > 0 else { return nil }
            return Array(UnsafeBufferPointer(start: bytes, count: iterator.chunk.size))
        }
    }

    /// An animation's frames, through the demuxer (a truncated file gives those before the
    /// cut and says so); nil for a still.
    static func frames(_ data: UnsafeRawBufferPointer) -> (count: Int, damage: String?)? {
        guard let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var input = WebPData(bytes: base, size: data.count)
        var state = WEBP_DEMUX_PARSING_HEADER
        guard let demuxer = WebPDemuxPartial(&input, &state) else { return nil }
        defer { WebPDemuxDelete(demuxer) }
        guard WebPDemuxGetI(demuxer, WEBP_FF_FORMAT_FLAGS) & UInt32(ANIMATION_FLAG.rawValue) != 0 else { return nil }
        let count = Int(WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT))
        return (count, state == WEBP_DEMUX_DONE ? nil : "truncated after \(count) frames")
    }

    /// What decoding an animation's first frame holds: libwebp's canvas and the previous
    /// one it keeps, the frame's own decode, and the RGB picture.
    static func animationDecodeBytes(_ features: Features) -> Int { features.width * features.height * 15 }

    /// The first frame of an animated WebP on its canvas as RGB, alpha on white, through
    /// libwebp's animation decoder (which composes it as a viewer shows it).
    static func decodeFirstFrame(
        _ data: UnsafeRawBufferPointer, features: Features, into storage: PixelStorage<UInt8>
    ) throws(CodecError) -> RGBImage {
        guard let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw CodecError(format: .webp, message: "empty file")
        }
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw CodecError(format: .webp, message: "libwebp version mismatch")
        }
        options.color_mode = MODE_rgbA
        options.use_threads = 0
        var input = WebPData(bytes: base, size: data.count)
        guard let decoder = WebPAnimDecoderNew(&input, &options) else {
            throw CodecError(format: .webp, message: "cannot read the animation")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
            Int(info.canvas_width) == features.width, Int(info.canvas_height) == features.height
        else { throw CodecError(format: .webp, message: "animation canvas does not match its header") }
        var canvas: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
            throw CodecError(format: .webp, message: "cannot decode the first frame")
        }
        let count = features.width * features.height
        let rgb = storage.reserve(count * 3)
        for index in 0..<count {
            let alpha = Int(canvas[index * 4 + 3])
            for channel in 0..<3 {
                rgb[index * 3 + channel] = UInt8(min(255, Int(canvas[index * 4 + channel]) + 255 - alpha))
            }
        }
        return RGBImage(pixels: rgb, width: features.width, height: features.height)
    }

    /// Decodes a still WebP into `storage` as RGB, alpha composited on white.
    static func decode(
        _ data: UnsafeRawBufferPointer, features: Features, into storage: PixelStorage<UInt8>
    ) throws(CodecError) -> RGBImage {
        guard !features.isAnimated else {
            throw CodecError(format: .webp, message: "animated WebP is not supported")
        }
        guard let base = data.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            throw CodecError(format: .webp, message: "empty file")
        }
        let width = features.width
        let height = features.height
        // Premultiplied RGBA, so that "on white" is c + 255 - a per channel; then RGB in the
        // same memory (each pixel's three bytes land at or before its four), so that the
        // picture costs four bytes a pixel rather than seven.
        let count = width * height * 4
        let rgba = storage.reserve(count)
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw CodecError(format: .webp, message: "libwebp version mismatch")
        }
        config.output.colorspace = MODE_rgbA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = rgba
        config.output.u.RGBA.stride = Int32(width * 4)
        config.output.u.RGBA.size = count
        let status = WebPDecode(base, data.count, &config)
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { throw error(status) }
        let image = RGBImage(pixels: rgba, width: width, height: height)
        for index in 0..<width * height {
            let alpha = Int(rgba[index * 4 + 3])
            for channel in 0..<3 {
                rgba[index * 3 + channel] = UInt8(min(255, Int(rgba[index * 4 + channel]) + 255 - alpha))
            }
        }
        return image
    }

    private static func error(_ status: VP8StatusCode) -> CodecError {
        let message =
            switch status {
            case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
            case VP8_STATUS_INVALID_PARAM: "invalid parameter"
            case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
            case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
            case VP8_STATUS_SUSPENDED: "suspended"
            case VP8_STATUS_USER_ABORT: "aborted"
            case VP8_STATUS_NOT_ENOUGH_DATA: "not enough data (truncated)"
            default: "error \(status.rawValue)"
            }
        return CodecError(format: .webp, message: message)
    }
}
