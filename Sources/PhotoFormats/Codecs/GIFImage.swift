import CGIF

/// One GIF in memory opened with giflib; owns the handle and frees it in `deinit`. The
/// bytes are borrowed: they must outlive the image. A handle reads the file once, front to
/// back (giflib has no seek): one for the size and frame count, another for a decode.
final class GIFImage {
    private let file: OpaquePointer
    /// The logical screen, which every frame is placed on: exiftool's ImageWidth/ImageHeight.
    let width: Int
    let height: Int

    /// Frames counted past this are not walked: a GIF of more is not a photo, and the walk
    /// stays bounded by the file's size anyway.
    static let maximumFrames: Int32 = 100_000

    init(bytes: UnsafeRawBufferPointer) throws(CodecError) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count >= 13 else {
            throw CodecError(format: .gif, message: "file too short")
        }
        var error: Int32 = 0
        guard let file = plgif_open(base, bytes.count, &error) else { throw Self.error(error) }
        self.file = file
        var width: Int32 = 0
        var height: Int32 = 0
        plgif_screen(file, &width, &height)
        self.width = Int(width)
        self.height = Int(height)
        // Every stored property is set: a throw from here on runs `deinit`.
        guard width > 0, height > 0 else { throw CodecError(format: .gif, message: "image has no size") }
    }

    deinit { plgif_close(file) }

    /// The frames, counted without decoding any; a file cut part-way gives those before the
    /// cut and the reason (no frame at all is an error).
    func countFrames() throws(CodecError) -> (frames: Int, damage: String?) {
        var frames: Int32 = 0
        let status = plgif_read(file, nil, 0, 0, Self.maximumFrames, &frames)
        return try Self.outcome(status, frames: frames)
    }

    /// What a decode holds: the RGB canvas and one row of indices.
    var decodeBytes: Int { RGBImage.byteCount(width: width, height: height) + 65_536 }

    /// The first frame on a white canvas of the screen's size (its transparent colour white,
    /// as the other decoders put alpha on white), and the frame count. The caller checked the
    /// pixel limit and `decodeBytes`; a first frame larger than the screen is refused by the
    /// same pixel count before giflib decodes it.
    func decodeFirstFrame(
        into storage: PixelStorage<UInt8>, maximumFramePixels: Int
    ) throws(CodecError) -> (image: RGBImage, frames: Int, damage: String?) {
        let count = RGBImage.byteCount(width: width, height: height)
        let image = RGBImage(pixels: storage.reserve(count), width: width, height: height)
        var frames: Int32 = 0
        let status = plgif_read(file, image.pixels, count, Int64(maximumFramePixels), Self.maximumFrames, &frames)
        let (counted, damage) = try Self.outcome(status, frames: frames)
        return (image, counted, damage)
    }

    private static func outcome(_ status: Int32, frames: Int32) throws(CodecError) -> (Int, String?) {
        guard status != 0 else {
            guard frames > 0 else { throw CodecError(format: .gif, message: "no image in the file") }
            return (Int(frames), nil)
        }
        let reason = error(status).message
        guard frames > 0 else { throw CodecError(format: .gif, message: reason) }
        return (Int(frames), "\(reason) after \(frames) frame\(frames == 1 ? "" : "s")")
    }

    private static func error(_ code: Int32) -> CodecError {
        let text = String(cString: plgif_error_text(code))
        // giflib's "Failed to read from given file" is a file that ends too soon, from memory.
        let message = code == 102 || code == 113 ? "truncated (\(text))" : text
        return CodecError(format: .gif, message: message)
    }
}
