import CFFmpeg
import Foundation

extension VideoProbe {
    /// The probe of an opened file, or an error when it has no video stream.
    init(_ input: FFmpegInput) throws(FFmpegError) {
        guard let best = input.bestStream(AVMEDIA_TYPE_VIDEO), let video = input.stream(best.index) else {
            throw FFmpegError("no video stream")
        }
        let parameters = video.pointee.codecpar.pointee
        rotation = Self.rotation(of: video)
        let stored = (Int(parameters.width), Int(parameters.height))
        let shown = Self.aspectCorrected(width: stored.0, height: stored.1, ratio: parameters.sample_aspect_ratio)
        let upright = rotation % 180 == 0 ? shown : (shown.1, shown.0)
        width = upright.0
        height = upright.1
        container = input.containerName
        duration = input.duration
        videoCodec = String(cString: avcodec_get_name(parameters.codec_id))
        var audio: String?
        if let found = input.bestStream(AVMEDIA_TYPE_AUDIO), let stream = input.stream(found.index) {
            audio = String(cString: avcodec_get_name(stream.pointee.codecpar.pointee.codec_id))
        }
        audioCodec = audio
        frameRate = Self.rate(video.pointee.avg_frame_rate) ?? Self.rate(video.pointee.r_frame_rate)
        creationTime = input.tag("creation_time", stream: best.index)
        location = input.tag("location") ?? input.tag("com.apple.quicktime.location.ISO6709")
        var streams: [Stream] = []
        for index in 0..<input.streamCount {
            if let stream = input.stream(index) { streams.append(Self.describe(stream)) }
        }
        self.streams = streams
    }

    static func rate(_ value: AVRational) -> Double? {
        guard value.num > 0, value.den > 0 else { return nil }
        return Double(value.num) / Double(value.den)
    }

    /// Degrees clockwise from the display matrix (FFmpeg gives them counter-clockwise), else
    /// the `rotate` tag, to the nearest quarter turn.
    static func rotation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size = 0
        var degrees: Double?
        if let matrix = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 {
            let counterClockwise = matrix.withMemoryRebound(to: Int32.self, capacity: 9) {
                av_display_rotation_get($0)
            }
            if counterClockwise.isFinite { degrees = -counterClockwise }
        }
        if degrees == nil, let tag = FFmpegInput.tag("rotate", in: stream.pointee.metadata) { degrees = Double(tag) }
        guard let degrees else { return 0 }
        let quarters = Int((degrees / 90).rounded())
        return ((quarters % 4) + 4) % 4 * 90
    }

    /// A stored size stretched by its pixel aspect ratio (DV's 720x480 at 10:11 shows 655x480).
    static func aspectCorrected(width: Int, height: Int, ratio: AVRational) -> (Int, Int) {
        guard ratio.num > 0, ratio.den > 0, ratio.num != ratio.den else { return (width, height) }
        let stretched = (Double(width) * Double(ratio.num) / Double(ratio.den)).rounded()
        guard stretched >= 1, stretched < 1_000_000 else { return (width, height) }
        return (Int(stretched), height)
    }

    static func describe(_ stream: UnsafeMutablePointer<AVStream>) -> Stream {
        let parameters = stream.pointee.codecpar.pointee
        let kind: String =
            switch parameters.codec_type {
            case AVMEDIA_TYPE_VIDEO: "video"
            case AVMEDIA_TYPE_AUDIO: "audio"
            case AVMEDIA_TYPE_SUBTITLE: "subtitle"
            case AVMEDIA_TYPE_ATTACHMENT: "attachment"
            default: "data"
            }
        var described = Stream(kind: kind, codec: String(cString: avcodec_get_name(parameters.codec_id)))
        if kind == "video" {
            described.width = Int(parameters.width)
            described.height = Int(parameters.height)
        } else if kind == "audio" {
            described.sampleRate = parameters.sample_rate > 0 ? Int(parameters.sample_rate) : nil
            described.channels = parameters.ch_layout.nb_channels > 0 ? Int(parameters.ch_layout.nb_channels) : nil
        }
        return described
    }
}
