import CFFmpeg
import Foundation

/// What FFmpeg refused, as photolib says it: the step and the library's own text for its
/// return code ("Invalid data found when processing input").
struct FFmpegError: Error, Equatable {
    var message: String

    init(_ message: String) { self.message = message }

    /// `step` failed with FFmpeg return code `code` (a negative AVERROR).
    init(_ step: String, code: Int32) {
        var text = [CChar](repeating: 0, count: 128)
        let known = av_strerror(code, &text, text.count) == 0
        let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let reason = known ? String(decoding: bytes, as: UTF8.self) : "error \(code)"
        message = "\(step): \(reason)"
    }

    /// AVERROR(EAGAIN) and AVERROR_EOF, macros Swift does not import.
    static let again = -EAGAIN
    static let endOfFile: Int32 = -0x2046_4F45

    /// Opens FFmpeg's libraries on first use (see CFFmpeg), with av_log silenced.
    static func load() throws(FFmpegError) {
        if let failure = photolib_ffmpeg_load() { throw FFmpegError(String(cString: failure)) }
    }
}
