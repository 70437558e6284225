import Foundation
import PhotoSupport

/// What a format other than JPEG says about its image without decoding it.
struct FormatMetadata {
    /// Stored size (before any orientation), as exiftool's ImageWidth and ImageHeight.
    var width = 0
    var height = 0
    /// The size the library shows when it turns the picture itself (HEIF's `irot`), else nil.
    var displayed: (width: Int, height: Int)?
    /// The EXIF block from its TIFF header on (no `Exif\0\0`).
    var exifTIFF: [UInt8]?
    /// True when `exifTIFF` is the head of a TIFF file (a TIFF, a TIFF-based raw): the
    /// directories it misses are then read from the whole file.
    var exifIsFileHead = false
    /// The file (or, for a raw, its first `rawHeadSize` bytes) whose directories those are.
    var tiffFile: [UInt8] = []
    var xmp: [UInt8]?
    /// Where the container's own tags say more than EXIF would (TIFF's Orientation, RAW's flip).
    var orientation: Int?
    /// A caption from the container's own text (PNG Description or Title).
    var caption: String?
    var mimeType: String?
    var problems: [String] = []
    /// What the container's own records give where EXIF says nothing (RAW through LibRaw).
    var make: String?
    var model: String?
    var takenAt: CaptureDate?
    var gps: GPSCoordinate?
    /// `ImageDataHash` of the picture data (PNG's IDAT chunks, WebP's image chunks), nil where
    /// it is not found.
    var imageDataHash: String?
    /// An animation's frames (GIF, WebP), nil for a still.
    var frames: Int?
    /// What the container says its colours are (nil: nothing, which means sRGB).
    var colour: ColourDescription?

    static func read(_ format: ImageFormat, bytes: [UInt8]) throws(CodecError) -> FormatMetadata {
        switch format {
        case .heif: return try heif(bytes)
        case .png: return try png(bytes)
        case .raw: return try raw(LibRawFile(bytes: bytes), head: bytes)
        case .webp: return try webp(bytes)
        case .tiff: return try tiff(bytes)
        case .gif: return try gif(bytes)
        case .bmp: return try bmp(bytes)
        case .psd: return try psd(bytes)
        case .jpeg, .video:
            throw CodecError(format: format, message: "not supported yet")
        }
    }

    /// True for the formats `read(_:file:)` reads in parts.
    static func readsParts(of format: ImageFormat) -> Bool { format == .heif || format == .png || format == .raw }

    /// What `file` says, reading only the parts that hold it where the format allows: a
    /// HEIF's `meta` box and metadata items (`HEIFBoxes`; libheif when the walker cannot
    /// say), a PNG's chunks other than its pixel data. Nil for the formats read whole.
    static func read(_ format: ImageFormat, file: FileBytes) throws(CodecError) -> FormatMetadata? {
        guard readsParts(of: format) else { return nil }
        switch format {
        case .heif:
            guard let boxes = HEIFBoxes.read(file) else {
                guard let bytes = file.all() else { throw CodecError(format: .heif, message: "read failed") }
                return try heif(bytes)
            }
            var found = FormatMetadata()
            found.width = boxes.width
            found.height = boxes.height
            found.displayed = (boxes.displayedWidth, boxes.displayedHeight)
            found.exifTIFF = boxes.exif.flatMap(HEIFImage.exifPayload(item:)).map { Array($0.dropFirst(6)) }
            found.xmp = boxes.xmp
            found.mimeType = HEIFImage.mimeType(head: file.head)
            found.colour = HEIFBoxes.colour(file)
            return found
        case .png:
            var pixelData: Range<Int64>?
            guard let bytes = PNGChunks.withoutPixelData(file, pixelData: &pixelData) else {
                throw CodecError(format: .png, message: "read failed")
            }
            var found = try png(bytes)
            if let pixelData {
                found.imageDataHash = ImageDataHash.of(
                    region: pixelData.lowerBound, length: Int64(pixelData.count), reader: file.reader)
            }
            return found
        case .raw:
            // LibRaw from a mapping, reading what it needs; a TIFF-based raw's directories from its
            // first 256 KiB (cameras write IFD0, EXIF and GPS first).
            let isTIFF =
                file.head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || file.head.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            guard let descriptor = file.descriptor,
                let head = isTIFF ? file.prefix(at: 0, count: rawHeadSize) : Array(file.head.prefix(64))
            else {
                guard let bytes = file.all() else { throw CodecError(format: .raw, message: "read failed") }
                return try raw(LibRawFile(bytes: bytes), head: bytes)
            }
            // From a mapping of the open file; when that fails (mmap refused), LibRaw gets the
            // whole file as before: the error a broken raw gives is the same either way.
            if let opened = try? LibRawFile(descriptor: descriptor) {
                return try raw(opened, head: head)
            }
            guard let bytes = file.all() else { throw CodecError(format: .raw, message: "read failed") }
            return try raw(LibRawFile(bytes: bytes), head: bytes)
        default:
            return nil
        }
    }

