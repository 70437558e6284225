import Foundation
import PhotoSupport

/// Parses a command line, runs the command it names, and turns every outcome into
/// output and an exit status (errors through `Diagnostics`).
struct CommandRunner {
    let commands: [any PhotolibCommand.Type]
    let parser: ArgumentParser
    let help: HelpFormatter

    init(commands: [any PhotolibCommand.Type]) {
        self.commands = commands
        parser = ArgumentParser(root: RootCommand.spec(commands: commands.map { $0.spec }))
        help = HelpFormatter(parser: parser)
    }

    /// Runs one command line (without the program name) and returns its exit status,
    /// with stdout flushed. A reader that closed the pipe early is not a failure.
    func run(_ arguments: [[UInt8]], context: CommandContext) -> ExitStatus {
        var status = dispatch(arguments, context: context)
        context.stdout.flush()
        if let code = context.stdout.writeError {
            context.diagnostics.error(StandardOutputError(errno: code))
            if status == .success { status = .failure }
        }
        context.stderr.flush()
        return status
    }

    /// Runs a command line given as text (tests).
    func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        run(arguments.map { Array($0.utf8) }, context: context)
    }

    private func dispatch(_ arguments: [[UInt8]], context: CommandContext) -> ExitStatus {
        var path: [String] = []
        do {
            switch try parser.parse(arguments) {
            case .version:
                context.stdout.write(PhotolibVersion.banner)
                return .success
            case .help(let helpPath):
                context.stdout.write(help.help(for: helpPath))
                return .success
            case .run(let command):
                path = command.path
                guard let type = commands.first(where: { $0.spec.name == command.path.first }) else {
                    throw UsageError(message: "Unknown command '\(command.path.joined(separator: " "))'")
                }
                var context = context
                context.verbosity = try Verbosity(command)
                return try type.run(command, context: context)
            }
        } catch {
            return context.diagnostics.commandFailed(error, path: path, help: help)
        }
    }

    /// This process's arguments as the exact bytes the kernel passed, without argv[0].
    static func processArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { argument in
                Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
            }
        }
    }
}

/// Standard output could not be written (a full disk, a closed terminal); a reader that
/// went away is not one.
private struct StandardOutputError: PhotolibError {
    var errno: Int32
    var kind: ErrorKind { .failure }
    var description: String { "cannot write to standard output: \(String(cString: strerror(errno)))" }
}
