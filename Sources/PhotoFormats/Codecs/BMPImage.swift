/// A Windows bitmap read by photolib itself: small enough not to need a library, and
/// bounded by what its header claims, checked against the file before any pixel memory is
/// allocated. BITMAPINFOHEADER and its V2-V5 extensions; 1-, 4-, 8-bit palettes, 16-, 24-
/// and 32-bit pixels, uncompressed or with bit fields; RLE8 and RLE4; rows bottom-up or
/// top-down. The embedded JPEG/PNG of printer bitmaps are refused by name.
struct BMPImage {
    let width: Int
    let height: Int
    /// Rows stored top row first (a negative height in the header).
    let topDown: Bool
    let bitsPerPixel: Int
    let pixelOffset: Int
    let stride: Int
    /// BGR triples of a palette format.
    let palette: [(blue: UInt8, green: UInt8, red: UInt8)]
    /// Red, green, blue and alpha masks of a 16- or 32-bit format (alpha 0: none).
    let masks: [UInt32]
    /// Run-length encoded (RLE8 or RLE4, by `bitsPerPixel`).
    let isRLE: Bool

    /// The info header sizes of BITMAPINFOHEADER (40), the V2/V3 (52, 56) Adobe forms, V4 and V5.
    static let headerSizes: Set<UInt32> = [40, 52, 56, 108, 124]

    init(bytes data: UnsafeRawBufferPointer) throws(CodecError) {
        let bytes = ByteWindow(data)
        func fail(_ message: String) -> CodecError { CodecError(format: .bmp, message: message) }
        guard bytes.ascii("BM"), let headerSize = bytes.uint32(at: 14, bigEndian: false),
            let offset = bytes.uint32(at: 10, bigEndian: false)
        else { throw fail("file too short") }
        if headerSize == 12 || headerSize == 64 { throw fail("OS/2 bitmaps are not read") }
        guard Self.headerSizes.contains(headerSize), 14 + Int(headerSize) <= bytes.count,
            let rawWidth = bytes.uint32(at: 18, bigEndian: false),
            let rawHeight = bytes.uint32(at: 22, bigEndian: false),
            let depth = bytes.uint16(at: 28, bigEndian: false),
            let compression = bytes.uint32(at: 30, bigEndian: false),
            let colours = bytes.uint32(at: 46, bigEndian: false)
        else { throw fail("bad header") }
        let signedWidth = Int(Int32(bitPattern: rawWidth))
        let signedHeight = Int(Int32(bitPattern: rawHeight))
        guard signedWidth > 0, signedHeight != 0, signedHeight != Int(Int32.min) else {
            throw fail("image has no size (\(signedWidth)x\(signedHeight))")
        }
        width = signedWidth
        height = abs(signedHeight)
        topDown = signedHeight < 0
        bitsPerPixel = Int(depth)
        isRLE = compression == 1 || compression == 2
        switch compression {
        case 0, 3, 6: break
        case 1 where bitsPerPixel == 8, 2 where bitsPerPixel == 4:
            if topDown { throw fail("RLE bitmap stored top-down") }
        case 1, 2: throw fail("RLE\(compression == 1 ? 8 : 4) on \(bitsPerPixel)-bit pixels")
        case 4, 5: throw fail("bitmaps holding a JPEG or PNG are not read")
        default: throw fail("unknown compression \(compression)")
        }
        guard [1, 4, 8, 16, 24, 32].contains(bitsPerPixel) else {
            throw fail("\(bitsPerPixel)-bit pixels are not read")
        }
        if !isRLE && compression != 0 && bitsPerPixel != 16 && bitsPerPixel != 32 {
            throw fail("bit fields on \(bitsPerPixel)-bit pixels")
        }
        // Rows are padded to 4 bytes; the arithmetic cannot overflow: width < 2^31, depth <= 32.
        stride = (width * bitsPerPixel + 31) / 32 * 4
        pixelOffset = Int(offset)
        // Every row must be in the file (the last row's padding may be cut), before anything is allocated.
        let (rowsBytes, overflow) = stride.multipliedReportingOverflow(by: height - 1)
        let needed = rowsBytes.addingReportingOverflow((width * bitsPerPixel + 7) / 8)
        // RLE data has no fixed size: its runs are bounded by the picture as they are decoded.
        guard !overflow, !needed.overflow, pixelOffset >= 14 + Int(headerSize),
            pixelOffset <= bytes.count, isRLE || needed.partialValue <= bytes.count - pixelOffset
        else {
            throw fail(
                "\(width)x\(height) at \(bitsPerPixel) bits needs \(stride) bytes a row from offset \(pixelOffset), "
                    + "past the end of the \(bytes.count)-byte file")
        }
        // Bit fields: inside a V2+ header, else right after the 40-byte one.
        var masks: [UInt32] =
            switch bitsPerPixel {
            case 16: [0x7C00, 0x03E0, 0x001F, 0]
            case 32: [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0]
            default: []
            }
        var paletteStart = 14 + Int(headerSize)
        if compression == 3 || compression == 6 {
            let count = compression == 6 || headerSize >= 56 ? 4 : 3
            for index in 0..<count {
                guard let mask = bytes.uint32(at: 54 + index * 4, bigEndian: false) else {
                    throw fail("bad bit fields")
                }
                masks[index] = mask
            }
            if headerSize == 40 { paletteStart += count * 4 }
        } else if headerSize >= 56, bitsPerPixel == 32, let alpha = bytes.uint32(at: 66, bigEndian: false) {
            // A V3+ header's alpha mask holds for BI_RGB too (GIMP and ImageMagick write it so).
            masks[3] = alpha
        }
        self.masks = masks
        var palette: [(blue: UInt8, green: UInt8, red: UInt8)] = []
        if bitsPerPixel <= 8 {
            let most = 1 << bitsPerPixel
            let count = colours == 0 || colours > most ? most : Int(colours)
            guard paletteStart + count * 4 <= pixelOffset else { throw fail("palette overlaps the pixels") }
            for index in 0..<count {
                let at = paletteStart + index * 4
                palette.append((data[at], data[at + 1], data[at + 2]))
            }
        }
        self.palette = palette
    }

