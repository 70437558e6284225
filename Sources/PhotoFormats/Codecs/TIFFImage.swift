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

    /// What a decode holds: libtiff's strip or tile buffer, and the RGBA raster (turned into
    /// RGB where it lies) of the whole page, or of one read's rows when the page is reduced
    /// as it is read (`reducedTo` in `decode`: the output's bytes are the caller's).
    /// Converted as it is read (`decode(converting:)`, a 16-bit RGB page): the output's RGB,
    /// and per read the 16-bit rows and, when reduced, their conversion.
    func decodeBytes(reduced: Bool, converted: Bool = false) -> Int {
        let chunk = Int(clamping: pltiff_read_buffer_bytes(file))
        guard converted else {
            let rasterRows = reduced ? rowsPerRead : height
            return width * rasterRows * 4 + chunk
        }
        return (reduced ? width * rowsPerRead * 3 : width * height * 3) + width * rowsPerRead * 6 + chunk
    }

    /// True for a page of 16-bit RGB (with or without alpha) in interleaved strips or tiles,
    /// which `decode(converting:)` reads at 16 bits; libtiff's RGBA reader gives 8.
    var isSixteenBitRGB: Bool { pltiff_is_rgb16(file) != 0 }

    /// Rows converted at a time: whole strips (or rows of tiles), about a megabyte of raster.
    private var rowsPerRead: Int {
        let unit = max(1, Int(pltiff_rows_per_read(file)))
        return min(height, unit * max(1, (1 << 20) / max(1, width * 4 * unit)))
    }

    /// The page as 8-bit RGB in stored orientation (8- and 16-bit, RGB, gray, palette, CMYK,
    /// YCbCr: libtiff converts), alpha on white, a strip or row of tiles at a time. Whole in
    /// `storage`, or, given `reducedTo` (a stored size) and a `reducer`, reduced to that size
    /// as the rows come (in `storage` too), so that only a few rows of the page are ever held.
    /// The caller checked the pixel limit and `decodeBytes` against its budget.
    ///
    /// `converting` (a transform of 16-bit RGB, for an `isSixteenBitRGB` page) reads the strips
    /// or tiles at 16 bits and converts each read's rows into 8-bit RGB in the renditions'
    /// colours before they are reduced or kept.
    func decode(
        into storage: PixelStorage<UInt8>, reducedTo target: (width: Int, height: Int)? = nil,
        reducer: RowReducer? = nil, rowStorage: PixelStorage<UInt8>? = nil, converting transform: ColourTransform? = nil
    ) throws(CodecError) -> RGBImage {
        if let transform, isSixteenBitRGB {
            return try decodeSixteen(
                into: storage, reducedTo: target, reducer: reducer, rowStorage: rowStorage ?? PixelStorage(),
                transform: transform)
        }
        guard pltiff_begin_rgba(file) == 0 else { throw failure }
        defer { pltiff_end_rgba(file) }
        let rowsPerRead = rowsPerRead
        if let target, let reducer, let rowStorage, (target.width, target.height) != (width, height) {
            let image = RGBImage(
                pixels: storage.reserve(RGBImage.byteCount(width: target.width, height: target.height)),
                width: target.width, height: target.height)
            reducer.begin(inputWidth: width, inputHeight: height, output: image)
            let raster = rowStorage.reserve(width * rowsPerRead * 4)
            for row in stride(from: 0, to: height, by: rowsPerRead) {
                let rows = min(rowsPerRead, height - row)
                try read(rows: row..<row + rows, into: raster)
                reducer.push(rows: raster, count: rows, stride: width * 3)
            }
            return image
        }
        // Each read lands where its rows lie in a raster of the whole page, and is turned into
        // RGB at their place in the RGB picture, which starts at the same address and ends first.
        let raster = storage.reserve(width * height * 4)
        for row in stride(from: 0, to: height, by: rowsPerRead) {
            let rows = min(rowsPerRead, height - row)
            let pixels = raster + row * width * 4
            try read(rows: row..<row + rows, into: pixels)
            if row > 0 { (raster + row * width * 3).update(from: pixels, count: rows * width * 3) }
        }
        return RGBImage(pixels: raster, width: width, height: height)
    }

    /// `decode(converting:)` of a 16-bit RGB page: each read's rows at 16 bits in `rowStorage`,
    /// converted into their place in the output, or into `rowStorage` too and from there into
    /// the reducer.
    private func decodeSixteen(
        into storage: PixelStorage<UInt8>, reducedTo target: (width: Int, height: Int)?, reducer: RowReducer?,
        rowStorage: PixelStorage<UInt8>, transform: ColourTransform
    ) throws(CodecError) -> RGBImage {
        let rowsPerRead = rowsPerRead
        let sixteenBytes = width * rowsPerRead * 6
        if let target, let reducer, (target.width, target.height) != (width, height) {
            let image = RGBImage(
                pixels: storage.reserve(RGBImage.byteCount(width: target.width, height: target.height)),
                width: target.width, height: target.height)
            reducer.begin(inputWidth: width, inputHeight: height, output: image)
            let sixteen = rowStorage.reserve(sixteenBytes + width * rowsPerRead * 3)
            let converted = sixteen + sixteenBytes
            for row in stride(from: 0, to: height, by: rowsPerRead) {
                let rows = min(rowsPerRead, height - row)
                try readSixteen(rows: row..<row + rows, into: sixteen)
                transform.apply(
                    sixteen, sourceStride: width * 6, to: converted, targetStride: width * 3, width: width, rows: rows)
                reducer.push(rows: converted, count: rows, stride: width * 3)
            }
            return image
        }
        let image = RGBImage(
            pixels: storage.reserve(RGBImage.byteCount(width: width, height: height)), width: width, height: height)
        let sixteen = rowStorage.reserve(sixteenBytes)
        for row in stride(from: 0, to: height, by: rowsPerRead) {
            let rows = min(rowsPerRead, height - row)
            try readSixteen(rows: row..<row + rows, into: sixteen)
            transform.apply(
                sixteen, sourceStride: width * 6, to: image.row(row), targetStride: image.stride, width: width,
                rows: rows)
        }
        return image
    }

    /// `rows` of a 16-bit RGB page into `pixels` (room for six bytes a pixel), alpha on white.
    private func readSixteen(rows: Range<Int>, into pixels: UnsafeMutablePointer<UInt8>) throws(CodecError) {
        let status = pixels.withMemoryRebound(to: UInt16.self, capacity: width * rows.count * 3) {
            pltiff_read_rgb16_rows(file, $0, UInt32(rows.lowerBound), UInt32(rows.count))
        }
        guard status == 0 else { throw failure }
    }

    /// `rows` of the page into `pixels` (room for their RGBA), turned there into RGB rows
    /// packed from `pixels` on: each pixel's three bytes land at or before its four.
    private func read(rows: Range<Int>, into pixels: UnsafeMutablePointer<UInt8>) throws(CodecError) {
        let status = pixels.withMemoryRebound(to: UInt32.self, capacity: width * rows.count) {
            pltiff_read_rgba_rows(file, $0, UInt32(rows.lowerBound), UInt32(rows.count))
        }
        guard status == 0 else { throw failure }
        for index in 0..<width * rows.count {
            let alpha = Int(pixels[index * 4 + 3])
            // libtiff gives premultiplied (associated) values: on white is c + 255 - a.
            for channel in 0..<3 {
                pixels[index * 3 + channel] = UInt8(min(255, Int(pixels[index * 4 + channel]) + 255 - alpha))
            }
        }
    }

    private var failure: CodecError {
        CodecError(format: .tiff, message: pltiff_message(file).map { String(cString: $0) } ?? "cannot decode")
    }
}
