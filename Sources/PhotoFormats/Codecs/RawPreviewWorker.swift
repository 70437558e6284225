import Foundation
import PhotoSupport
import Synchronization

/// Runs LibRaw's preview extraction in a child process: one file per child, so that a file
/// that crashes LibRaw is that file's error. LibRaw 0.20 can corrupt the heap on a damaged
/// file (in `unpack_thumb`), and glibc then aborts; in a child that is one file's error, not
/// the end of an index of thousands.
///
/// The children are forked by a server (`ForkServer`): the photolib binary started again with
/// `serverArgument`, once per decoding thread, LibRaw loaded before its first fork. Where that
/// cannot be (no server starts, or it will not fork), each file gets the binary started with
/// `argument` instead. The executable registers itself at start-up; without that (unit tests
/// run in the test runner) the extraction runs in process.
package enum RawPreviewWorker {
    /// The hidden first argument that makes photolib a one-file worker.
    package static let argument = "--raw-preview-worker"
    /// The hidden first argument that makes photolib a worker server (its stdin the socket).
    package static let serverArgument = "--raw-preview-server"
    /// The most a reply may hold: a half-size decode of the largest sensor the pixel limit admits.
    static let maximumReply = 512 << 20

    /// Seconds a worker child may take over one file before it is stopped. LibRaw's half-size
    /// decode of the largest sensors takes 2 or 3 s; a damaged file that sent it into a loop, or
    /// a file whose reading blocks, would otherwise hold its decoding thread for ever.
    package static let timeBudget = 30

    private static let executable = Mutex<String?>(nil)

    /// The file to start as the worker: normally `/proc/self/exe`.
    package static func register(executable path: String) {
        executable.withLock { $0 = path }
    }

    static var registeredExecutable: String? { executable.withLock { $0 } }

    /// The server's side (for `serverArgument`): LibRaw loaded once, then every request (a
    /// worker's arguments, NUL-separated) answered by a forked child. Returns the exit status.
    package static func serve() -> Int32 {
        // Loaded before the first fork, so that no child loads it again; a failure is each
        // request's reply to give.
        _ = try? LibRawFile.load()
        return ForkServer.serve(socket: 0) { request in
            let arguments = request.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
            return childReply(to: arguments) ?? Array("malformed request".utf8) + [0x45]
        }
    }

    /// A worker's arguments, as bytes (a server's request is them joined by NUL): the hidden
    /// one, the minimum side, the megapixel limit, the seconds it may take and the path,
    /// exactly as the file system has it.
    static func arguments(
        path: RawPath, minimumSide: Int, limit: PixelLimit, seconds: Int = timeBudget
    ) -> [[UInt8]] {
        [
            Array(argument.utf8), Array(String(minimumSide).utf8), Array(String(limit.megapixels).utf8),
            Array(String(seconds).utf8), path.bytes,
        ]
    }

    /// A request's sixth field, for the tests of the time budget and of a killed child only: the
    /// seconds the child waits before it starts, standing for a decode that does not finish
    /// (a FIFO no longer blocks an open, and no regular file blocks a read).
    package static func holding(_ arguments: [[UInt8]], seconds: Int) -> [[UInt8]] {
        arguments + [Array(String(seconds).utf8)]
    }

    /// `reply(to:)` in a worker child (one-shot, or forked by the server), which the kernel
    /// stops with SIGALRM once the request's seconds have passed: a timer of the child's own,
    /// so that it ends wherever it is stuck, in a loop of LibRaw's or blocked in a read.
    package static func childReply(to arguments: [[UInt8]]) -> [UInt8]? {
        guard arguments.count == 5 || arguments.count == 6,
            let seconds = Int(String(decoding: arguments[3], as: UTF8.self)), seconds > 0
        else { return nil }
        let hold = arguments.count == 6 ? Int(String(decoding: arguments[5], as: UTF8.self)) : 0
        guard let hold, hold >= 0 else { return nil }
        // Its own default and unblocked: a process inherits the mask of the thread that
        // started it, and a worker thread's blocks SIGALRM.
        var alarmSignal = sigset_t()
        sigemptyset(&alarmSignal)
        sigaddset(&alarmSignal, SIGALRM)
        sigprocmask(SIG_UNBLOCK, &alarmSignal, nil)
        signal(SIGALRM, SIG_DFL)
        alarm(UInt32(clamping: seconds))
        var remaining = UInt32(clamping: hold)
        while remaining > 0 { remaining = sleep(remaining) }
        return reply(to: Array(arguments.prefix(5)))
    }

    /// The worker's side: the reply for its `arguments`, which the executable writes to its
    /// stdout; nil for arguments that are not a worker's. A refused file is a reply too (it
    /// says why).
    package static func reply(to arguments: [[UInt8]]) -> [UInt8]? {
        let number = { (bytes: [UInt8]) in Int(String(decoding: bytes, as: UTF8.self)) }
        guard arguments.count == 5, arguments[0] == Array(argument.utf8), let minimumSide = number(arguments[1]),
            let megapixels = number(arguments[2]), number(arguments[3]) != nil
        else { return nil }
        do {
            let preview = try extract(
                path: RawPath(bytes: arguments[4]), minimumSide: minimumSide, limit: PixelLimit(megapixels: megapixels))
            return encodeReply(preview)
        } catch {
            return Array(error.message.utf8) + [0x45]
        }
    }

    static func extract(path: RawPath, minimumSide: Int, limit: PixelLimit) throws(CodecError) -> RawPreview {
        // A mapping, not a copy: LibRaw reads each byte once. A file truncated while mapped
        // (SIGBUS) ends this worker only, like any crash in LibRaw.
        let file = try LibRawFile(path: path)
        guard limit.admits(width: file.width, height: file.height) else {
            throw CodecError(format: .raw, message: limit.refusal(width: file.width, height: file.height))
        }
        return try file.preview(minimumSide: minimumSide)
    }

    /// The JPEG or RGB bytes, then a trailer: width and height (32-bit little-endian) and the
    /// kind byte last; or a message and `E`. A trailer, not a header: the 3 MB of pixels are
    /// neither copied behind a header in the worker nor out from behind it in photolib.
    static func encodeReply(_ preview: consuming RawPreview) -> [UInt8] {
        var reply: [UInt8] = []
        swap(&reply, &preview.bytes)
        for value in [preview.width, preview.height] {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { reply += $0 }
        }
        reply.append(preview.kind.rawValue)
        return reply
    }

    /// A reply's kind and size, and the length of its picture's bytes (which start it).
    static func parseReply(
        _ reply: UnsafeRawBufferPointer
    ) throws(CodecError) -> (
        kind: RawPreview.Kind, width: Int, height: Int, length: Int
    ) {
        guard let last = reply.last else { throw CodecError(format: .raw, message: "the raw worker said nothing") }
        if last == 0x45 {
            throw CodecError(format: .raw, message: String(decoding: reply.dropLast(), as: UTF8.self))
        }
        guard let kind = RawPreview.Kind(rawValue: last), reply.count >= 9 else {
            throw CodecError(format: .raw, message: "the raw worker's reply is malformed")
        }
        let trailer = reply.count - 9
        var width = 0
        var height = 0
        for index in 0..<4 {
            width |= Int(reply[trailer + index]) << (8 * index)
            height |= Int(reply[trailer + 4 + index]) << (8 * index)
        }
        if kind == .rgb, trailer < width * height * 3 {
            throw CodecError(format: .raw, message: "the raw worker's bitmap is short")
        }
        return (kind, width, height, trailer)
    }

    static func decodeReply(_ reply: consuming [UInt8]) throws(CodecError) -> RawPreview {
        let parsed = try reply.withUnsafeBytes { bytes in Result { () throws(CodecError) in try parseReply(bytes) } }
            .get()
        reply.removeLast(reply.count - parsed.length)
        return RawPreview(kind: parsed.kind, width: parsed.width, height: parsed.height, bytes: reply)
    }
}
