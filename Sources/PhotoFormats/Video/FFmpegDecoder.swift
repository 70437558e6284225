import CFFmpeg
import Foundation

/// A video decoder (`AVCodecContext`) for one stream, freed in `deinit`, that decodes key
/// frames only, one at a time: each is sent alone and the decoder drained, so that no frame
/// after the one asked for is ever decoded.
final class FFmpegDecoder {
    let context: UnsafeMutablePointer<AVCodecContext>

    init(stream: UnsafeMutablePointer<AVStream>, codec: UnsafePointer<AVCodec>) throws(FFmpegError) {
        guard let context = avcodec_alloc_context3(codec) else { throw FFmpegError("out of memory for a decoder") }
        self.context = context
        let copied = avcodec_parameters_to_context(context, stream.pointee.codecpar)
        guard copied >= 0 else { throw FFmpegError("cannot set up the decoder", code: copied) }
        // One thread: frame threads would decode frames ahead of the one chosen, and the
        // worker's memory budget is counted for one picture. Key frames only.
        context.pointee.thread_count = 1
        context.pointee.skip_frame = AVDISCARD_NONKEY
        context.pointee.pkt_timebase = stream.pointee.time_base
        let opened = avcodec_open2(context, codec, nil)
        guard opened >= 0 else { throw FFmpegError("cannot open the \(Self.name(of: codec)) decoder", code: opened) }
    }

    deinit {
        var freeing: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&freeing)
    }

    static func name(of codec: UnsafePointer<AVCodec>) -> String {
        codec.pointee.name.map { String(cString: $0) } ?? "video"
    }

    /// Decodes the key frame in `packet` alone into `frame`.
    func decodeAlone(_ packet: FFmpegPacket, into frame: FFmpegFrame) throws(FFmpegError) {
        avcodec_flush_buffers(context)
        let sent = avcodec_send_packet(context, packet.packet)
        guard sent >= 0 else { throw FFmpegError("cannot decode the frame", code: sent) }
        // Draining makes the decoder give the frame now, not after the frames that would
        // follow it in display order.
        _ = avcodec_send_packet(context, nil)
        let received = avcodec_receive_frame(context, frame.frame)
        guard received >= 0 else {
            throw FFmpegError(
                "no picture in the key frame", code: received == FFmpegError.endOfFile ? -EINVAL : received)
        }
    }
}

/// A scaler (`SwsContext`) from one decoded frame's size and pixel format to packed RGB of
/// another size, freed in `deinit`.
final class FFmpegScaler {
    let context: OpaquePointer

    init(from frame: FFmpegFrame, width: Int, height: Int) throws(FFmpegError) {
        let format = AVPixelFormat(rawValue: frame.frame.pointee.format)
        guard
            let context = sws_getContext(
                Int32(frame.width), Int32(frame.height), format, Int32(width), Int32(height), AV_PIX_FMT_RGB24,
                Int32(SWS_BICUBIC), nil, nil, nil)
        else { throw FFmpegError("cannot scale frames of this pixel format") }
        self.context = context
    }

    deinit { sws_freeContext(context) }

    /// Scales `frame` into `target`, packed RGB rows of `stride` bytes.
    func scale(_ frame: FFmpegFrame, into target: UnsafeMutablePointer<UInt8>, stride: Int) throws(FFmpegError) {
        let rows = photolib_ffmpeg_scale_frame(context, frame.frame, target, Int32(stride))
        guard rows > 0 else { throw FFmpegError("cannot scale the frame", code: rows) }
    }
}