    /// libtiff for the first full-resolution page's size and orientation and IFD0's text; the
    /// file's directories as EXIF: its first 64 KiB through libexif (exiftool and cameras put
    /// IFD0, EXIF and GPS there), then what lies further (a libtiff writer puts IFD0 after
    /// the pixels) through the bounded walk of `ExifTags.fillFromTIFFFile`.
    private static func tiff(_ bytes: [UInt8]) throws(CodecError) -> FormatMetadata {
        let read = bytes.withUnsafeBytes { data in
            Result { () throws(CodecError) in
                let image = try TIFFImage(bytes: data)
                return (
                    image.width, image.height, image.orientation, image.string(tag: 271), image.string(tag: 272),
                    image.string(tag: 270), image.string(tag: 306), image.colour
                )
            }
        }
        let (width, height, orientation, make, model, description, dateTime, colour) = try read.get()
        var found = FormatMetadata()
        found.colour = colour
        found.width = width
        found.height = height
        found.orientation = orientation
        found.make = make
        found.model = model
        found.caption = description
        // A BigTIFF's directories (8-byte offsets) are the bounded walk's alone (libexif
        // reads classic TIFF only); IFD0's DateTime stands in when its EXIF has no date.
        let isBig = bytes.count >= 4 && (bytes[2] == 0x2B || bytes[3] == 0x2B)
        if isBig { found.takenAt = CaptureDate(exifDateTime: dateTime, offset: nil) }
        // libexif would read a BigTIFF's head as a classic one (wrong-sized fields): it gets an
        // empty classic directory instead, and every tag comes from the walk.
        found.exifTIFF = isBig ? [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0] : Array(bytes.prefix(0xFFF0))
        found.exifIsFileHead = true
        found.tiffFile = bytes
        return found
    }

    private static func webp(_ bytes: [UInt8]) throws(CodecError) -> FormatMetadata {
        let read = bytes.withUnsafeBytes { data in
            Result { () throws(CodecError) in
                (
                    try WebPImage.features(data), WebPImage.metadata(data),
                    WebPImage.pictureChunk(data).flatMap {
                        ImageDataHash.of(bytes: UnsafeRawBufferPointer(rebasing: data[$0]))
                    },
                    WebPImage.colour(data)
                )
            }
        }
        let (features, blocks, imageDataHash, colour) = try read.get()
        var found = FormatMetadata()
        found.colour = colour
        found.imageDataHash = imageDataHash
        found.width = features.width
        found.height = features.height
        found.exifTIFF = blocks.exifTIFF
        found.xmp = blocks.xmp
        if features.isAnimated, let frames = bytes.withUnsafeBytes(WebPImage.frames) {
            found.frames = frames.count > 1 ? frames.count : nil
            if let damage = frames.damage { found.problems.append(damage) }
        }
        return found
    }

    /// giflib's walk for the logical screen and the frames (none decoded).
    private static func gif(_ bytes: [UInt8]) throws(CodecError) -> FormatMetadata {
        let read = bytes.withUnsafeBytes { data in
            Result { () throws(CodecError) in
                let image = try GIFImage(bytes: data)
                let (frames, damage) = try image.countFrames()
                return (image.width, image.height, frames, damage)
            }
        }
        let (width, height, frames, damage) = try read.get()
        var found = FormatMetadata()
        found.width = width
        found.height = height
        found.frames = frames > 1 ? frames : nil
        if let damage { found.problems.append(damage) }
        return found
    }

