import Foundation
import PhotoLibrary
import PhotoSupport
import PhotoTestSupport
import Testing

@testable import photolib

/// Prints what it was given, so tests can see what reached a command.
private enum EchoCommand: PhotolibCommand {
    static let loud = Flag("loud", help: "Shout.")
    static let spec = CommandSpec(
        name: "echo", abstract: "Print the arguments.",
        arguments: [ArgumentSpec(name: "words", help: "Words.", isRepeating: true)],
        options: [loud.spec])

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let words = command.arguments.joined(separator: " ")
        context.stdout.write((command[loud] ? words.uppercased() : words) + "\n")
        return .success
    }
}

/// Fails in the way its argument names.
private enum FailCommand: PhotolibCommand {
    struct Plain: Error {}

    static let spec = CommandSpec(
        name: "fail", abstract: "Fail on purpose.",
        arguments: [ArgumentSpec(name: "how", help: "usage, core, other, partial, library.", isOptional: false)])

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        switch command.arguments[0] {
        case "usage": throw UsageError(message: "Invalid value 'x' for '--y <z>'")
        case "core": throw FileSystemError(path: RawPath("/nowhere/a.jpg"), reason: .notFound)
        case "other": throw Plain()
        case "partial":
            context.diagnostics.problem("b.jpg: not a JPEG")
            return .partial
        default:
            let library = try context.library(command)
            context.stdout.write(library.root.description + "\n")
            return .success
        }
    }
}

@Suite struct CommandRunnerTests {
    let runner = CommandRunner(commands: [EchoCommand.self, FailCommand.self])

    /// Runs a line in this process with memory streams: (status, stdout, stderr).
    func run(
        _ arguments: [String], environment: [String: String] = [:],
        workingDirectory: RawPath = RawPath("/")
    ) -> (ExitStatus, String, String) {
        let context = CommandContext(environment: environment, workingDirectory: workingDirectory)
        let status = runner.run(arguments, context: context)
        return (status, context.stdout.text, context.stderr.text)
    }

    @Test func runsTheNamedCommand() {
        let (status, out, err) = run(["echo", "--loud", "hi", "there"])
        #expect(status == .success)
        #expect(out == "HI THERE\n")
        #expect(err == "")
    }

    @Test func versionAndHelpGoToStdout() {
        #expect(run(["--version"]) == (.success, PhotolibVersion.banner, ""))
        #expect(PhotolibVersion.banner.hasPrefix("photolib 0.1.0\n"))
        let (status, out, err) = run(["help", "echo"])
        #expect(status == .success && err == "")
        #expect(
            out.hasPrefix("OVERVIEW: Print the arguments.\n\nUSAGE: photolib echo [--loud] [<words> ...] [<options>]\n")
        )
        #expect(run(["echo", "--help"]).1 == out)
        #expect(run([]).1 == run(["help"]).1)
    }

    @Test func usageErrorsGoToStderrWithUsage() {
        #expect(
            run(["ech"]) == (
                .usage, "",
                """
                Error: Unknown command 'ech'. Did you mean 'echo'?
                Usage: photolib <subcommand>
                  See 'photolib help' for more details.

                """
            ))
        #expect(
            run(["echo", "--lod"]) == (
                .usage, "",
                """
                Error: Unknown option '--lod'. Did you mean '--loud'?
                Usage: photolib echo [--loud] [<words> ...] [<options>]
                  See 'photolib help echo' for more details.

                """
            ))
    }

    @Test func usageErrorFromACommandShowsThatCommandsUsage() {
        #expect(
            run(["fail", "usage"]) == (
                .usage, "",
                """
                Error: Invalid value 'x' for '--y <z>'
                Usage: photolib fail <how> [<options>]
                  See 'photolib help fail' for more details.

                """
            ))
    }

    @Test func coreErrorsMapToTheirExitStatus() {
        #expect(
            run(["fail", "core"]) == (.noInput, "", "photolib: error: /nowhere/a.jpg: no such file or directory\n"))
        #expect(run(["fail", "other"]) == (.failure, "", "photolib: error: Plain()\n"))
        #expect(run(["fail", "partial"]) == (.partial, "", "photolib: b.jpg: not a JPEG\n"))
    }

    @Test func exitStatusOfEveryErrorKind() {
        #expect(ExitStatus(.failure).rawValue == 1)
        #expect(ExitStatus(.badData).rawValue == 65)
        #expect(ExitStatus(.noSuchInput).rawValue == 66)
        #expect(ExitStatus(.usage).rawValue == 64)
    }

    @Test func libraryFromOptionEnvironmentOrWorkingDirectory() throws {
        let folder = try TemporaryDirectory()
        let root = RawPath(folder.url.path)
        _ = try Library.create(at: root)
        let inside = root.appending("Trips")
        try FileSystem.createDirectory(inside)

        #expect(run(["fail", "library", "--library", root.description]) == (.success, root.description + "\n", ""))
        #expect(
            run(["fail", "library"], environment: ["PHOTOLIB_LIBRARY": root.description]).1 == root.description + "\n")
        #expect(run(["fail", "library"], workingDirectory: inside).1 == root.description + "\n")

        let (status, out, err) = run(["fail", "library"], workingDirectory: RawPath("/"))
        #expect(status == .noInput && out == "")
        #expect(err.hasPrefix("photolib: error: no photolib library found in / or any folder above it"))
    }

    @Test func failedWriteToStdoutIsReported() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let context = CommandContext(stdout: OutputStream(fileDescriptor: descriptor, buffered: true))
        #expect(runner.run(["echo", "hi"], context: context) == .failure)
        #expect(context.stderr.text == "photolib: error: cannot write to standard output: No space left on device\n")
    }
}
