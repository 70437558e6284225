import PhotoSupport
import Testing

@testable import photolib

@Suite struct ArgumentParserTests {
    typealias O = SampleCommands.Options
    /// `--jobs` as the text given, to see which of several values is kept.
    let jobsText = Option<String>("jobs", "n", help: "")
    let parser = SampleCommands.parser

    /// The command a line runs; fails the test when it is help, version or an error.
    func command(_ arguments: [String]) throws -> ParsedCommand {
        guard case .run(let command) = try parser.parse(arguments) else {
            Issue.record("\(arguments) did not parse to a command")
            throw CancellationError()
        }
        return command
    }

    func usageError(_ arguments: [String]) -> UsageError? {
        do {
            let outcome = try parser.parse(arguments)
            Issue.record("\(arguments) parsed to \(outcome), expected an error")
            return nil
        } catch let error as UsageError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func optionsBeforeAndAfterPositionals() throws {
        let parsed = try command(["list", "a.jpg", "--taken-after", "2024-01-01", "--favourite", "b.jpg"])
        #expect(parsed.path == ["list"])
        #expect(parsed.arguments == ["a.jpg", "b.jpg"])
        #expect(parsed[O.takenAfter] == "2024-01-01")
        #expect(parsed[O.favourite])
        #expect(!parsed[O.verbose])
    }

    @Test func equalsAndSeparateValuesAndRepeats() throws {
        let parsed = try command(["list", "--tag=red", "--tag", "blue", "--jobs=2", "--jobs", "3"])
        #expect(parsed.all(O.tag) == ["red", "blue"])
        #expect(parsed[jobsText] == "3")
        #expect(try parsed[O.jobs] == 3)
        #expect(parsed[O.takenAfter] == nil)
        // A value may itself contain '='.
        #expect(try command(["list", "--tag=a=b"])[O.tag] == "a=b")
    }

    @Test func aliasesOfCommandsAndOptionsGiveCanonicalNames() throws {
        let parsed = try command(["ls", "--favorite"])
        #expect(parsed.path == ["list"])
        #expect(parsed[O.favourite])
        #expect(parsed.options.map(\.name) == ["favourite"])
    }

    @Test func shortOptionsBundledAndWithValues() throws {
        let bundled = try command(["list", "-vq", "-j4"])
        #expect(bundled[O.verbose] && bundled[O.quiet])
        #expect(bundled[jobsText] == "4")
        #expect(try command(["list", "-j", "8"])[jobsText] == "8")
        #expect(try command(["list", "-vj", "2"])[jobsText] == "2")
        #expect(usageError(["list", "-x"])?.message == "Unknown option '-x'")
        #expect(usageError(["list", "-vé"])?.message == "Unknown option '-é'")
    }

    @Test func doubleDashEndsOptionsAndDashIsPositional() throws {
        let parsed = try command(["list", "-", "--", "--favourite", "-v"])
        #expect(parsed.arguments == ["-", "--favourite", "-v"])
        #expect(!parsed[O.favourite])
        #expect(try command(["list", "-5"]).arguments == ["-5"])
    }

    @Test func nestedSubcommands() throws {
        let parsed = try command(["trash", "empty", "--force"])
        #expect(parsed.path == ["trash", "empty"])
        #expect(parsed[O.force])
        #expect(try command(["trash", "restore", "a", "b"]).arguments == ["a", "b"])
        #expect(
            usageError(["trash", "emty"])?.message == "Unknown subcommand 'emty' for 'trash'. Did you mean 'empty'?")
        #expect(usageError(["trash", "emty"])?.commandPath == ["trash"])
    }

    @Test func globalOptionsAnywhere() throws {
        let before = try command(["--library", "/l", "list"])
        #expect(before[RootCommand.libraryOption] == RawPath("/l"))
        let after = try command(["trash", "empty", "--library=/m"])
        #expect(after[RootCommand.libraryOption] == RawPath("/m"))
    }

