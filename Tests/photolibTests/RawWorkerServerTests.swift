import Foundation
import PhotoSupport
import PhotoTestSupport
import Testing

@testable import PhotoFormats

/// The RAW worker server (`photolib --raw-preview-server`, a `ForkServer`) through the built
/// binary: each request answered by a child of its own, a child that dies is that request's
/// failure only, and a server that dies is started again.
@Suite struct RawWorkerServerTests {
    static func request(_ path: String, side: Int = 1280) -> [UInt8] {
        Array(
            RawPreviewWorker.arguments(path: RawPath(path), minimumSide: side, limit: .standard).joined(separator: [0]))
    }

    @Test func answersRequestsOneAfterAnotherWithOneServer() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let small = try folder.write(GeneratedTIFFFixtures.dng(width: 256, height: 192), named: "small.dng")
        let large = try folder.write(GeneratedTIFFFixtures.dng(width: 640, height: 480), named: "large.dng")
        let client = try ForkServerClient(
            program: try BinaryRunner.binaryURL().path, arguments: [RawPreviewWorker.serverArgument])
        let buffer = ReadBuffer()
        for (path, size) in [(small, (128, 96)), (large, (320, 240)), (small, (128, 96))] {
            let ending = try client.run(Self.request(path.description), into: buffer, maximumOutput: 64 << 20)
            #expect(ending == ChildEnding(exitStatus: 0, signal: nil))
            let reply = try RawPreviewWorker.parseReply(UnsafeRawBufferPointer(buffer.bytes))
            // LibRaw's half-size decode, turned by the DNG's orientation 6.
            #expect((reply.kind, reply.width, reply.height) == (.rgb, size.1, size.0), "\(path)")
        }
        // A file LibRaw refuses is a reply that says so, from a child that ended normally.
        let text = try folder.write(Array("not a raw".utf8), named: "text.dng")
        #expect(try client.run(Self.request(text.description), into: buffer, maximumOutput: 1 << 20).exitStatus == 0)
        #expect(throws: CodecError.self) { try RawPreviewWorker.parseReply(UnsafeRawBufferPointer(buffer.bytes)) }
    }

    /// A child killed while it works (here one held before it starts) is reported with its
    /// signal, and the server goes on serving; when the server itself is killed, the client
    /// says so, and the decoders' source starts another.
    @Test func aKilledChildIsOneRequestsFailureAndAKilledServerIsReplaced() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let dng = try folder.write(GeneratedTIFFFixtures.dng(), named: "photo.dng")
        let held = RawPreviewWorker.holding(
            RawPreviewWorker.arguments(path: dng, minimumSide: 1280, limit: .standard), seconds: 20)
        let client = try ForkServerClient(
            program: try BinaryRunner.binaryURL().path, arguments: [RawPreviewWorker.serverArgument])
        let server = client.server
        let killer = Thread {
            // The server's child, once it has one, held before it starts.
            for _ in 0..<500 {
                if let child = Self.children(of: server).first {
                    kill(child, SIGKILL)
                    return
                }
                usleep(10_000)
            }
        }
        killer.start()
        let ending = try client.run(Array(held.joined(separator: [0])), into: ReadBuffer(), maximumOutput: 1 << 20)
        #expect(ending == ChildEnding(exitStatus: nil, signal: SIGKILL))
        let buffer = ReadBuffer()
        #expect(try client.run(Self.request(dng.description), into: buffer, maximumOutput: 8 << 20).exitStatus == 0)
        #expect(try RawPreviewWorker.parseReply(UnsafeRawBufferPointer(buffer.bytes)).kind == .rgb)

        kill(server, SIGKILL)
        usleep(50_000)
        #expect(throws: ForkServerError.serverGone) {
            try client.run(Self.request(dng.description), into: buffer, maximumOutput: 8 << 20)
        }

        let source = RawPreviewSource(program: try BinaryRunner.binaryURL().path)
        #expect(try source.preview(of: dng, minimumSide: 1280, limit: .standard).width == 96)
        let first = try #require(source.serverProcess)
        kill(first, SIGKILL)
        usleep(50_000)
        let again = try source.preview(of: dng, minimumSide: 1280, limit: .standard)
        #expect((again.kind, again.width, again.height) == (.rgb, 96, 128))
        #expect(source.serverProcess != nil && source.serverProcess != first)
    }

    /// A child that does not finish (here one held 20 s before it starts) is stopped by its own
    /// time budget, whether the server forked it or it was started for the file.
    @Test func aChildOverItsTimeBudgetIsStopped() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let dng = try folder.write(GeneratedTIFFFixtures.dng(), named: "photo.dng")
        let program = try BinaryRunner.binaryURL().path
        let arguments = RawPreviewWorker.holding(
            RawPreviewWorker.arguments(path: dng, minimumSide: 1280, limit: .standard, seconds: 1), seconds: 20)
        let client = try ForkServerClient(program: program, arguments: [RawPreviewWorker.serverArgument])
        let ending = try client.run(Array(arguments.joined(separator: [0])), into: ReadBuffer(), maximumOutput: 1 << 20)
        #expect(ending == ChildEnding(exitStatus: nil, signal: SIGALRM))

        let oneShot = try ChildProcess.run(program, rawArguments: arguments, maximumOutput: 1 << 20)
        #expect(oneShot.signal == SIGALRM)
    }

    /// A program that does not serve (it exits at once) leaves each file to a worker started for
    /// it: here the same program again, whose empty reply is the file's error.
    @Test func withoutAServerEachFileGetsAWorkerOfItsOwn() throws {
        let source = RawPreviewSource(program: "/bin/true")
        for _ in 0..<2 {
            #expect(throws: CodecError(format: .raw, message: "the raw worker said nothing")) {
                try source.preview(of: RawPath("/nonexistent.dng"), minimumSide: 1280, limit: .standard)
            }
            #expect(source.serverProcess == nil)
        }
    }

    /// The processes whose parent is `parent` (from /proc/*/stat).
    static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && pid_t(fields[1]) == parent ? pid : nil
        }
    }
}
