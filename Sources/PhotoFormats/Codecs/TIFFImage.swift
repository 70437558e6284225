import CTIFF
import Foundation

/// One TIFF in memory opened by libtiff at its first full-resolution page; owns the handle
/// and frees it in `deinit`. The bytes are borrowed: they must outlive the image.
final class TIFFImage {
    private let file: OpaquePointer
    let width: Int
    let height: Int
    /// The page's own Orientation tag, 1...8.
    let orientation: Int

    /// No single libtiff allocation beyond this (strips, tiles, tag arrays).
    private static let maximumAllocation = 512 << 20

    init(bytes: UnsafeRawBufferPointer) throws(CodecError) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count >= 8 else {
            throw CodecError(format: .tiff, message: "file too short")
        }
        var message = [CChar](repeating: 0, count: 200)
        guard let file = pltiff_open(base, bytes.count, Self.maximumAllocation, &message, message.count) else {
            throw CodecError(
                format: .tiff,
                message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.file = file
        guard pltiff_select_full_page(file) == 0 else {
            pltiff_close(file)
            throw CodecError(format: .tiff, message: "no readable directory")
        }
        var width: UInt32 = 0
        var height: UInt32 = 0
        pltiff_size(file, &width, &height)
        self.width = Int(width)
        self.height = Int(height)
        orientation = Int(pltiff_orientation(file))
        // Every stored property is set: a throw from here on runs `deinit`, which closes the file.
        guard width > 0, height > 0 else { throw CodecError(format: .tiff, message: "image has no size") }
    }

    deinit { pltiff_close(file) }

    /// IFD0's Make (271), Model (272), ImageDescription (270)…
    func string(tag: UInt32) -> String? {
        guard let value = pltiff_string(file, tag) else { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(start: value, count: strlen(value)), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// The page's ICC profile (tag 34675) when its pixels are RGB or gray, else nil.
    var colour: ColourDescription? {
        var data: UnsafePointer<UInt8>?
        let count = pltiff_icc_profile(file, &data)
        guard count > 0, let data else { return nil }
        return .iccProfile(Array(UnsafeBufferPointer(start: data, count: Int(count))))
    }

    /// What a decode holds: the RGBA raster (turned into RGB where it lies) and libtiff's
    /// strip or tile buffer.
    var decodeBytes: Int { width * height * 4 + Int(clamping: pltiff_read_buffer_bytes(file)) }

    /// The page as 8-bit RGB in stored orientation (8- and 16-bit, RGB, gray, palette, CMYK,
    /// YCbCr: libtiff converts), alpha on white. The caller checked the pixel limit and
    /// `decodeBytes` against its budget.
    func decode(into storage: PixelStorage<UInt8>) throws(CodecError) -> RGBImage {
        let count = width * height
        let bytes = storage.reserve(count * 4)
        let status = bytes.withMemoryRebound(to: UInt32.self, capacity: count) {
            pltiff_read_rgba(file, $0, UInt32(width), UInt32(height))
        }
        guard status == 0 else {
            throw CodecError(
                format: .tiff, message: pltiff_message(file).map { String(cString: $0) } ?? "cannot decode")
        }
        // RGB in the raster's own memory: each pixel's three bytes land at or before its four.
        for index in 0..<count {
            let alpha = Int(bytes[index * 4 + 3])
            // libtiff gives premultiplied (associated) values: on white is c + 255 - a.
            for channel in 0..<3 {
                bytes[index * 3 + channel] = UInt8(min(255, Int(bytes[index * 4 + channel]) + 255 - alpha))
            }
        }
        return RGBImage(pixels: bytes, width: width, height: height)
    }
}
