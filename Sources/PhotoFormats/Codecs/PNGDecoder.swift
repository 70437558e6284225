import CPNG
import PhotoSupport

/// libpng reading one PNG held in memory; owns the reader and frees it in `deinit`.
final class PNGDecoder {
    private let reader: OpaquePointer
    private let bytes: UnsafeRawBufferPointer
    let width: Int
    let height: Int

    /// Reads the header of the PNG in `bytes` (borrowed until the decoder goes) and refuses an
    /// image over `limit` before libpng allocates anything for its rows (`decodeBytes` says
    /// what its decode would hold, for the caller's budget).
    init(bytes: UnsafeRawBufferPointer, limit: PixelLimit, path: RawPath) throws {
        // libpng's own per-side limit backs ours; ancillary chunks stop at 8 MB.
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let reader = plpng_open(base, bytes.count, 1 << 20, 1 << 20, 8 << 20)
        else { throw CodecError(format: .png, message: bytes.isEmpty ? "empty file" : "out of memory") }
        self.reader = reader
        self.bytes = bytes
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard plpng_read_header(reader, &width, &height) == 0 else {
            let message = plpng_message(reader).map { String(cString: $0) } ?? "bad header"
            // `width` and `height` are not set yet, so a throw here does not run `deinit`:
            // the reader is freed by hand (the fuzzer's leak checker found it).
            plpng_close(reader)
            throw CodecError(format: .png, message: message)
        }
        self.width = Int(width)
        self.height = Int(height)
        try limit.check(width: self.width, height: self.height, path: path)
    }

    /// What the decode holds: the RGB picture and libpng's rows (all of them, as RGBA, for an
    /// interlaced file), at 16 bits when `sixteen` (`decode(into:converting:)`).
    func decodeBytes(sixteen: Bool = false) -> Int {
        RGBImage.byteCount(width: width, height: height) + plpng_decode_buffer_bytes(reader, sixteen ? 1 : 0)
    }

    /// True when the file's samples are 16 bits, which `decode(into:converting:)` keeps.
    var isSixteenBit: Bool { plpng_bit_depth(reader) == 16 }

    deinit { plpng_close(reader) }

    /// Decodes every row into `storage` (alpha on white). A file that breaks off part-way
    /// gives the rows before the break and the reason; none at all is an error.
    func decode(into storage: PixelStorage<UInt8>) throws(CodecError) -> (image: RGBImage, damage: String?) {
        let count = RGBImage.byteCount(width: width, height: height)
        let image = RGBImage(pixels: storage.reserve(count), width: width, height: height)
        var failed: Int32 = 0
        let rows = Int(plpng_decode_rgb(reader, image.pixels, count, &failed))
        guard failed != 0 else { return (image, nil) }
        let message = plpng_message(reader).map { String(cString: $0) } ?? "decoding stopped"
        guard rows > 0 else { throw CodecError(format: .png, message: message) }
        // Rows never decoded are mid-gray, as libjpeg fills a cut JPEG.
        (image.pixels + rows * image.stride).update(repeating: 128, count: (height - rows) * image.stride)
        return (image, message)
    }

    /// Decodes a 16-bit image (`isSixteenBit`) as `decode(into:)` does, but each row goes
    /// through `transform` (16-bit RGB input) at 16 bits, into 8-bit RGB in the renditions'
    /// colours: a wide-gamut photo's shadows keep the steps that 8 bits before the conversion
    /// would lose.
    func decode(
        into storage: PixelStorage<UInt8>, converting transform: ColourTransform
    ) throws(CodecError) -> (image: RGBImage, damage: String?) {
        let image = RGBImage(
            pixels: storage.reserve(RGBImage.byteCount(width: width, height: height)), width: width, height: height)
        let sink = RowSink(image: image, transform: transform)
        var failed: Int32 = 0
        let rows = Int(
            plpng_decode_rgb16(
                reader,
                { context, rgb, row in
                    guard let context, let rgb else { return }
                    let sink = Unmanaged<RowSink>.fromOpaque(context).takeUnretainedValue()
                    sink.transform.apply(
                        UnsafeRawPointer(rgb).assumingMemoryBound(to: UInt8.self), sourceStride: sink.image.width * 6,
                        to: sink.image.row(Int(row)), targetStride: sink.image.stride, width: sink.image.width, rows: 1)
                }, Unmanaged.passUnretained(sink).toOpaque(), &failed))
        withExtendedLifetime(sink) {}
        guard failed != 0 else { return (image, nil) }
        let message = plpng_message(reader).map { String(cString: $0) } ?? "decoding stopped"
        guard rows > 0 else { throw CodecError(format: .png, message: message) }
        (image.pixels + rows * image.stride).update(repeating: 128, count: (height - rows) * image.stride)
        return (image, message)
    }

    /// What the C callback of a 16-bit decode reaches through its context pointer.
    private final class RowSink {
        let image: RGBImage
        let transform: ColourTransform
        init(image: RGBImage, transform: ColourTransform) {
            self.image = image
            self.transform = transform
        }
    }
}
