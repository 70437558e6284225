import Foundation
import PhotoFormats

// A reader that goes away (`photolib list | head -1`) must not kill us: with SIGPIPE
// ignored, writes fail with EPIPE, which the output stream treats as "stop writing".
signal(SIGPIPE, SIG_IGN)

// LibRaw runs in a child photolib (see RawPreviewWorker): this process may be that child.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == RawPreviewWorker.argument {
    exit(RawPreviewWorker.serve(Array(CommandLine.arguments.dropFirst())))
}
RawPreviewWorker.register(executable: "/proc/self/exe")

let status = CommandRunner(commands: CommandRegistry.commands)
    .run(CommandRunner.processArguments(), context: .forCurrentProcess())
exit(status.rawValue)
