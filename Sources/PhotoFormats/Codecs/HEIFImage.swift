import CHeif
import PhotoSupport

/// One HEIF/AVIF file parsed by libheif, and its primary image: owns the context and the
/// handle, and the bytes libheif borrows, and frees them in `deinit`.
///
/// libheif applies the `irot`, `imir` and `clap` transforms when it decodes (iPhone files
/// carry EXIF orientation 6 and `irot` 270° alike), so what `decode` returns is upright: EXIF
/// orientation is metadata only, applying it too would turn the picture twice.
final class HEIFImage {
    private let context: OpaquePointer
    private let handle: OpaquePointer
    /// Borrowed by libheif (`read_from_memory_without_copy`): kept alive with the context.
    private let bytes: [UInt8]

    /// Displayed size (after `irot`), known without decoding.
    let width: Int
    let height: Int
    /// Stored size (`ispe`): what exiftool calls ImageWidth and ImageHeight.
    let storedWidth: Int
    let storedHeight: Int
    let mimeType: String

    /// libheif's own per-side limit: a backstop far above any camera; `PixelLimit` is checked
    /// on the primary image before anything is decoded.
    private static let maximumSide: UInt32 = 32768

    init(bytes: [UInt8]) throws(CodecError) {
        // libheif is opened with the first HEIF file (CHeif), not with every process.
        if let failure = photolib_libheif_load() { throw CodecError(format: .heif, message: String(cString: failure)) }
        guard let context = heif_context_alloc() else { throw CodecError(format: .heif, message: "out of memory") }
        heif_context_set_maximum_image_size_limit(context, Int32(Self.maximumSide))
        // Two decoding threads: the machine's workers run side by side already.
        heif_context_set_max_decoding_threads(context, 2)
        let error = bytes.withUnsafeBytes {
            heif_context_read_from_memory_without_copy(context, $0.baseAddress, $0.count, nil)
        }
        if let failure = CodecError(heif: error) {
            heif_context_free(context)
            throw failure
        }
        var handle: OpaquePointer?
        let primary = heif_context_get_primary_image_handle(context, &handle)
        guard let handle else {
            heif_context_free(context)
            throw CodecError(heif: primary) ?? CodecError(format: .heif, message: "no primary image")
        }
        self.context = context
        self.handle = handle
        self.bytes = bytes
        width = Int(heif_image_handle_get_width(handle))
        height = Int(heif_image_handle_get_height(handle))
        storedWidth = Int(heif_image_handle_get_ispe_width(handle))
        storedHeight = Int(heif_image_handle_get_ispe_height(handle))
        mimeType = bytes.withUnsafeBytes { Self.mimeType(head: $0) }
    }

    /// The MIME type libheif gives the file from its `ftyp` box (`image/heic`, `image/avif`…).
    static func mimeType(head: UnsafeRawBufferPointer) -> String {
        guard let base = head.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let name = heif_get_file_mime_type(base, Int32(min(head.count, 64)))
        else { return "image/heif" }
        let text = String(cString: name)
        return text.isEmpty ? "image/heif" : text
    }

    deinit {
        heif_image_handle_release(handle)
        heif_context_free(context)
    }

    /// The EXIF block as a JPEG APP1 payload (`Exif\0\0` and the TIFF structure), or nil.
    /// libheif's block starts with a 4-byte offset to the TIFF header: 6 in Apple's files
    /// (which repeat "Exif\0\0" there), 0 in libheif's own.
    func exifPayload() -> [UInt8]? {
        metadataBlocks(type: "Exif").first.flatMap(Self.exifPayload(item:))
    }

    /// The payload of an `Exif` item's data as stored (see `exifPayload()`).
    static func exifPayload(item block: [UInt8]) -> [UInt8]? {
        guard block.count >= 4 else { return nil }
        let skip = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
        guard skip >= 0, skip < block.count - 4 else { return nil }
        return Array("Exif\0\0".utf8) + block[(4 + skip)...]
    }

    /// The XMP packet, or nil.
    func xmpPacket() -> [UInt8]? {
        metadataBlocks(type: "mime", contentType: "application/rdf+xml").first
    }