    @Test func rawBytesSurviveInArgumentsAndValues() throws {
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let outcome = try parser.parse([Array("list".utf8), name, Array("--library".utf8), [0xFF, 0x2F]])
        guard case .run(let parsed) = outcome else {
            Issue.record("not a command: \(outcome)")
            return
        }
        #expect(parsed.rawArguments == [RawPath(bytes: name)])
        #expect(parsed.arguments == ["caf\u{FFFD}.jpg"])
        #expect(parsed[RootCommand.libraryOption]?.bytes == [0xFF, 0x2F])
        #expect(parsed[RootCommand.libraryOption]?.description == "\u{FFFD}/")
    }

    @Test func helpVersionAndBareCommands() throws {
        #expect(try parser.parse([String]()).helpPath == [])
        #expect(try parser.parse(["--help"]).helpPath == [])
        #expect(try parser.parse(["list", "--help"]).helpPath == ["list"])
        #expect(try parser.parse(["list", "-h", "a.jpg"]).helpPath == ["list"])
        #expect(try parser.parse(["help"]).helpPath == [])
        #expect(try parser.parse(["help", "ls"]).helpPath == ["list"])
        #expect(try parser.parse(["help", "trash", "empty"]).helpPath == ["trash", "empty"])
        #expect(try parser.parse(["trash"]).helpPath == ["trash"])
        // Asking for help wins over a mistake elsewhere on the line…
        #expect(try parser.parse(["list", "--bogus", "--help"]).helpPath == ["list"])
        #expect(try parser.parse(["show", "--help"]).helpPath == ["show"])
        // …but not over an unknown command name.
        #expect(usageError(["lst", "--help"])?.message == "Unknown command 'lst'. Did you mean 'list'?")
        guard case .version = try parser.parse(["--version"]) else {
            Issue.record("--version")
            return
        }
        #expect(usageError(["list", "--version"])?.message == "Unknown option '--version'")
    }

    @Test func unknownNamesGetSuggestions() {
        #expect(usageError(["list", "--favorit"])?.message == "Unknown option '--favorit'. Did you mean '--favorite'?")
        #expect(
            usageError(["list", "--favourit"])?.message == "Unknown option '--favourit'. Did you mean '--favourite'?")
        #expect(usageError(["list", "--taken"])?.message == "Unknown option '--taken'. Did you mean '--taken-after'?")
        #expect(usageError(["list", "--bogus"])?.message == "Unknown option '--bogus'")
        #expect(usageError(["list", "--bogus"])?.commandPath == ["list"])
        #expect(usageError(["nosuch"])?.message == "Unknown command 'nosuch'")
        #expect(usageError(["lst"])?.message == "Unknown command 'lst'. Did you mean 'list'?")
        #expect(usageError(["help", "shw"])?.message == "Unknown command 'shw'. Did you mean 'show'?")
        #expect(usageError(["help", "trash", "x"])?.commandPath == ["trash"])
    }

    @Test func valueAndArgumentCountErrors() {
        #expect(usageError(["list", "--favourite=yes"])?.message == "The flag '--favourite' does not take a value")
        #expect(usageError(["list", "--jobs"])?.message == "Missing value for '--jobs <n>'")
        #expect(
            usageError(["list", "--taken-after", "--favourite"])?.message
                == "Missing value for '--taken-after <date>' (write --taken-after=--favourite for a value that starts with '-')"
        )
        #expect(usageError(["show"])?.message == "Missing expected argument '<asset>'")
        #expect(usageError(["show", "a", "b"])?.message == "Unexpected argument 'b'")
        #expect(usageError(["trash", "empty", "x"])?.message == "Unexpected argument 'x'")
        #expect(usageError(["trash", "restore"])?.message == "Missing expected argument '<assets>'")
    }
}

extension ParseOutcome {
    /// The path of a help outcome; nil for anything else.
    var helpPath: [String]? {
        if case .help(let path) = self { path } else { nil }
    }
}