    /// The header alone: a bitmap holds no metadata photolib reads.
    private static func bmp(_ bytes: [UInt8]) throws(CodecError) -> FormatMetadata {
        let read = bytes.withUnsafeBytes { data in Result { () throws(CodecError) in try BMPImage(bytes: data) } }
        let image = try read.get()
        var found = FormatMetadata()
        found.width = image.width
        found.height = image.height
        return found
    }

    /// The header and image resources: size, EXIF (resource 0x0422), XMP (0x0424). A
    /// document without a composite is refused as not read yet, not as damage.
    private static func psd(_ bytes: [UInt8]) throws(CodecError) -> FormatMetadata {
        let read = bytes.withUnsafeBytes { data in Result { () throws(CodecError) in try PSDImage(bytes: data) } }
        let image = try read.get()
        guard image.hasComposite else {
            throw CodecError(format: .psd, message: "no composite image", notReadYet: "PSD without a composite")
        }
        var found = FormatMetadata()
        found.width = image.width
        found.height = image.height
        if let exif = image.exifTIFF, exif.starts(with: [0x49, 0x49]) || exif.starts(with: [0x4D, 0x4D]) {
            found.exifTIFF = exif
        }
        found.xmp = image.xmp
        return found
    }

    /// How much of a raw's start is read for its directories.
    static let rawHeadSize = 256 << 10

    /// LibRaw's open (safe in process: only the preview extraction is not) for size, flip,
    /// camera, time and GPS; TIFF-based raws' first directories as EXIF, whose values win.
    private static func raw(_ file: LibRawFile, head bytes: [UInt8]) throws(CodecError) -> FormatMetadata {
        var found = FormatMetadata()
        found.width = file.width
        found.height = file.height
        found.orientation = file.orientation
        found.make = file.make
        found.model = file.model
        found.caption = file.caption
        found.gps = file.gps
        found.mimeType = "image/x-raw"
        let isTIFF = bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
        if isTIFF {
            // Cameras write IFD0 and the EXIF directory first; libexif reads 64 KiB at most.
            found.exifTIFF = Array(bytes.prefix(0xFFF0))
            found.exifIsFileHead = true
            found.tiffFile = bytes
        }
        if !isTIFF, let make = found.make, let model = found.model, make == "Canon", !model.hasPrefix(make) {
            // LibRaw drops the maker from Canon's model name; the file (CIFF) holds it whole.
            found.model = make + " " + model
        }
        if !isTIFF, let seconds = file.timestamp {
            // CRW stores the camera's wall clock as seconds, read as UTC (exiftool does the
            // same). TIFF-based raws' capture time comes from EXIF's DateTimeOriginal, as for
            // a JPEG (LibRaw's timestamp may be the modification date, in local time).
            var time = time_t(seconds)
            var parts = tm()
            gmtime_r(&time, &parts)
            let text = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
            found.takenAt = CaptureDate(localTime: text)
        }
        return found
    }

    private static func heif(_ bytes: [UInt8]) throws(CodecError) -> FormatMetadata {
        let own = bytes.withUnsafeBytes { HEIFBoxes.ownLength($0) }
        let image = try HEIFImage(bytes: own == bytes.count ? bytes : Array(bytes.prefix(own)))
        var found = FormatMetadata()
        found.width = image.storedWidth > 0 ? image.storedWidth : image.width
        found.height = image.storedHeight > 0 ? image.storedHeight : image.height
        found.exifTIFF = image.exifPayload().map { Array($0.dropFirst(6)) }
        found.xmp = image.xmpPacket()
        found.mimeType = image.mimeType
        found.displayed = (image.width, image.height)
        found.colour = bytes.withUnsafeBytes { HEIFBoxes.colour($0) }
        return found
    }

    private static func png(_ bytes: [UInt8]) throws(CodecError) -> FormatMetadata {
        let parsed = bytes.withUnsafeBytes { raw in Result { () throws(CodecError) in try PNGChunks(bytes: raw) } }
        let chunks = try parsed.get()
        var found = FormatMetadata()
        found.width = chunks.width
        found.height = chunks.height
        found.exifTIFF = chunks.exifTIFF
        found.xmp = chunks.xmp
        found.problems = chunks.problems
        found.colour = chunks.colour
        found.caption = [chunks.text["Description"], chunks.text["Title"]]
            .lazy.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty }
        return found
    }
}
