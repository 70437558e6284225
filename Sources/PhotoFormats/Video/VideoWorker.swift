import Foundation
import PhotoSupport
import Synchronization

/// Runs FFmpeg in a child process, one file per child: photolib started again with
/// `argument` (see main.swift), so that a file that crashes a demuxer or a decoder, or sends
/// one into a loop, is that file's error, and FFmpeg's libraries are loaded in the child
/// alone (the photolib that indexes never maps them). The child's kernel timer stops it
/// after the request's seconds; its address space is capped at the pixel limit's decode
/// budget and 1 GiB for the program and the libraries, so that a decoder's runaway
/// allocation fails in it rather than taking the machine's memory.
package enum VideoWorker {
    /// The hidden first argument that makes photolib a video worker.
    package static let argument = "--video-worker"
    /// Seconds a child may take over one file.
    package static let timeBudget = 30  // VideoPosterSource.init says it too
    /// The most a reply may hold: the largest poster any rendition size asks for, and more.
    static let maximumReply = 256 << 20
    /// Address space a child may map besides the decode budget.
    static let programSpace = 1 << 30

    /// What a child is asked.
    package enum Request: String, Sendable {
        case probe, poster
    }

    private static let executable = Mutex<String?>(nil)

    /// The file to start as the worker: normally `/proc/self/exe`. Without it (unit tests run
    /// in the test runner) the work is done in process.
    package static func register(executable path: String) {
        executable.withLock { $0 = path }
    }

    static var registeredExecutable: String? { executable.withLock { $0 } }

    /// A child's arguments, as bytes: the hidden one, the request, the poster's side, the
    /// megapixel limit, the seconds it may take and the path, as the file system has it.
    static func arguments(
        _ request: Request, path: RawPath, side: Int, limit: PixelLimit, seconds: Int
    ) -> [[UInt8]] {
        [
            Array(argument.utf8), Array(request.rawValue.utf8), Array(String(side).utf8),
            Array(String(limit.megapixels).utf8), Array(String(seconds).utf8), path.bytes,
        ]
    }

    /// The child's side: its budgets set, the reply for `arguments` (nil for arguments that
    /// are not a worker's), which the executable writes to its stdout.
    package static func childReply(to arguments: [[UInt8]]) -> [UInt8]? {
        let number = { (bytes: [UInt8]) in Int(String(decoding: bytes, as: UTF8.self)) }
        guard arguments.count == 6, arguments[0] == Array(argument.utf8),
            let request = Request(rawValue: String(decoding: arguments[1], as: UTF8.self)),
            let side = number(arguments[2]), side > 0, let megapixels = number(arguments[3]), megapixels > 0,
            let seconds = number(arguments[4]), seconds > 0
        else { return nil }
        let limit = PixelLimit(megapixels: megapixels)
        // Its own default and unblocked: a process inherits the mask of the thread that started it.
        var alarmSignal = sigset_t()
        sigemptyset(&alarmSignal)
        sigaddset(&alarmSignal, SIGALRM)
        sigprocmask(SIG_UNBLOCK, &alarmSignal, nil)
        signal(SIGALRM, SIG_DFL)
        alarm(UInt32(clamping: seconds))
        let space = rlim_t(clamping: limit.decodeBudget + programSpace)
        var cap = rlimit(rlim_cur: space, rlim_max: space)
        setrlimit(Int32(RLIMIT_AS.rawValue), &cap)
        return reply(request, path: RawPath(bytes: arguments[5]), side: side, limit: limit)
    }

    /// The reply for one request, done in this process: a poster's pixels or a probe's JSON
    /// followed by a trailer, or a message and `E`.
    static func reply(_ request: Request, path: RawPath, side: Int, limit: PixelLimit) -> [UInt8] {
        do {
            switch request {
            case .probe:
                let probe = try VideoProbe(FFmpegInput(path: path))
                let json = (try? JSONEncoder().encode(probe)).map(Array.init) ?? []
                return json + [0x4A]
            case .poster:
                return encode(try VideoPosterFrame.poster(of: path, side: side, limit: limit))
            }
        } catch {
            return Array(error.message.utf8) + [0x45]
        }
    }

    /// The pixels, then width, height, display width and height (32-bit little-endian) and `P`.
    static func encode(_ poster: VideoPoster) -> [UInt8] {
        var reply = poster.pixels
        for value in [poster.width, poster.height, poster.displayWidth, poster.displayHeight] {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { reply += $0 }
        }
        reply.append(0x50)
        return reply
    }

    /// The message of an error reply, or nil when `reply` is none.
    static func failure(in reply: [UInt8]) -> String? {
        guard reply.last == 0x45 else { return nil }
        return String(decoding: reply.dropLast(), as: UTF8.self)
    }

    static func decodeProbe(_ reply: [UInt8]) throws(FFmpegError) -> VideoProbe {
        if let message = failure(in: reply) { throw FFmpegError(message) }
        guard reply.last == 0x4A, let probe = try? JSONDecoder().decode(VideoProbe.self, from: Data(reply.dropLast()))
        else { throw FFmpegError("the video worker's reply is malformed") }
        return probe
    }

    static func decodePoster(_ reply: [UInt8]) throws(FFmpegError) -> VideoPoster {
        if let message = failure(in: reply) { throw FFmpegError(message) }
        guard reply.last == 0x50, reply.count >= 17 else { throw FFmpegError("the video worker's reply is malformed") }
        let trailer = reply.count - 17
        var values = [0, 0, 0, 0]
        for field in 0..<4 {
            for byte in 0..<4 { values[field] |= Int(reply[trailer + field * 4 + byte]) << (8 * byte) }
        }
        guard values[0] > 0, values[1] > 0, trailer == values[0] * values[1] * 3 else {
            throw FFmpegError("the video worker's poster is short")
        }
        return VideoPoster(
            width: values[0], height: values[1], pixels: Array(reply[..<trailer]), displayWidth: values[2],
            displayHeight: values[3])
    }
}
