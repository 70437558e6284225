import CPNG

/// The metadata of a PNG, read by walking its chunks: libpng's `png_read_info` stops at the
/// first IDAT, and ImageMagick writes `eXIf` and its text after the pixel data, so a walk that
/// skips IDAT finds what libpng would only give after decoding every row.
struct PNGChunks {
    var width = 0
    var height = 0
    /// The `eXIf` chunk (a bare TIFF structure), else an ImageMagick "Raw profile type exif".
    var exifTIFF: [UInt8]?
    /// `iTXt` `XML:com.adobe.xmp`, else a "Raw profile type xmp".
    var xmp: [UInt8]?
    /// Text chunks by keyword (first of each): Description, Title, Comment…
    var text: [String: String] = [:]
    var problems: [String] = []
    /// The colour chunks as found (see `PNGChunks+Colour`).
    var colourChunks = ColourChunks()

    /// Compressed text inflates to at most this much (a zip bomb stops there).
    private static let inflateLimit = 8 << 20

    init(bytes: UnsafeRawBufferPointer) throws(CodecError) {
        let window = ByteWindow(bytes)
        guard window.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw CodecError(format: .png, message: "not a PNG file")
        }
        var offset = 8
        var sawHeader = false
        while offset + 8 <= bytes.count {
            guard let length = window.uint32(at: offset, bigEndian: true).map(Int.init) else { break }
            let type = window.text(at: offset + 4, count: 4)
            let start = offset + 8
            guard length <= bytes.count - start else {
                if !sawHeader { throw CodecError(format: .png, message: "truncated IHDR") }
                if type != "IEND" { problems.append("truncated (chunk \(type) runs past the end)") }
                return
            }
            let data = UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])
            if !sawHeader {
                guard type == "IHDR", length >= 8 else { throw CodecError(format: .png, message: "no IHDR chunk") }
                let header = ByteWindow(data)
                width = Int(header.uint32(at: 0, bigEndian: true) ?? 0)
                height = Int(header.uint32(at: 4, bigEndian: true) ?? 0)
                guard width > 0, height > 0 else {
                    throw CodecError(format: .png, message: "invalid IHDR size \(width)x\(height)")
                }
                sawHeader = true
            }
            switch type {
            case "eXIf": if exifTIFF == nil { exifTIFF = Array(data) }
            case "tEXt": readText(data, compressed: false, international: false)
            case "zTXt": readText(data, compressed: true, international: false)
            case "iTXt": readText(data, compressed: false, international: true)
            case "iCCP", "sRGB", "gAMA", "cHRM", "cICP": colourChunks.read(type, data)
            case "IEND": return
            default: break
            }
            offset = start + length + 4  // the CRC
        }
        if !sawHeader { throw CodecError(format: .png, message: "truncated before IHDR") }
        problems.append("truncated (no IEND chunk)")
    }

    /// The file's chunks in order with every `IDAT`'s data left out (its header kept, with
    /// length 0): what `init(bytes:)` reads, from a few reads of the file instead of all of it.
    /// A chunk that runs past the end is copied as far as the file goes, so that the walk
    /// sees the same truncation. Nil when a read fails. `pixelData` is set to where the IDAT
    /// chunks lie, from the first one's header to the end of the last one's CRC.
    static func withoutPixelData(_ file: FileBytes) -> [UInt8]? {
        var pixelData: Range<Int64>?
        return withoutPixelData(file, pixelData: &pixelData)
    }

    static func withoutPixelData(_ file: FileBytes, pixelData: inout Range<Int64>?) -> [UInt8]? {
        guard var copy = file.prefix(at: 0, count: 8) else { return nil }
        var offset: Int64 = 8
        var afterPixels = false
        defer { if afterPixels, let start = pixelData?.lowerBound { pixelData = start..<offset } }
        while offset < file.size {
            // Past a jump over IDATs, a header alone is read: a block there would be pixels.
            let header =
                afterPixels
                ? file.bytes(at: offset, count: Int(min(8, file.size - offset)), keep: false)
                : file.prefix(at: offset, count: 8)
            guard let header else { return nil }
            copy += header
            guard header.count == 8 else { return copy }
            let length = header[0..<4].reduce(Int64(0)) { $0 << 8 | Int64($1) }
            let type = header[4..<8]
            let rest = file.size - offset - 8
            if type.elementsEqual("IDAT".utf8), length + 4 <= rest {
                if pixelData == nil { pixelData = offset..<offset }
                copy.replaceSubrange(copy.count - 8..<copy.count - 4, with: [0, 0, 0, 0])
                copy += [0, 0, 0, 0]  // the CRC, unchecked
                offset = skipRun(of: header, after: offset, in: file)
                afterPixels = true
                continue
            } else {
                if afterPixels, let start = pixelData?.lowerBound { pixelData = start..<offset }
                afterPixels = false
                guard let data = file.prefix(at: offset + 8, count: Int(min(length + 4, rest))) else { return nil }
                copy += data
                if type.elementsEqual("IEND".utf8) || length + 4 > rest { return copy }
            }
            offset += 8 + length + 4
        }
        return copy
    }

    /// Where the walk goes on after the IDAT whose 8-byte `header` is at `offset`: the next
    /// chunk, or further along a run of IDATs of that same length. A PNG's IDATs follow one
    /// another and a writer cuts them to one size (libpng: 8 KB), so a header identical to
    /// this one found 64, 16 or 4 chunks ahead stands for the run in between, which is then
    /// not read: a 3 MB PNG costs a few reads instead of one per chunk. Bytes that only look
    /// like such a header (a hostile file) can only hide that file's own chunks.
    static func skipRun(of header: [UInt8], after offset: Int64, in file: FileBytes) -> Int64 {
        let length = header[0..<4].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let step = 12 + length
        let next = offset + step
        var jump: Int64 = 64
        while jump >= 4 {
            let target = next + jump * step
            if target + 8 <= file.size, file.bytes(at: target, count: 8, keep: false) == header { return target }
            jump /= 4
        }
        return next
    }

    private mutating func readText(_ data: UnsafeRawBufferPointer, compressed: Bool, international: Bool) {
        guard let keywordEnd = data.firstIndex(of: 0), keywordEnd > 0 else { return }
        let keyword = String(decoding: data[..<keywordEnd], as: UTF8.self)
        var rest = keywordEnd + 1
        var isCompressed = compressed
        if international {
            // Compression flag and method, then language and translated keyword, each NUL-ended.
            guard rest + 2 <= data.count else { return }
            isCompressed = data[rest] == 1
            rest += 2
            for _ in 0..<2 {
                guard let end = data[rest...].firstIndex(of: 0) else { return }
                rest = end + 1
            }
        } else if compressed {
            rest += 1  // the compression method byte
        }
        guard rest <= data.count else { return }
        var value = Array(data[rest...])
        if isCompressed {
            guard let inflated = Self.inflate(value) else {
                problems.append("compressed \(keyword) text does not inflate")
                return
            }
            value = inflated
        }
        // tEXt and zTXt are Latin-1; iTXt is UTF-8.
        let string =
            international
            ? String(decoding: value, as: UTF8.self) : String(value.map { Character(Unicode.Scalar($0)) })
        switch keyword {
        case "XML:com.adobe.xmp": if xmp == nil { xmp = value }
        case "Raw profile type exif", "Raw profile type APP1":
            if exifTIFF == nil, let profile = Self.rawProfile(string) {
                exifTIFF = profile.starts(with: Array("Exif\0\0".utf8)) ? Array(profile.dropFirst(6)) : profile
            }
        case "Raw profile type xmp": if xmp == nil { xmp = Self.rawProfile(string) }
        default: if text[keyword] == nil { text[keyword] = string }
        }
    }

    /// ImageMagick's hex profiles: "\nname\n   length\nhex lines…".
    static func rawProfile(_ text: String) -> [UInt8]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.count >= 3, let length = Int(lines[1].trimmingCharacters(in: .whitespaces)), length > 0,
            length < 64 << 20
        else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        var high: UInt8?
        for scalar in lines.dropFirst(2).joined().utf8 {
            let nibble: UInt8
            switch scalar {
            case 0x30...0x39: nibble = scalar - 0x30
            case 0x61...0x66: nibble = scalar - 0x61 + 10
            case 0x41...0x46: nibble = scalar - 0x41 + 10
            default: continue
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
                if bytes.count == length { break }
            } else {
                high = nibble
            }
        }
        return bytes.count == length ? bytes : nil
    }

    static func inflate(_ data: [UInt8]) -> [UInt8]? {
        var capacity = max(4096, data.count * 4)
        while true {
            var out = [UInt8](repeating: 0, count: capacity)
            let written = data.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    plpng_inflate(input.baseAddress, input.count, output.baseAddress, output.count)
                }
            }
            if written >= 0 { return Array(out.prefix(written)) }
            guard capacity < inflateLimit else { return nil }
            capacity = min(capacity * 4, inflateLimit)
        }
    }
}
