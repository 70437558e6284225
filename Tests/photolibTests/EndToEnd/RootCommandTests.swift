import Foundation
import PhotoFormats
import PhotoTestSupport
import Testing

@testable import photolib

/// The built binary, run as a user runs it: exact stdout, stderr and exit status.
@Suite struct RootCommandTests {
    @Test func version() throws {
        let result = try BinaryRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "photolib \(PhotolibVersion.current)\n\(Gazetteer.attribution)\n")
        #expect(result.stdout.hasPrefix("photolib 0.1.0\nPlace names and coordinates © GeoNames"))
        #expect(result.stderr == "")
    }

    @Test func rootHelpThreeWays() throws {
        let help = try BinaryRunner.run(["--help"])
        #expect(help.status == 0 && help.stderr == "")
        #expect(help.stdout.hasPrefix("OVERVIEW: Manage a library of photos from the command line.\n"))
        #expect(help.stdout.contains("\nUSAGE: photolib <subcommand>\n"))
        #expect(help.stdout.hasSuffix("\n  See 'photolib help <subcommand>' for detailed help.\n"))
        for command in CommandRegistry.commands.map({ $0.spec }) + [RootCommand.helpCommand] {
            #expect(help.stdout.contains("\n  \(command.name)"), "\(command.name) missing from the root help")
        }
        // `photolib` alone and `photolib help` print the same help and succeed.
        #expect(try BinaryRunner.run([]) == (0, help.stdout, ""))
        #expect(try BinaryRunner.run(["help"]) == (0, help.stdout, ""))
        #expect(try BinaryRunner.run(["-h"]) == (0, help.stdout, ""))
    }

    @Test func helpOfHelp() throws {
        #expect(
            try BinaryRunner.run(["help", "help"]) == (
                0,
                """
                OVERVIEW: Show help for a command.

                USAGE: photolib help [<subcommands> ...] [<options>]

                ARGUMENTS:
                  <subcommands>           The command to show help for.

                OPTIONS:
                  --library <dir>         The library to use (default: $PHOTOLIB_LIBRARY, else
                                          the nearest .photolib/ above the working directory)
                  -q, --quiet             No summary, progress or warning: only errors.
                  -v, --verbose           A line on stderr for each file or asset handled.
                  -h, --help              Show help information.

                """, ""
            ))
    }

    @Test func unknownCommand() throws {
        #expect(
            try BinaryRunner.run(["nosuch"]) == (
                64, "",
                """
                Error: Unknown command 'nosuch'
                Usage: photolib <subcommand>
                  See 'photolib help' for more details.

                """
            ))
        #expect(try BinaryRunner.run(["hlp"]).stderr.hasPrefix("Error: Unknown command 'hlp'. Did you mean 'help'?\n"))
        #expect(try BinaryRunner.run(["help", "nosuch"]).status == 64)
    }

    @Test func unknownOption() throws {
        #expect(
            try BinaryRunner.run(["--bogus"]) == (
                64, "",
                """
                Error: Unknown option '--bogus'
                Usage: photolib <subcommand>
                  See 'photolib help' for more details.

                """
            ))
        #expect(
            try BinaryRunner.run(["--verison"]).stderr.hasPrefix(
                "Error: Unknown option '--verison'. Did you mean '--version'?\n"))
        #expect(try BinaryRunner.run(["--version=2"]).status == 64)
    }

    /// `photolib … | head -1`: the reader is gone before we write; we end quietly with 0.
    @Test func closedPipeEndsQuietly() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let process = Process()
        process.executableURL = try BinaryRunner.binaryURL()
        process.arguments = ["--help"]
        process.environment = BinaryRunner.childEnvironment(adding: [:])
        process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: stderr, as: UTF8.self) == "")
    }

    /// A full disk is a real failure, unlike a closed pipe.
    @Test func fullDiskFails() throws {
        let process = Process()
        process.executableURL = try BinaryRunner.binaryURL()
        process.arguments = ["--version"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(
            String(decoding: stderr, as: UTF8.self)
                == "photolib: error: cannot write to standard output: No space left on device\n")
    }

    @Test func stdinAndEnvironmentReachTheBinary() throws {
        // No command reads stdin yet; at least the runner must not hang on it or on a working directory.
        let folder = try TemporaryDirectory()
        let result = try BinaryRunner.runRaw(
            ["--version"], stdin: Data("{}\n".utf8), environment: ["COLUMNS": "20"],
            workingDirectory: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout == Array(PhotolibVersion.banner.utf8))
    }
}
