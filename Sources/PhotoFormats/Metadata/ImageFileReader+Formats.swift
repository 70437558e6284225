import Foundation
import PhotoSupport

extension ImageFileReader {
    /// Files over this size are not read whole for metadata (a HEIF or PNG that big is not a photo).
    static let wholeFileLimit: Int64 = 2 << 30
    static let tiffNamespace = "http://ns.adobe.com/tiff/1.0/"

    /// Reads a file in a format other than JPEG: a HEIF's `meta` box and metadata items, a
    /// PNG's chunks but its pixel data, what LibRaw reads of a raw, the other formats whole; then the format's size, EXIF
    /// block and XMP packet, which go through the same readers as a JPEG's.
    static func readOtherFormat(
        _ format: ImageFormat, path: RawPath, windows: ContentFingerprint.Windows, reader: FileDescriptorReader,
        modified: Int64, pixelLimit: PixelLimit
    ) throws(ImageReadError) -> ImageFileReading {
        let fileSize = windows.fileSize
        guard fileSize <= wholeFileLimit else {
            throw ImageReadError(path: path, reason: .undecodable(format: format, message: "file too large"))
        }
        let file = FileBytes(head: windows.head, reader: reader, size: fileSize, descriptor: reader.descriptor)
        // HEIF, PNG and RAW are read in parts; the other formats' libraries want the whole file.
        var bytes: [UInt8] = []
        if !FormatMetadata.readsParts(of: format) {
            guard let whole = file.all() else { throw ImageReadError(path: path, reason: .unreadable(errno)) }
            bytes = whole
        }
        let found: FormatMetadata
        do throws(CodecError) {
            if let parts = try FormatMetadata.read(format, file: file) {
                found = parts
            } else {
                found = try FormatMetadata.read(format, bytes: bytes)
            }
        } catch {
            // A sound file in a variant not read yet (a PSD without a composite) is passed
            // over and counted, not a failure.
            if let kind = error.notReadYet { throw ImageReadError(path: path, reason: .unsupported(detected: kind)) }
            throw ImageReadError(path: path, reason: .undecodable(format: format, message: error.message))
        }
        var metadata = PhotoMetadata()
        var problems = found.problems
        if let exif = found.exifTIFF {
            let payload = Array("Exif\0\0".utf8) + exif
            do {
                var tags = try payload.withUnsafeBytes { bytes throws(ExifBlock.Failure) in
                    try ExifBlock(payload: bytes).tags()
                }
                if found.exifIsFileHead { tags.fillFromTIFFFile(found.tiffFile) }
                let exifProblems = metadata.apply(exif: tags)
                payload.withUnsafeBytes { metadata.readBurstIdentifier(exif: $0) }
                // A raw's or TIFF's directories are read from its first 64 KiB only: entries pointing
                // further (maker notes, strips) are expected, not damage.
                if format != .raw && format != .tiff { problems += exifProblems }
            } catch {
                problems.append("EXIF not read: out of memory")
            }
        }
        metadata.format = format
        metadata.mimeType = found.mimeType ?? format.mimeType
        // A raw's numbers are the camera's own; LibRaw gives them as sRGB, which no file says.
        metadata.colour = format == .raw ? nil : ColourDescription.name(of: found.colour)
        metadata.pixelWidth = found.width
        metadata.pixelHeight = found.height
        metadata.frames = found.frames
        if let orientation = found.orientation { metadata.orientation = orientation }
        if let displayed = found.displayed, metadata.displayWidth != displayed.width {
            // HEIF's irot/imir decide how it shows, and EXIF orientation normally agrees (iPhone:
            // 6 and irot 270°). A file whose EXIF says otherwise (heif-enc copies a JPEG's EXIF
            // and writes no irot) is described as every libheif viewer shows it.
            metadata.pixelWidth = displayed.width
            metadata.pixelHeight = displayed.height
            metadata.orientation = 1
        }
        if metadata.caption == nil { metadata.caption = found.caption }
        if metadata.cameraMake == nil { metadata.cameraMake = found.make }
        if metadata.cameraModel == nil { metadata.cameraModel = found.model }
        if metadata.takenAt == nil { metadata.takenAt = found.takenAt }
        if metadata.gps == nil { metadata.gps = found.gps }
        var text = EmbeddedText()
        if let xmp = found.xmp {
            do {
                let packet = try XMPPacket(bytes: xmp)
                text.xmp = packet.text
                // A HEIC motion photo (Samsung's, Google's) declares its appended clip as a JPEG's does.
                if format == .heif { text.motionClipLength = packet.motionPhotoClipLength }
                text.problems += text.xmp?.problems ?? []
                // PNGs without EXIF may say their orientation in XMP (exiftool writes it there).
                if found.exifTIFF == nil, found.orientation == nil,
                    let value = packet.value(Self.tiffNamespace, "Orientation").flatMap(Int.init),
                    (1...8).contains(value)
                {
                    metadata.orientation = value
                }
            } catch {
                text.problems.append("XMP not read: \(error)")
            }
        }
        // The date and position in the XMP when the format's EXIF had none, as for JPEG (a PNG
        // exiftool wrote `XMP-exif:DateTimeOriginal` into has no other date).
        metadata.adopt(text)
        let motionClip = readMotionClip(text, head: windows.head, fileSize: fileSize, reader: reader, into: &metadata)
        if found.width > 0, found.height > 0, !pixelLimit.admits(width: found.width, height: found.height) {
            problems.append(pixelLimit.refusal(width: found.width, height: found.height))
        }
        var reading = ImageFileReading(
            size: fileSize, modifiedNanoseconds: modified, fingerprint: windows.fingerprint,
            metadata: metadata, problems: problems, embeddedText: text, imageDataHash: found.imageDataHash)
        reading.motionClipRange = motionClip
        return reading
    }
}
