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

    /// Keys are matched by name: no command may offer two options (or an option and a global
    /// one) under one long name, alias or short letter, or one key would read another's value.
    @Test func everyCommandsOptionNamesAreUnique() {
        func check(_ spec: CommandSpec, path: [String]) {
            let options = spec.options + RootCommand.globalOptions
            let names = options.flatMap { [$0.name] + $0.aliases }
            let shorts = options.compactMap(\.short)
            // export declares its own --verbose and --quiet, which the parser finds first.
            let shadowed = Set(spec.options.map(\.name)).intersection(RootCommand.globalOptions.map(\.name))
            #expect(names.count - shadowed.count == Set(names).count, "\(path): \(names)")
            #expect(shorts.count - shadowed.count == Set(shorts).count, "\(path): \(shorts)")
            for subcommand in spec.subcommands { check(subcommand, path: path + [subcommand.name]) }
        }
        check(RootCommand.spec(commands: CommandRegistry.commands.map { $0.spec }), path: [])
    }

    @Test func aCommandDeclaresOnlyItsOwnAndTheGlobalOptions() throws {
        let command = try parsed(["list"])
        #expect(command.declares(SampleCommands.Options.favourite))
        #expect(command.declares(RootCommand.libraryOption))
        #expect(!command.declares(Flag("favourit", help: "")))
    }
}
