/// The image formats photolib reads, each recognised by its bytes, never by its name; and
/// `video` for every movie container (which one is in the MIME type), whose pictures are
/// poster frames (`VideoPosterSource`). GIF, BMP and PSD are stills of their first frame or
/// composite.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case jpeg, heif, png, webp, tiff, raw, video, gif, bmp, psd

    /// The MIME type of the format's usual files (HEIF files that hold AV1 say `image/avif`
    /// through `ImageFileReading.mimeType`).
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .heif: "image/heic"
        case .png: "image/png"
        case .webp: "image/webp"
        case .tiff: "image/tiff"
        case .raw: "image/x-raw"
        case .video: "video/mp4"
        case .gif: "image/gif"
        case .bmp: "image/bmp"
        case .psd: "image/vnd.adobe.photoshop"
        }
    }

    /// The name messages use: "HEIF", "PNG", "RAW".
    public var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .heif: "HEIF"
        case .png: "PNG"
        case .webp: "WebP"
        case .tiff: "TIFF"
        case .raw: "RAW"
        case .video: "video"
        case .gif: "GIF"
        case .bmp: "BMP"
        case .psd: "PSD"
        }
    }

    /// The longest side of the largest picture renditions of a photo in this format, displayed
    /// at `displayWidth` x `displayHeight`, are made from. A raw's is that of LibRaw's half-size
    /// decode (each side halved, rounded up): the most a raw shows without a full demosaic,
    /// which photolib never does by default. Renditions are not enlarged past it: enlarging
    /// invents no detail, and it was 30% of the time a small raw's preview took. Every other
    /// format's is the photo's own longest side.
    public func renditionSourceSide(displayWidth: Int, displayHeight: Int) -> Int {
        let longest = max(displayWidth, displayHeight)
        return self == .raw ? (longest + 1) / 2 : longest
    }

    /// The format of a file whose first bytes are `head`, or nil when photolib reads none of it.
    /// TIFF-based camera raws (DNG, CR2, NEF, ARW, PEF…) are told from plain TIFF by their
    /// first directory, which cameras write right after the header.
    public static func detect(_ head: UnsafeRawBufferPointer) -> ImageFormat? {
        let bytes = ByteWindow(head)
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.ascii("RIFF"), bytes.ascii("WEBP", at: 8) { return .webp }
        if bytes.ascii("GIF87a") || bytes.ascii("GIF89a") { return .gif }
        if bytes.ascii("8BPS") { return .psd }
        // "BM" alone starts text too: the info header's size must be one a bitmap has.
        if bytes.ascii("BM"), let size = bytes.uint32(at: 14, bigEndian: false),
            [12, 40, 52, 56, 64, 108, 124].contains(size)
        {
            return .bmp
        }
        if bytes.ascii("ftyp", at: 4), let brands = isoBrands(bytes) {
            if brands.contains("crx ") { return .raw }
            if !brands.isDisjoint(with: heifBrands) { return .heif }
            return nil
        }
        if bytes.ascii("II"), bytes.ascii("HEAPCCDR", at: 6) { return .raw }  // Canon CRW
        if bytes.ascii("IIRO") || bytes.ascii("IIRS") || bytes.ascii("MMOR") { return .raw }  // Olympus ORF
        if bytes.starts(with: [0x49, 0x49, 0x55, 0x00]) { return .raw }  // Panasonic RW2
        if bytes.ascii("FUJIFILMCCD-RAW") { return .raw }
        if bytes.ascii("FOVb") || bytes.starts(with: [0x00, 0x4D, 0x52, 0x4D]) { return .raw }  // X3F, MRW
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return TIFFDirectoryPeek.looksLikeCameraRaw(bytes) ? .raw : .tiff
        }
        // BigTIFF (8-byte offsets), which libtiff reads as any TIFF.
        if bytes.starts(with: [0x49, 0x49, 0x2B, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) {
            return .tiff
        }
        return nil
    }

    static let heifBrands: Set<String> = [
        "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis",
    ]

    /// The major and compatible brands of an `ftyp` box that lies within `bytes`.
    private static func isoBrands(_ bytes: ByteWindow) -> Set<String>? {
        guard let size = bytes.uint32(at: 0, bigEndian: true), size >= 16 else { return nil }
        let end = min(Int(size), bytes.count)
        var brands = Set<String>()
        var offset = 8
        while offset + 4 <= end {
            if offset != 12 { brands.insert(bytes.text(at: offset, count: 4)) }  // 12...15 is the minor version
            offset += 4
        }
        return brands
    }
}

/// Bounds-checked reads from a file's first bytes.
struct ByteWindow {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var count: Int { bytes.count }

    func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
        guard offset >= 0, bytes.count >= offset + signature.count else { return false }
        for (index, byte) in signature.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(with: Array(text.utf8), at: offset) }

    func text(at offset: Int, count: Int) -> String {
        guard offset >= 0, offset < bytes.count, count > 0 else { return "" }
        return String(decoding: bytes[offset..<min(offset + count, bytes.count)], as: UTF8.self)
    }

    func uint16(at offset: Int, bigEndian: Bool) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        let a = UInt16(bytes[offset])
        let b = UInt16(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func uint32(at offset: Int, bigEndian: Bool) -> UInt32? {
        guard let high = uint16(at: bigEndian ? offset : offset + 2, bigEndian: bigEndian),
            let low = uint16(at: bigEndian ? offset + 2 : offset, bigEndian: bigEndian)
        else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}

/// Looks at the first directory of a TIFF-structured file for the marks of a camera raw.
enum TIFFDirectoryPeek {
    /// Makers whose TIFF-based files are raws when they carry sub-directories (NEF, ARW, PEF,
    /// KDC, SRW, 3FR, IIQ…); an ordinary TIFF from these makers' scanners has none.
    private static let rawMakers = [
        "NIKON", "SONY", "PENTAX", "RICOH", "EASTMAN KODAK", "KODAK", "SAMSUNG", "HASSELBLAD", "PHASE ONE",
        "LEAF", "MAMIYA", "LEICA", "CANON", "MINOLTA", "KONICA", "EPSON", "SIGMA",
    ]

    static func looksLikeCameraRaw(_ bytes: ByteWindow) -> Bool {
        let bigEndian = bytes.ascii("MM")
        if bytes.ascii("CR", at: 8) { return true }  // Canon CR2
        guard let first = bytes.uint32(at: 4, bigEndian: bigEndian),
            let count = bytes.uint16(at: Int(first), bigEndian: bigEndian)
        else { return false }
        var make = ""
        var hasSubdirectories = false
        for index in 0..<Int(count) {
            let entry = Int(first) + 2 + index * 12
            guard let tag = bytes.uint16(at: entry, bigEndian: bigEndian) else { break }
            switch tag {
            case 50706: return true  // DNGVersion
            case 330: hasSubdirectories = true
            case 271:
                let length = Int(bytes.uint32(at: entry + 4, bigEndian: bigEndian) ?? 0)
                let at = length <= 4 ? entry + 8 : Int(bytes.uint32(at: entry + 8, bigEndian: bigEndian) ?? 0)
                make = bytes.text(at: at, count: min(length, 64)).uppercased()
            default: break
            }
        }
        return hasSubdirectories && rawMakers.contains { make.hasPrefix($0) }
    }
}
