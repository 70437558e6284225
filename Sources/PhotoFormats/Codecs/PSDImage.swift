/// A Photoshop document's composite image (the "image data" section, which Photoshop writes
/// as the flattened picture when "Maximize compatibility" is on), read by photolib itself:
/// 8-bit RGB, gray or indexed, raw or PackBits, every size checked against the file before
/// anything is allocated. Its image resources give the EXIF, XMP and ICC profile.
struct PSDImage {
    let width: Int
    let height: Int
    let channels: Int
    let mode: Int
    /// Where the image data section starts (its compression word), or nil when the file
    /// ends before it.
    let imageData: Int?
    /// False when the version-info resource says the composite is not the real picture
    /// (Photoshop saved it blank, "Maximize compatibility" off).
    let hasRealComposite: Bool
    /// An indexed document's 256 RGB entries.
    let palette: [UInt8]
    var exifTIFF: [UInt8]?
    var xmp: [UInt8]?
    var iccProfile: [UInt8]?

    /// Photoshop's colour modes photolib does not draw, by the header's number: named in the
    /// summary ("skipped: PSD CMYK documents 1") so that a user knows what was left.
    static let modeNames: [UInt16: String] = [
        0: "bitmap", 4: "CMYK", 7: "multichannel", 8: "duotone", 9: "Lab",
    ]

    /// True when the document has a composite photolib can show.
    var hasComposite: Bool { imageData != nil && hasRealComposite }

    init(bytes data: UnsafeRawBufferPointer) throws(CodecError) {
        let bytes = ByteWindow(data)
        func fail(_ message: String) -> CodecError { CodecError(format: .psd, message: message) }
        guard bytes.ascii("8BPS"), let version = bytes.uint16(at: 4, bigEndian: true),
            let channels = bytes.uint16(at: 12, bigEndian: true), let height = bytes.uint32(at: 14, bigEndian: true),
            let width = bytes.uint32(at: 18, bigEndian: true), let depth = bytes.uint16(at: 22, bigEndian: true),
            let mode = bytes.uint16(at: 24, bigEndian: true)
        else { throw fail("file too short") }
        guard version != 2 else {
            throw CodecError(format: .psd, message: "large documents (PSB) are not read yet", notReadYet: "PSB")
        }
        guard version == 1 else { throw fail("unknown version \(version)") }
        // Photoshop's own limits: 1-56 channels, 30,000 pixels a side.
        guard (1...56).contains(channels) else { throw fail("claims \(channels) channels (at most 56)") }
        guard (1...30_000).contains(width), (1...30_000).contains(height) else {
            throw fail("claims \(width)x\(height) pixels (at most 30000 a side)")
        }
        self.width = Int(width)
        self.height = Int(height)
        self.channels = Int(channels)
        self.mode = Int(mode)
        // Only the depths and modes Photoshop writes are "not read yet"; any other number is a
        // damaged header, a failure, so that the summary's names come from this list alone.
        guard [1, 8, 16, 32].contains(depth) else { throw fail("claims \(depth)-bit channels") }
        guard [1, 2, 3].contains(mode) || Self.modeNames[mode] != nil else {
            throw fail("unknown colour mode \(mode)")
        }
        guard depth == 8, [1, 2, 3].contains(mode) else {
            let modeName = Self.modeNames[mode] ?? ""
            let what = depth != 8 ? "\(depth)-bit channels" : "\(modeName) documents"
            throw CodecError(format: .psd, message: "\(what) are not read yet", notReadYet: "PSD \(what)")
        }
        // Colour mode data (an indexed document's palette), image resources, layers: each a
        // length and its bytes.
        var offset = 26
        func section() throws(CodecError) -> Range<Int> {
            guard let length = bytes.uint32(at: offset, bigEndian: true), Int(length) <= bytes.count - offset - 4
            else { throw fail("a section runs past the end of the file") }
            let range = offset + 4..<offset + 4 + Int(length)
            offset = range.upperBound
            return range
        }
        let colourData = try section()
        palette =
            mode == 2 && colourData.count >= 768 ? Array(data[colourData.lowerBound..<colourData.lowerBound + 768]) : []
        if mode == 2 && palette.isEmpty { throw fail("indexed document without a palette") }
        let resources = try section()
        var realComposite = true
        var at = resources.lowerBound
        // 8BIM, id, a Pascal name padded to even, a length and its data padded to even.
        while at + 12 <= resources.upperBound, bytes.ascii("8BIM", at: at) {
            let id = bytes.uint16(at: at + 4, bigEndian: true) ?? 0
            let nameLength = Int(data[at + 6])
            let lengthAt = at + 6 + (nameLength + 2) / 2 * 2
            guard let length = bytes.uint32(at: lengthAt, bigEndian: true),
                Int(length) <= resources.upperBound - lengthAt - 4
            else { break }
            let body = lengthAt + 4..<lengthAt + 4 + Int(length)
            switch id {
            case 0x0421 where body.count >= 5: realComposite = data[body.lowerBound + 4] != 0
            case 0x0422: exifTIFF = Array(data[body])
            case 0x0424: xmp = Array(data[body])
            case 0x040F: iccProfile = Array(data[body])
            default: break
            }
            at = body.upperBound + Int(length) % 2
        }
        hasRealComposite = realComposite
        _ = try section()  // layer and mask information
        imageData = offset + 2 <= bytes.count ? offset : nil
    }

