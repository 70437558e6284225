import Foundation

/// What FFmpeg says of a video file: its container, streams, duration and upright size,
/// from `VideoPosterSource.probe(_:)` (read in the video worker, a child process). For any
/// container FFmpeg reads: MOV/MP4/M4V/3GP, AVI, MPEG-PS/TS (MPG, MTS/M2TS), MKV/WebM.
public struct VideoProbe: Sendable, Equatable, Codable {
    /// One stream of the file, as `pop` lists them.
    public struct Stream: Sendable, Equatable, Codable {
        /// "video", "audio", "subtitle", "data" or "attachment".
        public var kind: String
        /// FFmpeg's name for its codec: "h264", "hevc", "aac", "pcm_s16le".
        public var codec: String
        /// A video stream's stored size (before the rotation), an audio stream's rate and channels.
        public var width: Int?
        public var height: Int?
        public var sampleRate: Int?
        public var channels: Int?
    }

    /// FFmpeg's demuxer: "mov" (also MP4, M4V, 3GP), "avi", "mpeg", "mpegts", "matroska".
    public var container: String
    /// Seconds, when the container says.
    public var duration: Double?
    /// The main video and audio streams' codecs.
    public var videoCodec: String?
    public var audioCodec: String?
    /// Frames per second of the main video stream (its average, else its base rate).
    public var frameRate: Double?
    /// The picture as shown: the stored size turned by `rotation` and stretched by the pixel
    /// aspect ratio (an iPhone portrait clip is 1080x1920).
    public var width: Int
    public var height: Int
    /// Degrees clockwise the stored picture is turned for display (0, 90, 180, 270), from
    /// the display matrix, else the `rotate` tag.
    public var rotation: Int
    /// The `creation_time` tag as FFmpeg gives it (ISO 8601, UTC), and `location` (ISO 6709,
    /// "+48.8584+002.2945/"), when the file has them.
    public var creationTime: String?
    public var location: String?
    public var streams: [Stream]

    /// The EXIF orientation that turns the stored picture upright (1, 3, 6 or 8).
    public var orientation: Int {
        switch rotation {
        case 90: 6
        case 180: 3
        case 270: 8
        default: 1
        }
    }
}
