import Foundation
import PhotoSupport

/// Reads what indexing needs from one JPEG file: size, modification time, fingerprint,
/// frame header and EXIF metadata, and the problems a still usable file has.
///
/// It reads the first and last 64 KiB with `pread` (one read when the file is smaller than
/// 128 KiB), the windows of its content fingerprint, and only goes further when metadata
/// segments run past the head. Safe to call from many threads at once: every call has its
/// own buffers and libexif handle.
public enum ImageFileReader {
    /// Reads `path`; an image over `pixelLimit` is read all the same, with the refusal among its
    /// problems (renditions will not be made of it).
    public static func read(
        _ path: RawPath, pixelLimit: PixelLimit = .standard
    ) throws(ImageReadError) -> ImageFileReading {
        // The one way originals are opened: a FIFO or a device at the path is refused unread.
        let file: RegularFile
        do { file = try RegularFile(path) } catch { throw ImageReadError(path: path, reason: openFailure(error)) }
        defer { withExtendedLifetime(file) {} }
        let descriptor = file.descriptor
        let info = file.status
        let size = Int64(info.st_size)
        guard size > 0 else { throw ImageReadError(path: path, reason: .empty) }
        let modified = info.modifiedNanoseconds

        // The fingerprint's windows serve the marker walk too: nearly every file's metadata is
        // in its first 64 KiB.
        return try ContentFingerprint.withWindows(of: descriptor, size: size) {
            (windows) throws(ImageReadError) -> ImageFileReading in
            switch windows {
            case .success(let windows):
                try read(
                    path, windows: windows, reader: FileDescriptorReader(descriptor: descriptor), modified: modified,
                    pixelLimit: pixelLimit)
            case .failure(let failure):
                throw ImageReadError(path: path, reason: .unreadable(failure.code))
            }
        }
    }

    /// The rest of `read`, with the file open and its head and tail read.
    private static func read(
        _ path: RawPath, windows: ContentFingerprint.Windows, reader: FileDescriptorReader, modified: Int64,
        pixelLimit: PixelLimit
    ) throws(ImageReadError) -> ImageFileReading {
        let head = windows.head
        let tail = windows.tail
        let fileSize = windows.fileSize
        guard fileSize > 0 else { throw ImageReadError(path: path, reason: .empty) }
        let format = ImageFormat.detect(head)
        if let format, format != .jpeg {
            return try readOtherFormat(
                format, path: path, windows: windows, reader: reader, modified: modified, pixelLimit: pixelLimit)
        }
        guard head.count >= 2, head[0] == 0xFF, head[1] == 0xD8 else {
            let detected = FileSignature.describe(head)
            if format == nil, let detected, detected.hasSuffix(" video") {
                return try readVideo(
                    path, kind: String(detected.dropLast(" video".count)), windows: windows, reader: reader,
                    modified: modified, pixelLimit: pixelLimit)
            }
            throw ImageReadError(path: path, reason: .unsupported(detected: detected))
        }

        let walk = JPEGMarkerReader.walk(head: head, fileSize: fileSize, reader: reader)
        if case .readError(let code) = walk.stop { throw ImageReadError(path: path, reason: .unreadable(code)) }
        guard walk.layout.hasImageData, let frame = walk.layout.frame, let scanOffset = walk.layout.firstScanOffset
        else {
            throw ImageReadError(path: path, reason: .noImageData)
        }

        var problems: [String] = []
        var metadata = PhotoMetadata()
        if !EndOfImageSearch.isPresent(
            head: head, tail: tail, fileSize: fileSize, scanOffset: scanOffset, reader: reader)
        {
            problems.append("truncated (no end-of-image marker)")
        }
        problems += readExif(walk.layout, head: head, fileSize: fileSize, reader: reader, into: &metadata)
        // The profile, when there is one, says more than EXIF's DCF rule (set by readExif).
        if let parts = iccProfileParts(walk.layout, head: head, fileSize: fileSize, reader: reader) {
            metadata.colour = ColourDescription.name(ofProfileParts: parts)
        } else if metadata.colour == nil {
            metadata.colour = ColourDescription.name(of: nil)
        }
        let embeddedText = readEmbeddedText(walk.layout, head: head, fileSize: fileSize, reader: reader)
        metadata.adopt(embeddedText)
        let motionClip = readMotionClip(embeddedText, head: head, fileSize: fileSize, reader: reader, into: &metadata)
        if frame.width > 0, frame.height > 0 {
            metadata.pixelWidth = frame.width
            metadata.pixelHeight = frame.height
            if !pixelLimit.admits(width: frame.width, height: frame.height) {
                problems.append(pixelLimit.refusal(width: frame.width, height: frame.height))
            }
        } else {
            problems.append("frame header gives no size (\(frame.width)x\(frame.height))")
        }
        // From the first scan on: what exiftool leaves as it was when it rewrites the metadata
        // segments before it.
        let (fingerprint, imageDataHash) = windows.fingerprintAndImageDataHash(
            region: scanOffset, length: fileSize - scanOffset, reader: reader)
        var reading = ImageFileReading(
            size: fileSize, modifiedNanoseconds: modified, fingerprint: fingerprint,
            metadata: metadata, problems: problems, layout: walk.layout, embeddedText: embeddedText,
            imageDataHash: imageDataHash)
        reading.motionClipRange = motionClip
        return reading
    }