    private func metadataBlocks(type: String, contentType: String? = nil) -> [[UInt8]] {
        let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, type))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let found = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, type, &ids, Int32(count)))
        return ids.prefix(found).compactMap { id in
            if let contentType {
                guard let actual = heif_image_handle_get_metadata_content_type(handle, id),
                    String(cString: actual) == contentType
                else { return nil }
            }
            let size = heif_image_handle_get_metadata_size(handle, id)
            guard size > 0, size < 64 << 20 else { return nil }
            var block = [UInt8](repeating: 0, count: size)
            let error = block.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
            return error.code == heif_error_Ok ? block : nil
        }
    }

    /// Decodes the primary image, transforms applied, into `storage` as 8-bit RGB: whole, or
    /// given a `reduction` (the size wanted for a decoded size) and a `reducer`, reduced to that
    /// size straight from libheif's picture, without a full-size copy of it. The caller has
    /// checked the size against its pixel limit and `decodeBytes` against its budget.
    func decode(
        into storage: PixelStorage<UInt8>, reduction: Reduction? = nil, reducer: RowReducer? = nil
    ) throws(CodecError) -> RGBImage {
        try Self.decode(handle, into: storage, reduction: reduction, reducer: reducer)
    }

    /// The size a picture decoded at `width` x `height` is wanted at.
    typealias Reduction = (_ width: Int, _ height: Int) -> (width: Int, height: Int)

    /// What decoding the primary image holds at once, from its claimed size (a grid's, for a
    /// grid of tiles) before anything is decoded.
    var decodeBytes: Int { Self.decodeBytes(handle) }

    /// The bytes a decode of `handle` holds at its peak: the decoder's planes (4:4:4 at worst,
    /// two bytes a sample past 8 bits), libheif's interleaved RGB converted from them, and
    /// photolib's copy of it, plus an alpha plane.
    static func decodeBytes(_ handle: OpaquePointer) -> Int {
        decodeBytes(
            handle, pixels: Int(heif_image_handle_get_width(handle)) * Int(heif_image_handle_get_height(handle)))
    }

    /// What a decode of `pixels` in the primary image's depth and alpha holds (a grid's
    /// output or tiles, `HEIFBoxes.grid`).
    func decodeBytes(pixels: Int) -> Int { Self.decodeBytes(handle, pixels: pixels) }

    private static func decodeBytes(_ handle: OpaquePointer, pixels: Int) -> Int {
        let planes = heif_image_handle_get_luma_bits_per_pixel(handle) > 8 ? 6 : 3
        let alpha = heif_image_handle_has_alpha_channel(handle) != 0 ? 2 : 0
        return pixels.multipliedReportingOverflow(by: planes + 3 + 3 + alpha).overflow
            ? Int.max : pixels * (planes + 3 + 3 + alpha)
    }

    /// The smallest embedded thumbnail (phones write one of 320 pixels or so) whose long side
    /// is at least `minimumSide`, so that a small rendition need not decode the whole primary
    /// image; nil when there is none that big.
    func thumbnail(minimumSide: Int) -> Thumbnail? {
        let count = Int(heif_image_handle_get_number_of_thumbnails(handle))
        guard count > 0, count < 64 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        let found = Int(heif_image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(count)))
        var best: Thumbnail?
        for id in ids.prefix(found) {
            var thumbnail: OpaquePointer?
            guard heif_image_handle_get_thumbnail(handle, id, &thumbnail).code == heif_error_Ok, let thumbnail else {
                continue
            }
            let candidate = Thumbnail(handle: thumbnail)
            // Never bigger than the primary image: a thumbnail that claims more is not one.
            if candidate.side >= minimumSide, candidate.side <= max(width, height),
                candidate.side < best?.side ?? .max
            {
                best = candidate
            }
        }
        return best
    }

    /// An embedded thumbnail's handle, released in `deinit`.
    final class Thumbnail {
        private let handle: OpaquePointer
        let width: Int
        let height: Int
        var side: Int { max(width, height) }

        init(handle: OpaquePointer) {
            self.handle = handle
            width = Int(heif_image_handle_get_width(handle))
            height = Int(heif_image_handle_get_height(handle))
        }

        deinit { heif_image_handle_release(handle) }

        var decodeBytes: Int { HEIFImage.decodeBytes(handle) }

        /// Decodes the thumbnail, transforms applied, into `storage` as 8-bit RGB.
        func decode(into storage: PixelStorage<UInt8>) throws(CodecError) -> RGBImage {
            try HEIFImage.decode(handle, into: storage)
        }
    }

    private static func decode(
        _ handle: OpaquePointer, into storage: PixelStorage<UInt8>, reduction: Reduction? = nil,
        reducer: RowReducer? = nil
    ) throws(CodecError)
        -> RGBImage
    {
        guard let options = heif_decoding_options_alloc() else {
            throw CodecError(format: .heif, message: "out of memory")
        }
        defer { heif_decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = 1
        var decoded: OpaquePointer?
        let error = heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGB, options)
        if let failure = CodecError(heif: error) {
            if let decoded { heif_image_release(decoded) }
            throw failure
        }
        guard let decoded else { throw CodecError(format: .heif, message: "no image decoded") }
        defer { heif_image_release(decoded) }
        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0,
            let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride)
        else { throw CodecError(format: .heif, message: "decoded image has no RGB plane") }
        if let target = reduction?(width, height), let reducer, (target.width, target.height) != (width, height) {
            let image = RGBImage(
                pixels: storage.reserve(RGBImage.byteCount(width: target.width, height: target.height)),
                width: target.width, height: target.height)
            reducer.begin(inputWidth: width, inputHeight: height, output: image)
            reducer.push(rows: plane, count: height, stride: Int(stride))
            return image
        }
        let image = RGBImage(
            pixels: storage.reserve(RGBImage.byteCount(width: width, height: height)), width: width, height: height)
        for y in 0..<height {
            image.row(y).update(from: plane + y * Int(stride), count: width * 3)
        }
        return image
    }
}

extension CodecError {
    /// libheif's error as a `CodecError`, nil when it is `heif_error_Ok`.
    init?(heif error: heif_error) {
        guard error.code != heif_error_Ok else { return nil }
        let message = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
        self.init(format: .heif, message: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