    /// What a decode holds: the RGB picture alone (rows are read from the file's bytes).
    var decodeBytes: Int { RGBImage.byteCount(width: width, height: height) }

    /// The picture as 8-bit RGB, top row first, alpha (when a mask gives one) on white. The
    /// caller checked the pixel limit and `decodeBytes`.
    func decode(_ data: UnsafeRawBufferPointer, into storage: PixelStorage<UInt8>) -> RGBImage {
        let image = RGBImage(pixels: storage.reserve(decodeBytes), width: width, height: height)
        if isRLE {
            decodeRunLengths(data, into: image)
            return image
        }
        let fields = masks.map(MaskField.init)
        let hasAlpha = fields.count == 4 && fields[3].bits > 0
        for y in 0..<height {
            let source = pixelOffset + (topDown ? y : height - 1 - y) * stride
            let row = image.row(y)
            for x in 0..<width {
                var red: UInt8
                var green: UInt8
                var blue: UInt8
                switch bitsPerPixel {
                case 1, 4, 8:
                    let bit = x * bitsPerPixel
                    let byte = Int(data[source + bit / 8])
                    let index = (byte >> (8 - bitsPerPixel - bit % 8)) & ((1 << bitsPerPixel) - 1)
                    // An index past a short palette is black, as Windows shows it.
                    let colour = index < palette.count ? palette[index] : (blue: 0, green: 0, red: 0)
                    (red, green, blue) = (colour.red, colour.green, colour.blue)
                case 24:
                    let at = source + x * 3
                    (red, green, blue) = (data[at + 2], data[at + 1], data[at])
                default:
                    let at = source + x * bitsPerPixel / 8
                    var value = UInt32(data[at]) | UInt32(data[at + 1]) << 8
                    if bitsPerPixel == 32 { value |= UInt32(data[at + 2]) << 16 | UInt32(data[at + 3]) << 24 }
                    (red, green, blue) = (fields[0].value(value), fields[1].value(value), fields[2].value(value))
                    if hasAlpha {
                        let alpha = Int(fields[3].value(value))
                        func onWhite(_ channel: UInt8) -> UInt8 {
                            UInt8((Int(channel) * alpha + 255 * (255 - alpha) + 127) / 255)
                        }
                        (red, green, blue) = (onWhite(red), onWhite(green), onWhite(blue))
                    }
                }
                row[x * 3] = red
                row[x * 3 + 1] = green
                row[x * 3 + 2] = blue
            }
        }
        return image
    }

