import Foundation
import PhotoSupport

/// A raw file's preview for one decoding thread, from `RawPreviewWorker`'s children: through
/// this thread's worker server while it serves, else a worker started for the file. The reply
/// is read into memory kept from one file to the next, and the picture is used where it lies.
final class RawPreviewSource {
    /// A preview in this source's memory, valid until its next `preview`.
    struct Preview {
        var kind: RawPreview.Kind
        var width: Int
        var height: Int
        var bytes: UnsafeMutableRawBufferPointer
    }

    /// The photolib binary to start as the worker, or nil to extract in this process.
    private let program: String?
    private var server: ForkServerClient?
    /// Set when no server starts or one will not fork: each file gets its own worker then.
    private var serverUnusable = false
    private let reply = ReadBuffer()
    /// Replies above this size are read into memory that is given back before the next one.
    private static let keptCapacity = 64 << 20

    /// Seconds each file's child may take (`RawPreviewWorker.timeBudget`).
    private let seconds: Int

    init(program: String? = RawPreviewWorker.registeredExecutable, seconds: Int = RawPreviewWorker.timeBudget) {
        self.program = program
        self.seconds = seconds
    }

    /// The worker server's process, while there is one.
    var serverProcess: pid_t? { server?.server }

    /// The preview of the raw file at `path`: its embedded JPEG when at least `minimumSide` on
    /// its long side, else a half-size decode. Refuses a sensor over `limit` first.
    func preview(of path: RawPath, minimumSide: Int, limit: PixelLimit) throws(CodecError) -> Preview {
        reply.shrink(to: Self.keptCapacity)
        let arguments = RawPreviewWorker.arguments(
            path: path, minimumSide: minimumSide, limit: limit, seconds: seconds)
        guard let program else {
            reply.replace(with: RawPreviewWorker.reply(to: arguments) ?? [])
            return try parsed()
        }
        let ending: ChildEnding
        if let served = try served(arguments, program: program) {
            ending = served
        } else {
            let output: ChildOutput
            do {
                output = try ChildProcess.run(
                    program, rawArguments: arguments, maximumOutput: RawPreviewWorker.maximumReply)
            } catch {
                throw CodecError(format: .raw, message: "cannot start the raw worker: \(error)")
            }
            reply.replace(with: output.stdout)
            ending = ChildEnding(exitStatus: output.exitStatus, signal: output.signal)
        }
        if ending.signal == SIGALRM {
            throw CodecError(format: .raw, message: "LibRaw took more than \(seconds) s on this file: stopped")
        }
        if let signal = ending.signal {
            throw CodecError(format: .raw, message: "LibRaw crashed on this file (signal \(signal))")
        }
        return try parsed()
    }

    /// How the server's child for `arguments` ended, its reply read; nil when there is no
    /// server to ask. A server that went away is started again once; when that one is gone
    /// too, or one will not fork, there is none for this source any more.
    private func served(_ arguments: [[UInt8]], program: String) throws(CodecError) -> ChildEnding? {
        let request = Array(arguments.joined(separator: [0]))
        for attempt in 0..<2 where !serverUnusable {
            do {
                let server =
                    try self.server ?? ForkServerClient(program: program, arguments: [RawPreviewWorker.serverArgument])
                self.server = server
                return try server.run(request, into: reply, maximumOutput: RawPreviewWorker.maximumReply)
            } catch ForkServerError.serverGone {
                server = nil
                serverUnusable = attempt == 1
            } catch ForkServerError.tooMuchOutput {
                throw CodecError(format: .raw, message: "the raw worker's reply is larger than any preview")
            } catch {
                server = nil
                serverUnusable = true
            }
        }
        return nil
    }

    private func parsed() throws(CodecError) -> Preview {
        let bytes = reply.bytes
        let found = try RawPreviewWorker.parseReply(UnsafeRawBufferPointer(bytes))
        return Preview(
            kind: found.kind, width: found.width, height: found.height,
            bytes: UnsafeMutableRawBufferPointer(rebasing: bytes[..<found.length]))
    }
}
