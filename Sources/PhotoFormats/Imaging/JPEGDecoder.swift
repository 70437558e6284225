import CJPEG
import PhotoSupport

/// How a JPEG stores colour, as far as renditions care.
enum JPEGColorModel: Sendable, Equatable {
    case gray, ycbcr, cmyk, ycck, other

    /// True for four-channel ink images, which decode to C, M, Y, K bytes.
    var isInk: Bool { self == .cmyk || self == .ycck }
}

/// What a JPEG's frame header says, known before any pixel memory is allocated.
package struct JPEGHeader: Sendable, Equatable {
    package var width: Int
    package var height: Int
    var components: Int
    var colorModel: JPEGColorModel
    /// An Adobe APP14 marker was present: its CMYK values are stored inverted.
    var hasAdobeMarker: Bool
    var isProgressive: Bool
}

/// The classic libjpeg decompressor, reused for one image after another.
///
/// Owns one `pljpeg_decoder` (a `jpeg_decompress_struct` and its setjmp error manager),
/// freed in `deinit`. libjpeg's fatal errors come back as thrown `ImagingError`s; its
/// corrupt-data warnings are counted and the first one kept, as `damage`.
final class JPEGDecoder {
    private let handle: OpaquePointer

    init(path: RawPath) throws {
        guard let handle = pljpeg_decoder_create() else { throw ImagingError(path: path, reason: .outOfMemory) }
        self.handle = handle
    }

    deinit {
        pljpeg_decoder_destroy(handle)
    }

    /// Starts on a new image held in `data` (which must outlive the decode) and reads its header.
    func readHeader(_ data: UnsafeRawBufferPointer, path: RawPath) throws -> JPEGHeader {
        var header = pljpeg_header()
        let bytes = data.baseAddress?.assumingMemoryBound(to: UInt8.self)
        guard pljpeg_decoder_read_header(handle, bytes, data.count, &header) == PLJPEG_OK else {
            throw ImagingError(path: path, reason: .undecodable(errorMessage))
        }
        let model: JPEGColorModel =
            switch header.model {
            case PLJPEG_MODEL_GRAY: .gray
            case PLJPEG_MODEL_YCBCR: .ycbcr
            case PLJPEG_MODEL_CMYK: .cmyk
            case PLJPEG_MODEL_YCCK: .ycck
            default: .other
            }
        return JPEGHeader(
            width: Int(header.width), height: Int(header.height), components: Int(header.components),
            colorModel: model, hasAdobeMarker: header.has_adobe_marker != 0,
            isProgressive: header.progressive != 0)
    }

    /// The image's ICC profile, its APP2 chunks joined; nil when absent or incomplete.
    func iccProfile() -> [UInt8]? {
        var data: UnsafeMutablePointer<UInt8>?
        var length: UInt32 = 0
        guard pljpeg_decoder_copy_icc_profile(handle, &data, &length) == PLJPEG_OK, let data else { return nil }
        defer { pljpeg_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: Int(length)))
    }

    /// Bytes of the full-size coefficient buffer libjpeg allocates when a progressive (or other
    /// multi-scan) image starts decoding; 0 for single-scan images.
    var wholeImageBufferBytes: Int { pljpeg_decoder_whole_image_bytes(handle) }

    /// Bytes of the whole image's DCT coefficients, single-scan or not: what a lossless
    /// transform reads the image into.
    var coefficientBytes: Int { pljpeg_decoder_coefficient_bytes(handle) }

    /// Bounds the scans a multi-scan image may have by the work they take (see `PixelLimit.scanBudget`).
    func setScanBudget(_ bytes: Int) { pljpeg_decoder_set_scan_budget(handle, bytes) }

    /// Begins decoding at 1/`scaleDenominator` size and returns the size rows will have.
    func start(scaleDenominator: Int, path: RawPath) throws -> (width: Int, height: Int) {
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard pljpeg_decoder_start(handle, UInt32(scaleDenominator), &width, &height) == PLJPEG_OK else {
            throw ImagingError(path: path, reason: .undecodable(errorMessage))
        }
        return (Int(width), Int(height))
    }

    /// Decodes up to `maxRows` rows. When libjpeg gives up part-way, the rows it finished are
    /// counted and its message returned; the image must then be aborted.
    func readRows(into rows: UnsafeMutablePointer<UInt8>, stride: Int, maxRows: Int) -> (count: Int, failure: String?) {
        var count: UInt32 = 0
        let status = pljpeg_decoder_read_rows(handle, rows, stride, UInt32(maxRows), &count)
        return (Int(count), status == PLJPEG_OK ? nil : errorMessage)
    }

    /// Ends an image whose rows were all read; returns libjpeg's message if that failed.
    func finish() -> String? {
        pljpeg_decoder_finish(handle) == PLJPEG_OK ? nil : errorMessage
    }

    /// Drops the current image.
    func abort() {
        pljpeg_decoder_abort(handle)
    }

    /// Corrupt-data warnings of the current image.
    var warningCount: Int { pljpeg_decoder_warning_count(handle) }

    /// The first warning's text, nil when there was none.
    var firstWarning: String? {
        let text = String(cString: pljpeg_decoder_first_warning(handle))
        return text.isEmpty ? nil : text
    }

    private var errorMessage: String {
        let text = String(cString: pljpeg_decoder_error_message(handle))
        return text.isEmpty ? "unknown libjpeg error" : text
    }
}
