import PhotoSupport
import Testing

@testable import photolib

@Suite struct ParsedCommandTests {
    func parsed(_ arguments: [String]) throws -> ParsedCommand {
        guard case .run(let command) = try SampleCommands.parser.parse(arguments) else { throw CancellationError() }
        return command
    }

    @Test func wholeNumbersWithinRange() throws {
        #expect(try parsed(["list", "-j", "16"]).int("jobs", range: 1...256) == 16)
        #expect(try parsed(["list"]).int("jobs", range: 1...256) == nil)
        #expect(try parsed(["list", "--jobs", " 7 "]).int("jobs") == 7)
    }

    @Test func badNumbersNameTheOptionAndTheRange() throws {
        let outOfRange = try parsed(["list", "--jobs", "0"])
        #expect(
            throws: UsageError(
                message: "Invalid value '0' for '--jobs <n>': expected a whole number in 1...256",
                commandPath: ["list"])
        ) {
            try outOfRange.int("jobs", range: 1...256)
        }
        let notANumber = try parsed(["list", "--jobs=many"])
        #expect(
            throws: UsageError(
                message: "Invalid value 'many' for '--jobs <n>': expected a whole number",
                commandPath: ["list"])
        ) {
            try notANumber.int("jobs")
        }
    }

    @Test func builtByHandForCommandTests() {
        let command = ParsedCommand(
            path: ["list"], rawArguments: [RawPath("x.jpg")],
            options: [("tag", RawPath("a")), ("favourite", nil)],
            optionSpecs: SampleCommands.list.options)
        #expect(command.arguments == ["x.jpg"])
        #expect(command.flag("favorite"))
        #expect(command.values("tag") == ["a"])
    }
}
