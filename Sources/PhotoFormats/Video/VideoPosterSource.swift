import Foundation
import PhotoSupport

/// A video's probe and poster frame, from `VideoWorker`'s children (in process when no
/// executable is registered, as in unit tests). The API the rest of photolib uses for
/// videos: `probe` fills a video asset's fields (container, duration, codecs, frame rate,
/// upright size, creation time, location), `poster` gives its renditions' picture.
public struct VideoPosterSource: Sendable {
    private let program: String?
    private let seconds: Int

    /// Children of the registered photolib binary, each stopped after `seconds` (30 by default).
    public init(seconds: Int = 30) {
        self.init(program: VideoWorker.registeredExecutable, seconds: seconds)
    }

    init(program: String?, seconds: Int) {
        self.program = program
        self.seconds = seconds
    }

    /// What FFmpeg says of the video at `path`. Throws `ImagingError` with one line of why
    /// when it is no video FFmpeg reads, or its child crashed or ran out of time.
    public func probe(_ path: RawPath) throws(ImagingError) -> VideoProbe {
        let reply = try run(.probe, path: path, side: 1, limit: .standard)
        do {
            return try VideoWorker.decodeProbe(reply)
        } catch {
            throw Self.failure(path, error.message)
        }
    }

    /// The poster frame of the video at `path`, upright, fitted within `side` on its long
    /// side (never enlarged). Refuses a video whose picture is over `limit` or its decode budget.
    package func poster(_ path: RawPath, side: Int, limit: PixelLimit) throws(ImagingError) -> VideoPoster {
        let reply = try run(.poster, path: path, side: side, limit: limit)
        do {
            return try VideoWorker.decodePoster(reply)
        } catch {
            throw Self.failure(path, error.message)
        }
    }

    private func run(
        _ request: VideoWorker.Request, path: RawPath, side: Int, limit: PixelLimit
    ) throws(ImagingError) -> [UInt8] {
        guard let program else { return VideoWorker.reply(request, path: path, side: side, limit: limit) }
        let arguments = VideoWorker.arguments(request, path: path, side: side, limit: limit, seconds: seconds)
        let output: ChildOutput
        do {
            output = try ChildProcess.run(program, rawArguments: arguments, maximumOutput: VideoWorker.maximumReply)
        } catch {
            throw Self.failure(path, "cannot start the video worker: \(error)")
        }
        if output.signal == SIGALRM { throw Self.failure(path, "FFmpeg took more than \(seconds) s: stopped") }
        if let signal = output.signal { throw Self.failure(path, "FFmpeg crashed on this file (signal \(signal))") }
        if output.exitStatus != 0, output.stdout.isEmpty {
            throw Self.failure(path, "the video worker failed (exit status \(output.exitStatus ?? -1))")
        }
        return output.stdout
    }

    static func failure(_ path: RawPath, _ message: String) -> ImagingError {
        ImagingError(path: path, reason: .undecodableVideo(message))
    }
}