    /// The channels the composite is drawn from: gray or an index, else red, green, blue. A
    /// further channel (transparency) is not applied: Photoshop writes the composite already
    /// matted on white (ImageMagick's reader "unblends" it for that reason).
    private var colourChannels: Int { mode == 3 ? 3 : 1 }

    /// What a decode holds: the RGB picture, a row, and the PackBits row lengths.
    var decodeBytes: Int { RGBImage.byteCount(width: width, height: height) + width + channels * height * 8 }

    /// The composite as 8-bit RGB. A file cut in the middle gives the rows before the cut
    /// (the rest mid-gray) and the reason.
    func decode(
        _ data: UnsafeRawBufferPointer, into storage: PixelStorage<UInt8>
    ) throws(CodecError)
        -> (image: RGBImage, damage: String?)
    {
        guard let start = imageData else { throw CodecError(format: .psd, message: "no composite image") }
        let bytes = ByteWindow(data)
        func fail(_ message: String) -> CodecError { CodecError(format: .psd, message: message) }
        guard colourChannels <= channels else { throw fail("RGB document with \(channels) channels") }
        let compression = bytes.uint16(at: start, bigEndian: true) ?? 0
        // Planes, each channel's rows in turn, decoded one at a time into their place.
        let count = RGBImage.byteCount(width: width, height: height)
        let image = RGBImage(pixels: storage.reserve(count), width: width, height: height)
        var row = [UInt8](repeating: 0, count: width)
        var damage: String?
        var position = start + 2
        var rowLengths: [Int] = []
        switch compression {
        case 0:
            break
        case 1:
            let table = channels * height
            guard position + table * 2 <= data.count else { throw fail("truncated before the row lengths") }
            rowLengths = (0..<table).map { Int(bytes.uint16(at: position + $0 * 2, bigEndian: true) ?? 0) }
            position += table * 2
        default:
            throw fail("ZIP-compressed composite is not read")
        }
        image.pixels.update(repeating: 128, count: count)
        channelLoop: for channel in 0..<colourChannels {
            for y in 0..<height {
                if compression == 0 {
                    guard position + width <= data.count else {
                        damage = "truncated in the composite's channel \(channel + 1)"
                        break channelLoop
                    }
                    for x in 0..<width { row[x] = data[position + x] }
                    position += width
                } else {
                    let length = rowLengths[channel * height + y]
                    guard position + length <= data.count else {
                        damage = "truncated in the composite's channel \(channel + 1)"
                        break channelLoop
                    }
                    guard Self.unpackBits(data, from: position, length: length, into: &row) else {
                        damage = "a PackBits row of channel \(channel + 1) does not match its width"
                        break channelLoop
                    }
                    position += length
                }
                let line = image.row(y)
                if colourChannels == 3 {
                    for x in 0..<width { line[x * 3 + channel] = row[x] }
                } else {
                    for x in 0..<width {
                        if mode == 2 {
                            let index = Int(row[x])
                            (line[x * 3], line[x * 3 + 1], line[x * 3 + 2]) =
                                (palette[index], palette[256 + index], palette[512 + index])
                        } else {
                            (line[x * 3], line[x * 3 + 1], line[x * 3 + 2]) = (row[x], row[x], row[x])
                        }
                    }
                }
            }
        }
        if let damage, position == start + 2 + rowLengths.count * 2 { throw fail(damage) }
        return (image, damage)
    }

    /// One PackBits row into `row` (its width); false when the data does not fill it exactly.
    private static func unpackBits(
        _ data: UnsafeRawBufferPointer, from start: Int, length: Int, into row: inout [UInt8]
    ) -> Bool {
        var input = start
        let end = start + length
        var output = 0
        while input < end, output < row.count {
            let header = Int(Int8(bitPattern: data[input]))
            input += 1
            if header >= 0 {
                let run = header + 1
                guard input + run <= end, output + run <= row.count else { return false }
                for index in 0..<run { row[output + index] = data[input + index] }
                input += run
                output += run
            } else if header != -128 {
                let run = 1 - header
                guard input < end, output + run <= row.count else { return false }
                let value = data[input]
                input += 1
                for index in 0..<run { row[output + index] = value }
                output += run
            }
        }
        return output == row.count
    }
}
