import CFFmpeg
import PhotoSupport

/// An opened container (libavformat's `AVFormatContext`), closed in `deinit`. Only files are
/// read: the path goes to FFmpeg behind `file:` (a name such as `http:x.mov` is no URL) and
/// only the file protocol and the demuxers of camera and phone containers are allowed (a
/// playlist or concat script named `.mp4` opens nothing else).
final class FFmpegInput {
    let context: UnsafeMutablePointer<AVFormatContext>

    /// The demuxers photolib lets FFmpeg choose from, by FFmpeg's names.
    static let demuxers = "mov,mp4,m4a,3gp,3g2,mj2,avi,mpeg,mpegts,matroska,webm,yuv4mpegpipe,flv,asf,mjpeg"

    init(path: RawPath) throws(FFmpegError) {
        try FFmpegError.load()
        var options: OpaquePointer?
        av_dict_set(&options, "protocol_whitelist", "file", 0)
        av_dict_set(&options, "format_whitelist", Self.demuxers, 0)
        defer { av_dict_free(&options) }
        var opened: UnsafeMutablePointer<AVFormatContext>?
        let url = Array("file:".utf8) + path.bytes + [0]
        let code = url.withUnsafeBufferPointer { url in
            url.baseAddress!.withMemoryRebound(to: CChar.self, capacity: url.count) {
                avformat_open_input(&opened, $0, nil, &options)
            }
        }
        guard code >= 0, let opened else { throw FFmpegError("not a video FFmpeg reads", code: code) }
        context = opened
        let found = avformat_find_stream_info(context, nil)
        guard found >= 0 else {
            var closing: UnsafeMutablePointer<AVFormatContext>? = context
            avformat_close_input(&closing)
            throw FFmpegError("no streams found", code: found)
        }
    }

    deinit {
        var closing: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&closing)
    }

    /// The demuxer's first name: "mov", "avi", "mpeg", "mpegts", "matroska".
    var containerName: String {
        guard let format = context.pointee.iformat, let name = format.pointee.name else { return "unknown" }
        return String(String(cString: name).split(separator: ",").first ?? "unknown")
    }

    /// The whole file's duration in seconds, when the container says.
    var duration: Double? {
        let value = context.pointee.duration
        guard value != Int64.min, value > 0 else { return nil }
        return Double(value) / Double(AV_TIME_BASE)
    }

    /// The first timestamp, in AV_TIME_BASE units (0 when unknown).
    var startTime: Int64 {
        let value = context.pointee.start_time
        return value == Int64.min ? 0 : value
    }

    var streamCount: Int { Int(context.pointee.nb_streams) }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream>? {
        guard index >= 0, index < streamCount else { return nil }
        return context.pointee.streams[index]
    }

    /// The stream FFmpeg would play, of `type`, and its decoder (nil when it has none).
    func bestStream(_ type: AVMediaType) -> (index: Int, decoder: UnsafePointer<AVCodec>?)? {
        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(context, type, -1, -1, &decoder, 0)
        guard index >= 0 else { return nil }
        return (Int(index), decoder)
    }

    /// A tag of the container, else of stream `index`: "creation_time", "location".
    func tag(_ key: String, stream index: Int? = nil) -> String? {
        if let value = Self.tag(key, in: context.pointee.metadata) { return value }
        guard let index, let stream = stream(index) else { return nil }
        return Self.tag(key, in: stream.pointee.metadata)
    }

    static func tag(_ key: String, in dictionary: OpaquePointer?) -> String? {
        guard let dictionary, let entry = av_dict_get(dictionary, key, nil, 0), let value = entry.pointee.value else {
            return nil
        }
        return String(cString: value)
    }

    /// Reads the next packet into `packet`: false at the end of the file (or on a read error
    /// past which nothing more can be read).
    func read(into packet: FFmpegPacket) -> Bool {
        packet.unref()
        return av_read_frame(context, packet.packet) >= 0
    }

    /// Seeks to the first key frame at or after `seconds` from the start; false when the
    /// container cannot seek there.
    func seek(toSeconds seconds: Double) -> Bool {
        let target = startTime + Int64(seconds * Double(AV_TIME_BASE))
        return av_seek_frame(context, -1, target, 0) >= 0
    }
}

/// A packet (`AVPacket`), freed in `deinit`; one is reused for every read.
final class FFmpegPacket {
    let packet: UnsafeMutablePointer<AVPacket>

    init() throws(FFmpegError) {
        guard let packet = av_packet_alloc() else { throw FFmpegError("out of memory for a packet") }
        self.packet = packet
    }

    deinit {
        var freeing: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&freeing)
    }

    func unref() { av_packet_unref(packet) }

    var streamIndex: Int { Int(packet.pointee.stream_index) }
    var isKey: Bool { photolib_ffmpeg_packet_is_key(packet) != 0 }
    /// Its presentation time (else its decoding time), in its stream's time base.
    var time: Int64? {
        let pts = packet.pointee.pts
        if pts != Int64.min { return pts }
        let dts = packet.pointee.dts
        return dts == Int64.min ? nil : dts
    }
}

/// A decoded frame (`AVFrame`), freed in `deinit`.
final class FFmpegFrame {
    let frame: UnsafeMutablePointer<AVFrame>

    init() throws(FFmpegError) {
        guard let frame = av_frame_alloc() else { throw FFmpegError("out of memory for a frame") }
        self.frame = frame
    }

    deinit {
        var freeing: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&freeing)
    }

    var width: Int { Int(frame.pointee.width) }
    var height: Int { Int(frame.pointee.height) }
}
