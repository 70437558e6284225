import Foundation

// A reader that goes away (`photolib list | head -1`) must not kill us: with SIGPIPE
// ignored, writes fail with EPIPE, which the output stream treats as "stop writing".
signal(SIGPIPE, SIG_IGN)

let status = CommandRunner(commands: CommandRegistry.commands)
    .run(CommandRunner.processArguments(), context: .forCurrentProcess())
exit(status.rawValue)
