/// What a QuickTime or ISO BMFF movie (MOV, MP4, M4V, 3GP) says about itself in its `moov`
/// box, read without decoding a frame (`MovieBoxes`). Values the movie does not carry stay nil.
public struct MovieFacts: Sendable, Equatable {
    /// Seconds, from the movie header (`mvhd`), else the longest track's media header.
    public var duration: Double?
    /// The video track's size as shown: its track header's size turned by its matrix (an
    /// iPhone portrait clip is 1080x1920, stored 1920x1080 with a quarter turn).
    public var width: Int?
    public var height: Int?
    /// The video track's turn, in degrees clockwise (0, 90, 180, 270), as exiftool's Rotation.
    public var rotation = 0
    /// FFmpeg's names for the first video and audio tracks' codecs: `hevc`, `h264`, `aac`…
    public var videoCodec: String?
    public var audioCodec: String?
    /// Frames per second of the video track: its samples over its media duration.
    public var frameRate: Double?
    /// `com.apple.quicktime.creationdate` (with its offset), else `©day`, else the movie
    /// header's creation time (UTC).
    public var takenAt: CaptureDate?
    public var gps: GPSCoordinate?
    public var make: String?
    public var model: String?
    /// `com.apple.quicktime.content.identifier`: what pairs a Live Photo's movie with its photo.
    public var contentIdentifier: String?
    /// The XMP packet of a `uuid` box (BE7ACFCB-97A9-42E8-9C71-999491E3AFAC) or `XMP_` atom.
    public var xmp: [UInt8]?

    public init() {}
}

/// Why a movie's header could not be read: one short phrase.
public struct MovieReadError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }

    static let noMovieHeader = MovieReadError("no movie header (truncated recording?)")
    static let tooManyBoxes = MovieReadError("too many boxes in the movie header")
    static let tooDeep = MovieReadError("boxes nested too deep in the movie header")
    static let headerTooLarge = MovieReadError("movie header too large")
    static let readFailed = MovieReadError("read failed")
}
