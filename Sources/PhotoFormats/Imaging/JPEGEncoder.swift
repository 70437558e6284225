import CJPEG
import PhotoSupport

/// The classic libjpeg compressor, reused for every rendition a worker writes.
///
/// Owns one `pljpeg_encoder` (a `jpeg_compress_struct`, its error manager and an output
/// buffer that grows to the largest rendition), freed in `deinit`.
package final class JPEGEncoder {
    private let handle: OpaquePointer

    package init(path: RawPath) throws {
        guard let handle = pljpeg_encoder_create() else { throw ImagingError(path: path, reason: .outOfMemory) }
        self.handle = handle
    }

    deinit {
        pljpeg_encoder_destroy(handle)
    }

    /// Compresses `image` (4:2:0, baseline, `quality`) with `iccProfile` embedded and
    /// `comment` as a COM marker, and hands the JPEG bytes to `body`; they are only valid
    /// during the call. `path` names the rendition in errors.
    package func encode<Result>(
        _ image: RGBImage, quality: Int, iccProfile: [UInt8]?, comment: String? = nil, path: RawPath,
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        var output: UnsafePointer<UInt8>?
        var size = 0
        let quality = Int32(min(max(quality, 1), 100))
        let status = (iccProfile ?? []).withUnsafeBufferPointer { profile in
            (comment ?? "").withCString { text in
                pljpeg_encoder_encode(
                    handle, image.pixels, UInt32(image.width), UInt32(image.height), image.stride,
                    quality, profile.baseAddress, UInt32(profile.count), text, &output, &size)
            }
        }
        guard status == PLJPEG_OK, let output else {
            let message = String(cString: pljpeg_encoder_error_message(handle))
            throw ImagingError(path: path, reason: .encodingFailed(message.isEmpty ? "unknown libjpeg error" : message))
        }
        return try body(UnsafeRawBufferPointer(start: output, count: size))
    }
}
