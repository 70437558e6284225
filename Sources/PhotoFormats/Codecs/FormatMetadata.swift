import Foundation

/// What a format other than JPEG says about its image without decoding it.
struct FormatMetadata {
    /// Stored size (before any orientation), as exiftool's ImageWidth and ImageHeight.
    var width = 0
    var height = 0
    /// The size the library shows when it turns the picture itself (HEIF's `irot`), else nil.
    var displayed: (width: Int, height: Int)?
    /// The EXIF block from its TIFF header on (no `Exif\0\0`).
    var exifTIFF: [UInt8]?
    var xmp: [UInt8]?
    /// Where the container's own tags say more than EXIF would (TIFF's Orientation, RAW's flip).
    var orientation: Int?
    /// A caption from the container's own text (PNG Description or Title).
    var caption: String?
    var mimeType: String?
    var problems: [String] = []

    static func read(_ format: ImageFormat, bytes: [UInt8]) throws(CodecError) -> FormatMetadata {
        switch format {
        case .heif: return try heif(bytes)
        case .png: return try png(bytes)
        case .jpeg, .webp, .tiff, .raw:
            throw CodecError(format: format, message: "not supported yet")
        }
    }

    private static func heif(_ bytes: [UInt8]) throws(CodecError) -> FormatMetadata {
        let image = try HEIFImage(bytes: bytes)
        var found = FormatMetadata()
        found.width = image.storedWidth > 0 ? image.storedWidth : image.width
        found.height = image.storedHeight > 0 ? image.storedHeight : image.height
        found.exifTIFF = image.exifPayload().map { Array($0.dropFirst(6)) }
        found.xmp = image.xmpPacket()
        found.mimeType = image.mimeType
        found.displayed = (image.width, image.height)
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
        found.caption = [chunks.text["Description"], chunks.text["Title"]]
            .lazy.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty }
        return found
    }
}
