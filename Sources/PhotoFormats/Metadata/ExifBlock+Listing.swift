import CExif
import Foundation

/// One EXIF entry as libexif names and formats it, for `pop`'s detail view.
public struct ExifField: Sendable, Equatable {
    /// The directory: IFD0, IFD1 (the thumbnail's), EXIF, GPS, Interoperability.
    public var directory: String
    /// The tag number, 0x0000…0xFFFF.
    public var tag: Int
    /// libexif's name for the tag in this directory ("DateTimeOriginal"), or `Tag 0xABCD`.
    public var name: String
    /// libexif's text for the value ("Top-left", "1/125 sec.", "f/2.8").
    public var value: String
}

extension ExifBlock {
    /// Every entry libexif read, in directory then file order, with libexif's names and values.
    func allFields() -> [ExifField] {
        let names = ["IFD0", "IFD1", "EXIF", "GPS", "Interoperability"]
        let directories = data.pointee.ifd
        let contents = [directories.0, directories.1, directories.2, directories.3, directories.4]
        var fields: [ExifField] = []
        var buffer = [CChar](repeating: 0, count: 1024)
        for (index, content) in contents.enumerated() {
            guard let content, let entries = content.pointee.entries else { continue }
            let ifd = ExifIfd(rawValue: UInt32(index))
            for position in 0..<Int(content.pointee.count) {
                guard let entry = entries[position] else { continue }
                let tag = entry.pointee.tag
                let name =
                    exif_tag_get_name_in_ifd(tag, ifd).map { String(cString: $0) }
                    ?? String(format: "Tag 0x%04X", Int(tag.rawValue))
                buffer[0] = 0
                let value = buffer.withUnsafeMutableBufferPointer { text -> String in
                    guard let result = exif_entry_get_value(entry, text.baseAddress, UInt32(text.count)) else {
                        return ""
                    }
                    return String(decoding: UnsafeRawBufferPointer(start: result, count: strlen(result)), as: UTF8.self)
                }
                fields.append(
                    ExifField(
                        directory: names[index], tag: Int(tag.rawValue), name: name,
                        value: value.trimmingCharacters(in: .whitespacesAndNewlines)))
            }
        }
        return fields
    }
}

/// Lists a photo file's EXIF entries.
public enum ExifListing {
    /// Every EXIF entry of the photo in `bytes`, whatever its format: a JPEG's APP1, a HEIF's
    /// `Exif` item, a WebP's EXIF chunk, a PNG's eXIf (or ImageMagick's raw profile), a TIFF's
    /// or TIFF-based raw's own directories. Empty when it has none: a CRW keeps its facts in
    /// CIFF records, which are no EXIF.
    public static func fields(in bytes: [UInt8]) -> [ExifField] {
        guard let format = bytes.withUnsafeBytes({ ImageFormat.detect($0) }) else { return [] }
        if format == .jpeg { return fields(inJPEG: bytes) }
        guard let tiff = (try? FormatMetadata.read(format, bytes: bytes))?.exifTIFF, !tiff.isEmpty else { return [] }
        let payload = Array("Exif\0\0".utf8) + tiff
        return payload.withUnsafeBytes { (try? ExifBlock(payload: $0).allFields()) ?? [] }
    }

    /// Every EXIF entry of the JPEG in `bytes` (empty when it has no EXIF block).
    public static func fields(inJPEG bytes: [UInt8]) -> [ExifField] {
        bytes.withUnsafeBytes { buffer -> [ExifField] in
            guard buffer.count > 2 else { return [] }
            let walk = JPEGMarkerReader.walk(bytes: buffer)
            guard let segment = walk.layout.first(.exif) else { return [] }
            let start = Int(segment.payloadOffset)
            let end = min(start + segment.payloadLength, buffer.count)
            guard start < end else { return [] }
            return (try? ExifBlock(payload: UnsafeRawBufferPointer(rebasing: buffer[start..<end])).allFields()) ?? []
        }
    }
}
