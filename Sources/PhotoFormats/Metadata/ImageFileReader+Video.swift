import Foundation
import PhotoSupport

extension ImageFileReader {
    /// The containers whose header photolib walks itself (`MovieBoxes`): a clip of these costs
    /// the read of its `moov` box, not a child process. Every other kind is probed by FFmpeg.
    static let boxContainers: Set<String> = ["MOV", "MP4", "M4V", "3GP"]

    /// MIME types by the kind `FileSignature` names a video.
    static let videoMimeTypes = [
        "MOV": "video/quicktime", "MP4": "video/mp4", "M4V": "video/x-m4v", "3GP": "video/3gpp",
        "AVI": "video/x-msvideo", "MPEG": "video/mpeg", "MPEG-TS": "video/mp2t", "MTS": "video/mp2t",
        "MKV/WebM": "video/x-matroska", "WMV": "video/x-ms-wmv", "FLV": "video/x-flv",
    ]

    /// Reads a movie as an asset: its facts from the box walk (MOV, MP4, M4V, 3GP), else from
    /// FFmpeg's probe in the video worker (AVI, MPEG-PS/TS, MKV/WebM); its size upright, so its
    /// orientation is 1. A movie neither can read is one error line, as a broken photo is.
    static func readVideo(
        _ path: RawPath, kind: String, windows: ContentFingerprint.Windows, reader: FileDescriptorReader,
        modified: Int64, pixelLimit: PixelLimit
    ) throws(ImageReadError) -> ImageFileReading {
        var metadata = PhotoMetadata(format: .video, mimeType: videoMimeTypes[kind] ?? "video/mp4")
        metadata.kind = .video
        var xmp: [UInt8]?
        if boxContainers.contains(kind) {
            let file = FileBytes(head: windows.head, reader: reader, size: windows.fileSize)
            let facts: MovieFacts
            do { facts = try MovieBoxes.read(file) } catch {
                throw ImageReadError(path: path, reason: .undecodable(format: .video, message: error.message))
            }
            metadata.apply(facts)
            xmp = facts.xmp
        } else {
            let probe: VideoProbe
            do { probe = try VideoPosterSource().probe(path) } catch {
                throw ImageReadError(path: path, reason: .undecodable(format: .video, message: error.videoMessage))
            }
            metadata.apply(probe)
        }
        var problems: [String] = []
        var text = EmbeddedText()
        if let xmp {
            do {
                text.xmp = try XMPPacket(bytes: xmp).text
                text.problems += text.xmp?.problems ?? []
            } catch { text.problems.append("XMP not read: \(error)") }
        }
        metadata.adopt(text)
        if let width = metadata.pixelWidth, let height = metadata.pixelHeight,
            !pixelLimit.admits(width: width, height: height)
        {
            problems.append(pixelLimit.refusal(width: width, height: height))
        }
        var reading = ImageFileReading(
            size: windows.fileSize, modifiedNanoseconds: modified, fingerprint: windows.fingerprint,
            metadata: metadata, problems: problems, embeddedText: text)
        reading.videoKind = kind
        return reading
    }
}

extension PhotoMetadata {
    /// Takes a movie header's facts: size upright (orientation 1), date, place, camera, codecs.
    mutating func apply(_ facts: MovieFacts) {
        if let width = facts.width, let height = facts.height, width > 0, height > 0 {
            pixelWidth = width
            pixelHeight = height
        }
        orientation = 1
        takenAt = facts.takenAt
        takenAtSource = facts.takenAt == nil ? nil : .container
        gps = facts.gps
        gpsSource = facts.gps == nil ? nil : .container
        cameraMake = facts.make
        cameraModel = facts.model
        let video = VideoFacts(
            duration: facts.duration, videoCodec: facts.videoCodec, audioCodec: facts.audioCodec,
            frameRate: facts.frameRate)
        self.video = video.isEmpty ? nil : video
    }

    /// Takes what FFmpeg said of a movie: size upright, codecs, `creation_time` (UTC), `location`.
    mutating func apply(_ probe: VideoProbe) {
        if probe.width > 0, probe.height > 0 {
            pixelWidth = probe.width
            pixelHeight = probe.height
        }
        orientation = 1
        takenAt = probe.creationTime.flatMap(MovieWalk.date)
        takenAtSource = takenAt == nil ? nil : .container
        gps = probe.location.flatMap(ISO6709.coordinate)
        gpsSource = gps == nil ? nil : .container
        let video = VideoFacts(
            duration: probe.duration, videoCodec: probe.videoCodec, audioCodec: probe.audioCodec,
            frameRate: probe.frameRate)
        self.video = video.isEmpty ? nil : video
    }
}

extension ImageFileReader {
    /// The facts of a Live Photo's movie (MOV/MP4 beside its photo) from its header alone;
    /// nil when it is no movie photolib's box walk reads. The photo is indexed either way.
    public static func clipFacts(_ path: RawPath) -> VideoFacts? {
        guard let file = try? RegularFile(path) else { return nil }
        return withExtendedLifetime(file) {
            let size = Int64(file.status.st_size)
            let reader = FileDescriptorReader(descriptor: file.descriptor)
            return [UInt8]().withUnsafeBytes { empty in
                var metadata = PhotoMetadata()
                guard let facts = try? MovieBoxes.read(FileBytes(head: empty, reader: reader, size: size)) else {
                    return nil
                }
                metadata.apply(facts)
                return metadata.video
            }
        }
    }
}