    /// RLE8/RLE4 runs, bottom row first: pixels no run reaches keep palette entry 0 (as
    /// ImageMagick leaves them); a run past a row's end or past the data stops there. Every
    /// step reads at least one byte, so the work is bounded by the data and the picture.
    private func decodeRunLengths(_ data: UnsafeRawBufferPointer, into image: RGBImage) {
        let background = palette.first ?? (blue: 0, green: 0, red: 0)
        for y in 0..<height {
            let row = image.row(y)
            for x in 0..<width {
                (row[x * 3], row[x * 3 + 1], row[x * 3 + 2]) = (background.red, background.green, background.blue)
            }
        }
        func put(_ x: Int, _ y: Int, _ index: Int) {
            guard x < width, y < height else { return }
            let colour = index < palette.count ? palette[index] : (blue: 0, green: 0, red: 0)
            let pixel = image.row(height - 1 - y) + x * 3
            (pixel[0], pixel[1], pixel[2]) = (colour.red, colour.green, colour.blue)
        }
        let four = bitsPerPixel == 4
        var at = pixelOffset
        var x = 0
        var y = 0
        while at + 1 < data.count, y < height {
            let count = Int(data[at])
            let value = Int(data[at + 1])
            at += 2
            if count > 0 {
                // A run: one index (RLE8) or two alternating ones (RLE4).
                for step in 0..<min(count, width - min(x, width)) {
                    put(x + step, y, four ? (step % 2 == 0 ? value >> 4 : value & 0xF) : value)
                }
                x += count
                continue
            }
            switch value {
            case 0:
                x = 0
                y += 1
            case 1:
                return
            case 2:
                guard at + 1 < data.count else { return }
                x += Int(data[at])
                y += Int(data[at + 1])
                at += 2
            default:
                // Literal pixels, padded to a 16-bit boundary.
                let bytes = four ? (value + 1) / 2 : value
                guard at + bytes <= data.count else { return }
                for step in 0..<min(value, width - min(x, width)) {
                    let byte = Int(data[at + (four ? step / 2 : step)])
                    put(x + step, y, four ? (step % 2 == 0 ? byte >> 4 : byte & 0xF) : byte)
                }
                x += value
                at += bytes + bytes % 2
            }
        }
    }

    /// One channel's mask: where its bits are and how to widen them to 8.
    private struct MaskField {
        let shift: UInt32
        let bits: Int
        let maximum: UInt32

        init(_ mask: UInt32) {
            shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
            // Contiguous bits from the lowest set one; a mask with holes is read by its run.
            bits = mask == 0 ? 0 : (~(mask >> shift)).trailingZeroBitCount
            maximum = bits >= 32 ? UInt32.max : (UInt32(1) << UInt32(bits)) - 1
        }

        func value(_ pixel: UInt32) -> UInt8 {
            guard bits > 0 else { return 0 }
            let raw = UInt64((pixel >> shift) & maximum)
            return UInt8((raw * 255 + UInt64(maximum) / 2) / UInt64(maximum))
        }
    }
}
