import PhotoSupport
import Testing

@testable import photolib

@Suite struct ParsedCommandTests {
    func parsed(_ arguments: [String]) throws -> ParsedCommand {
        guard case .run(let command) = try SampleCommands.parser.parse(arguments) else { throw CancellationError() }
        return command
    }

    /// `--jobs` as a command with a range declares it; `SampleCommands`' key has none.
    let rangedJobs = Option<Int>("jobs", "n", short: "j", range: 1...256, help: "Worker threads.")

    @Test func wholeNumbersWithinRange() throws {
        #expect(try parsed(["list", "-j", "16"])[rangedJobs] == 16)
        #expect(try parsed(["list"])[rangedJobs] == nil)
        #expect(try parsed(["list", "--jobs", " 7 "])[SampleCommands.Options.jobs] == 7)
    }

    @Test func badNumbersNameTheOptionAndTheRange() throws {
        let outOfRange = try parsed(["list", "--jobs", "0"])
        #expect(
            throws: UsageError(
                message: "Invalid value '0' for '--jobs <n>': expected a whole number in 1...256",
                commandPath: ["list"])
        ) {
            try outOfRange[rangedJobs]
        }
        let notANumber = try parsed(["list", "--jobs=many"])
        #expect(
            throws: UsageError(
                message: "Invalid value 'many' for '--jobs <n>': expected a whole number",
                commandPath: ["list"])
        ) {
            try notANumber[SampleCommands.Options.jobs]
        }
    }

    @Test func builtByHandForCommandTests() {
        let command = ParsedCommand(
            path: ["list"], rawArguments: [RawPath("x.jpg")],
            options: [("tag", RawPath("a")), ("favourite", nil)],
            optionSpecs: SampleCommands.list.options)
        #expect(command.arguments == ["x.jpg"])
        #expect(command[SampleCommands.Options.favourite])
        #expect(command.all(SampleCommands.Options.tag) == ["a"])
    }
}
