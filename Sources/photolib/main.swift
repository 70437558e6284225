import Foundation
import PhotoFormats
import PhotoSupport

// A reader that goes away (`photolib list | head -1`) must not kill us: with SIGPIPE
// ignored, writes fail with EPIPE, which the output stream treats as "stop writing".
signal(SIGPIPE, SIG_IGN)

// LibRaw runs in a child photolib (see RawPreviewWorker): this process may be that child, or
// the server that forks them.
if CommandLine.arguments.count > 1,
    [RawPreviewWorker.argument, RawPreviewWorker.serverArgument].contains(CommandLine.arguments[1])
{
    // LibRaw's OpenMP threads sleep between its parallel loops rather than spin (libgomp's
    // default): spinning cost 10% more CPU per half-size decode, on cores other workers share.
    // libgomp reads it when it loads, with LibRaw, after this (the worker's environment is
    // empty: `ChildProcess`).
    setenv("OMP_WAIT_POLICY", "PASSIVE", 1)
    if CommandLine.arguments == [CommandLine.arguments[0], RawPreviewWorker.serverArgument] {
        exit(RawPreviewWorker.serve())
    }
    // Its arguments as bytes: a path need not be UTF-8.
    let arguments = (1..<Int(CommandLine.argc)).map { index in
        CommandLine.unsafeArgv[index].map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
    }
    guard let reply = RawPreviewWorker.childReply(to: arguments) else { exit(64) }
    exit(FileSystem.writeAll(reply, to: STDOUT_FILENO) ? 0 : 1)
}
// FFmpeg runs in a child photolib too (see VideoWorker), one per video.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == VideoWorker.argument {
    let arguments = (1..<Int(CommandLine.argc)).map { index in
        CommandLine.unsafeArgv[index].map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
    }
    guard let reply = VideoWorker.childReply(to: arguments) else { exit(64) }
    exit(FileSystem.writeAll(reply, to: STDOUT_FILENO) ? 0 : 1)
}
RawPreviewWorker.register(executable: "/proc/self/exe")
VideoWorker.register(executable: "/proc/self/exe")

let status = CommandRunner(commands: CommandRegistry.commands)
    .run(CommandRunner.processArguments(), context: .forCurrentProcess())
exit(status.rawValue)