    private static func openFailure(_ error: FileSystemError) -> ImageReadError.Reason {
        switch error.reason {
        case .notFound, .notADirectory: .vanished
        case .special: .notARegularFile
        case .permissionDenied: .unreadable(EACCES)
        case .system(let code, _): .unreadable(code)
        default: .unreadable(EIO)
        }
    }

    /// Parses the EXIF block: the first APP1 `Exif` segment, from the head when it is there
    /// (nearly always), else read on its own; joined with the segments that continue it when
    /// a writer split a block too big for one segment (`ExifSegments`). An unusable block
    /// gives problem lines, never an error.
    private static func readExif(
        _ layout: JPEGLayout, head: UnsafeRawBufferPointer, fileSize: Int64,
        reader: FileDescriptorReader, into metadata: inout PhotoMetadata
    ) -> [String] {
        let segments = layout.segments.filter { $0.kind == .exif }
        guard let first = segments.first else { return [] }
        func parse(_ payload: UnsafeRawBufferPointer, joined: [UInt8]? = nil) -> [String] {
            do {
                var tags = try ExifBlock(payload: payload).tags()
                if let joined { tags.fillBeyondLibexifLimit(payload: joined) }
                if let described = tags.colourDescription { metadata.colour = ColourDescription.name(of: described) }
                let problems = metadata.apply(exif: tags)
                metadata.readBurstIdentifier(exif: payload)
                return problems
            } catch {
                return ["EXIF not read: out of memory"]
            }
        }
        if segments.count > 1 {
            let payloads = segments.compactMap { segmentBytes($0, head: head, fileSize: fileSize, reader: reader) }
            guard payloads.count == segments.count, !payloads[0].isEmpty else {
                return ["corrupt EXIF: segment past the end of the file"]
            }
            let joined = ExifSegments.join(payloads)
            return joined.withUnsafeBytes { parse($0, joined: joined) }
        }
        let segment = first
        let available = Int(min(Int64(segment.payloadLength), fileSize - segment.payloadOffset))
        guard available > 0 else { return ["corrupt EXIF: empty segment"] }
        let end = segment.payloadOffset + Int64(available)
        if end <= Int64(head.count) {
            return parse(UnsafeRawBufferPointer(rebasing: head[Int(segment.payloadOffset)..<Int(end)]))
        }
        let payload = UnsafeMutableRawBufferPointer.allocate(byteCount: available, alignment: 16)
        defer { payload.deallocate() }
        let count = reader.read(at: segment.payloadOffset, into: payload)
        guard count >= 0 else { return ["EXIF not read: \(String(cString: strerror(errno)))"] }
        guard count > 0 else { return ["corrupt EXIF: segment past the end of the file"] }
        return parse(UnsafeRawBufferPointer(rebasing: payload[..<count]))
    }

    /// The ICC profile of the APP2 `ICC_PROFILE` segments (read where they lie, the head
    /// nearly always), joined as libjpeg joins them for the renditions; nil without one.
    /// The parts of the file's ICC profile, in order (`JPEGColour.profileParts`).
    private static func iccProfileParts(
        _ layout: JPEGLayout, head: UnsafeRawBufferPointer, fileSize: Int64, reader: FileDescriptorReader
    ) -> [ArraySlice<UInt8>]? {
        let segments = layout.segments.filter { $0.kind == .iccProfile }
        guard !segments.isEmpty else { return nil }
        let chunks = segments.compactMap { segmentBytes($0, head: head, fileSize: fileSize, reader: reader) }
        guard chunks.count == segments.count else { return nil }
        return JPEGColour.profileParts(chunks)
    }
}
