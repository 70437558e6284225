/// What an asset is to the person looking at it: PhotoKit's `mediaType`, with Live Photos and
/// motion photos apart since they are shown and filtered apart.
public enum MediaKind: String, Sendable, Equatable, CaseIterable {
    /// A still image.
    case photo
    /// A movie of its own (MOV, MP4, AVI, MTS…).
    case video
    /// A still with a short movie: an Apple Live Photo (its movie a companion file), or a
    /// Samsung/Google motion photo (its movie appended to the still).
    case live
}

/// What a movie says of itself, for the catalog: read from its header (`MovieBoxes`) or by
/// FFmpeg in the video worker (`VideoProbe`). Values the movie does not carry stay nil.
public struct VideoFacts: Sendable, Equatable {
    /// Seconds.
    public var duration: Double?
    /// FFmpeg's names of the main video and audio streams' codecs: `hevc`, `h264`, `aac`…
    public var videoCodec: String?
    public var audioCodec: String?
    /// Frames per second of the main video stream.
    public var frameRate: Double?

    public init(duration: Double? = nil, videoCodec: String? = nil, audioCodec: String? = nil, frameRate: Double? = nil)
    {
        self.duration = duration
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.frameRate = frameRate
    }

    /// True when the movie said none of these.
    public var isEmpty: Bool { duration == nil && videoCodec == nil && audioCodec == nil && frameRate == nil }
}

extension PhotoMetadata {
    /// Sets one of the movie's facts, making `video` when the first one is read (a catalog
    /// row's columns arrive one at a time); nil leaves it as it is.
    public mutating func setVideo<Value>(_ field: WritableKeyPath<VideoFacts, Value?>, _ value: Value?) {
        guard let value else { return }
        if video == nil { video = VideoFacts() }
        video?[keyPath: field] = value
    }
}
