import Foundation
import PhotoFormats
import PhotoSupport
import PhotoTestSupport
import Testing

@testable import photolib

/// Real commands run in this process with a made-up outside world: what they read of the
/// environment, the working directory, standard input and the terminal comes from the
/// `CommandContext` alone.
@Suite struct CommandContextTests {
    /// A library over a copy of SampleLibrary/, made and indexed in-process (no renditions).
    final class Sample {
        let folder: TemporaryDirectory
        var root: RawPath { RawPath(folder.url.path) }

        init() throws {
            folder = try TemporaryDirectory()
            let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary")
            for file in FileManager.default.enumerator(atPath: sample.path)!.compactMap({ $0 as? String })
            where file.hasSuffix(".jpg") {
                let destination = folder.url.appendingPathComponent(file)
                try FileManager.default.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: sample.appendingPathComponent(file), to: destination)
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: destination.path)
            }
            let (status, _, _) = run(["init"], workingDirectory: root)
            try #require(status == .success)
            try #require(run(["index", "--no-renditions", "-q"], workingDirectory: root).status == .success)
        }

        /// `photolib arguments…` in this process: (status, stdout, stderr).
        func run(
            _ arguments: [String], workingDirectory: RawPath? = nil, environment: [String: String] = [:],
            stdin: InputSource = .empty(), stdinIsTerminal: Bool = false, stdoutIsTerminal: Bool = false,
            terminal: TerminalSize = .standard, dataFiles: DataFiles? = nil
        ) -> (status: ExitStatus, stdout: String, stderr: String) {
            let context = CommandContext(
                environment: environment, workingDirectory: workingDirectory ?? root, stdin: stdin,
                stdinIsTerminal: stdinIsTerminal, stdoutIsTerminal: stdoutIsTerminal, terminal: terminal,
                dataFiles: dataFiles)
            let status = CommandRunner(commands: CommandRegistry.commands).run(arguments, context: context)
            return (status, context.stdout.text, context.stderr.text)
        }

        func ids(_ extra: [String] = []) -> [String] {
            run(["list", "--ids"] + extra).stdout.split(separator: "\n").map(String.init)
        }
    }

    @Test func theLibraryIsFoundFromTheWorkingDirectoryOrTheEnvironment() throws {
        let sample = try Sample()
        let inside = sample.root.appending("2016")
        #expect(sample.run(["list", "--ids"], workingDirectory: inside).stdout.split(separator: "\n").count == 10)
        let elsewhere = sample.run(["list", "--ids"], workingDirectory: RawPath("/"))
        #expect(elsewhere.status == .noInput)
        let named = sample.run(
            ["list", "--ids"], workingDirectory: RawPath("/"),
            environment: ["PHOTOLIB_LIBRARY": sample.root.description])
        #expect(named.stdout.split(separator: "\n").count == 10)
        // A relative --library, and relative paths given to index, are read from the working directory.
        let relative = sample.run(["index", "../2015", "--library", "..", "--json"], workingDirectory: inside)
        #expect(relative.status == .success)
        #expect(relative.stdout.contains("\"unchanged\": 5"))
    }

    @Test func initMakesARelativeFolderInTheWorkingDirectory() throws {
        let folder = try TemporaryDirectory()
        let root = RawPath(folder.url.path)
        try FileSystem.createDirectory(root.appending("photos"))
        let context = CommandContext(workingDirectory: root)
        #expect(
            CommandRunner(commands: CommandRegistry.commands).run(["init", "photos"], context: context) == .success)
        #expect(context.stdout.text == "Initialized empty photolib library in \(root)/photos/.photolib/\n")
    }

    @Test func assetsAreReadFromTheGivenStandardInput() throws {
        let sample = try Sample()
        let ids = sample.ids(["--limit", "3"])
        let result = sample.run(["action", "like", "-", "--json"], stdin: .text(ids.joined(separator: "\n") + "\n"))
        #expect(result.status == .success)
        #expect(sample.ids(["--liked"]) == ids)
    }

    @Test func deletingSeveralAsksOnATerminalAndNeedsYesFromAScript() throws {
        let sample = try Sample()
        let two = Array(sample.ids().prefix(2))
        let script = sample.run(["action", "delete"] + two)
        #expect(script.status == .usage)
        #expect(script.stderr.hasPrefix("Error: Deleting 2 assets from a script needs --yes"))

        let declined = sample.run(["action", "delete"] + two, stdin: .text("n\n"), stdinIsTerminal: true)
        #expect(declined.status == .failure)
        #expect(
            declined.stderr == "Move 2 photos to the trash? [y/N] photolib: error: cancelled; nothing was deleted\n")
        #expect(sample.ids(["--trashed"]).isEmpty)

        let accepted = sample.run(["action", "delete"] + two, stdin: .text("y\n"), stdinIsTerminal: true)
        #expect(accepted.status == .success)
        #expect(sample.ids(["--trashed"]).sorted() == two.sorted())
    }

    /// The commands that drop catalog state for good ask on a terminal and need --yes from a
    /// script, whatever the count (issue 26.4).
    @Test func forgetAndTrashEmptyAskOnATerminal() throws {
        let sample = try Sample()
        let one = Array(sample.ids().prefix(1))
        #expect(sample.run(["action", "delete"] + one).status == .success)
        let script = sample.run(["trash", "empty"])
        #expect(script.status == .usage && script.stderr.contains("needs --yes"))
        let declined = sample.run(["trash", "empty"], stdin: .text("n\n"), stdinIsTerminal: true)
        #expect(declined.status == .failure)
        #expect(
            declined.stderr
                == "Delete 1 trashed original for good? [y/N] photolib: error: cancelled; nothing was deleted\n")
        #expect(sample.ids(["--trashed"]) == one)
        let accepted = sample.run(["trash", "empty"], stdin: .text("y\n"), stdinIsTerminal: true)
        #expect(accepted.status == .success, "\(accepted.stderr)")
        #expect(sample.ids(["--trashed"]).isEmpty)
    }

    @Test func tablesFitTheTerminalOnlyWhenStdoutIsOne() throws {
        let sample = try Sample()
        let narrow = TerminalSize(columns: 110, rows: 20)
        let onTerminal = sample.run(["list"], stdoutIsTerminal: true, terminal: narrow).stdout
        let inPipe = sample.run(["list"], terminal: narrow).stdout
        let widths = { (text: String) in text.split(separator: "\n").map { DisplayWidth.of(String($0)) } }
        #expect(widths(onTerminal).allSatisfy { $0 <= 110 })
        #expect(widths(inPipe).contains { $0 > 110 })
    }

    @Test func peekShowsTextOnATerminalAndInAPipeAndJSONOnlyWhenAsked() throws {
        let sample = try Sample()
        let id = try #require(sample.ids().first)
        let terminal = sample.run(["peek", id, "--image", "none"], stdoutIsTerminal: true)
        #expect(terminal.status == .success)
        #expect(terminal.stdout.hasPrefix("Caption  "))
        // `peek | less`: the text a person reads, without the picture.
        let pipe = sample.run(["peek", id])
        #expect(pipe.status == .success)
        #expect(pipe.stdout.hasPrefix("Caption  "))
        #expect(!pipe.stdout.contains("\u{1B}"))
        #expect(sample.run(["peek", id, "--json"]).stdout.hasPrefix("{\n"))
    }

    @Test func theShippedGazetteerIsFoundWhereTheContextSays() throws {
        let empty = try TemporaryDirectory()
        let nowhere = DataFiles(searchDirectories: [RawPath(empty.url.path)])
        let context = CommandContext(dataFiles: nowhere)
        let runner = CommandRunner(commands: CommandRegistry.commands)
        #expect(runner.run(["places", "lookup", "48.8584", "2.2945"], context: context) == .noInput)
        #expect(context.stderr.text.contains("gazetteer not found"))

        let found = CommandContext(environment: [DataFiles.environmentVariable: ShippedGazetteerFolder.path])
        #expect(runner.run(["places", "lookup", "48.8584", "2.2945"], context: found) == .success)
        #expect(found.stdout.text.hasPrefix("Paris, "))
    }
}

/// The package's Data/, where the shipped gazetteer is.
private enum ShippedGazetteerFolder {
    static let path = BinaryRunner.packageRoot.appendingPathComponent("Data").path
}
