import Foundation
import PhotoSupport
import Synchronization

/// Runs LibRaw's preview extraction in a child process: the photolib binary started again
/// with a hidden first argument, one file per child. LibRaw 0.20 can corrupt the heap on a
/// damaged file (in `unpack_thumb`), and glibc then aborts; in a child that is one file's
/// error, not the end of an index of thousands.
///
/// The executable registers itself at start-up; without that (unit tests run in the test
/// runner) the extraction runs in process.
package enum RawPreviewWorker {
    /// The hidden first argument that makes photolib a worker.
    package static let argument = "--raw-preview-worker"

    private static let executable = Mutex<String?>(nil)

    /// The file to start as the worker: normally `/proc/self/exe`.
    package static func register(executable path: String) {
        executable.withLock { $0 = path }
    }

    /// The preview of the raw file at `path`: its embedded JPEG when at least `minimumSide`
    /// on its long side, else a half-size decode. Refuses a sensor over `limit` first.
    static func preview(of path: RawPath, minimumSide: Int, limit: PixelLimit) throws(CodecError) -> RawPreview {
        guard let program = executable.withLock({ $0 }) else {
            return try extract(path: path, minimumSide: minimumSide, limit: limit)
        }
        var output: ChildOutput
        do {
            output = try ChildProcess.run(
                program, arguments: [argument, String(minimumSide), String(limit.megapixels), path.description],
                maximumOutput: 512 << 20)
        } catch {
            throw CodecError(format: .raw, message: "cannot start the raw worker: \(error)")
        }
        if let signal = output.signal {
            throw CodecError(format: .raw, message: "LibRaw crashed on this file (signal \(signal))")
        }
        // Handed over rather than shared, so that the reply's trailer comes off without a copy.
        var reply: [UInt8] = []
        swap(&reply, &output.stdout)
        return try decodeReply(reply)
    }

    /// The worker's side: the reply for the arguments after the hidden one (minimum side,
    /// megapixel limit, path), which the executable writes to its stdout; nil for arguments
    /// that are not a worker's. A refused file is a reply too (it says why).
    package static func reply(to arguments: [String]) -> [UInt8]? {
        guard arguments.count == 4, let minimumSide = Int(arguments[1]), let megapixels = Int(arguments[2]) else {
            return nil
        }
        do {
            let preview = try extract(
                path: RawPath(arguments[3]), minimumSide: minimumSide, limit: PixelLimit(megapixels: megapixels))
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

    static func decodeReply(_ reply: consuming [UInt8]) throws(CodecError) -> RawPreview {
        guard let last = reply.last else { throw CodecError(format: .raw, message: "the raw worker said nothing") }
        if last == 0x45 { throw CodecError(format: .raw, message: String(decoding: reply.dropLast(), as: UTF8.self)) }
        guard let kind = RawPreview.Kind(rawValue: last), reply.count >= 9 else {
            throw CodecError(format: .raw, message: "the raw worker's reply is malformed")
        }
        // Read by index: the bytes stay this function's to shorten in place.
        let trailer = reply.count - 9
        var width = 0
        var height = 0
        for index in 0..<4 {
            width |= Int(reply[trailer + index]) << (8 * index)
            height |= Int(reply[trailer + 4 + index]) << (8 * index)
        }
        reply.removeLast(9)
        if kind == .rgb, reply.count < width * height * 3 {
            throw CodecError(format: .raw, message: "the raw worker's bitmap is short")
        }
        return RawPreview(kind: kind, width: width, height: height, bytes: reply)
    }
}
