import PhotoSupport

/// What a command line asks for.
enum ParseOutcome: Sendable {
    case run(ParsedCommand)
    /// Help for the command at this path (empty: `photolib` itself).
    case help(path: [String])
    case version
}

/// Turns argv into a `ParseOutcome` against a tree of `CommandSpec`s.
///
/// One pass, left to right: a positional that names a subcommand of the current command
/// (before any other positional) descends into it; options are looked up among the
/// current command's own and the global ones, so they may come before or after
/// positionals. `--` ends options; `-` alone is a positional (standard input).
struct ArgumentParser: Sendable {
    let root: CommandSpec
    let globalOptions: [OptionSpec]

    init(root: CommandSpec, globalOptions: [OptionSpec] = RootCommand.globalOptions) {
        self.root = root
        self.globalOptions = globalOptions
    }

    /// The command at `path` (canonical names), or nil.
    func spec(at path: [String]) -> CommandSpec? {
        var spec = root
        for name in path {
            guard let next = spec.subcommand(named: name) else { return nil }
            spec = next
        }
        return spec
    }

    /// Every option the command at `spec` accepts: its own, then the global ones.
    func acceptedOptions(of spec: CommandSpec) -> [OptionSpec] {
        spec.options + globalOptions
    }

    /// Parses text arguments (tests and callers that have no raw bytes).
    func parse(_ arguments: [String]) throws -> ParseOutcome {
        try parse(arguments.map { Array($0.utf8) })
    }

    /// Parses argv as the bytes the kernel gave, without the program name.
    func parse(_ arguments: [[UInt8]]) throws -> ParseOutcome {
        var state = ParseState(root: root)
        var remaining = arguments[...]
        do {
            while let argument = remaining.popFirst() {
                try consume(argument, remaining: &remaining, state: &state)
            }
            return try finish(state)
        } catch let failure as ParseFailure {
            // `photolib list --bogus --help` shows help, as a user asking for it wants;
            // a mistyped command name stays an error, since its help does not exist.
            if failure.helpMayAnswer,
                state.wantsHelp || remaining.prefix(while: { $0 != dashDash }).contains(where: isHelpFlag)
            {
                return .help(path: state.path)
            }
            throw failure.error
        }
    }

    // MARK: - One argument

    private func consume(_ argument: [UInt8], remaining: inout ArraySlice<[UInt8]>, state: inout ParseState) throws {
        if state.optionsEnded || !looksLikeOption(argument) {
            try consumePositional(argument, state: &state)
        } else if argument == dashDash {
            state.optionsEnded = true
        } else if argument.starts(with: dashDash) {
            try consumeLongOption(argument, remaining: &remaining, state: &state)
        } else {
            try consumeShortOptions(argument, remaining: &remaining, state: &state)
        }
    }

    private func consumePositional(_ argument: [UInt8], state: inout ParseState) throws {
        let spec = state.currentSpec
        let text = String(decoding: argument, as: UTF8.self)
        if state.positionals.isEmpty, !spec.subcommands.isEmpty {
            if let subcommand = spec.subcommand(named: text) {
                state.specs.append(subcommand)
                state.path.append(subcommand.name)
                return
            }
            if spec.arguments.isEmpty {
                throw ParseFailure(unknownCommand(text, in: spec, path: state.path), helpMayAnswer: false)
            }
        }
        state.positionals.append(RawPath(bytes: argument))
    }

    private func consumeLongOption(
        _ argument: [UInt8], remaining: inout ArraySlice<[UInt8]>, state: inout ParseState
    ) throws {
        let body = argument.dropFirst(2)
        let equals = body.firstIndex(of: UInt8(ascii: "="))
        let name = String(decoding: body[..<(equals ?? body.endIndex)], as: UTF8.self)
        let inlineValue = equals.map { RawPath(bytes: Array(body[($0 + 1)...])) }
        let accepted = acceptedOptions(of: state.currentSpec)
        guard let option = accepted.first(where: { $0.answers(to: name) }) else {
            let groups = accepted.map { [$0.name] + $0.aliases }
            let message = "Unknown option '--\(name)'." + Suggestion.sentence(for: name, among: groups, prefix: "--")
            throw ParseFailure(UsageError(message: trimmedSentence(message), commandPath: state.path))
        }
        if option.isFlag {
            if inlineValue != nil {
                throw ParseFailure(
                    UsageError(message: "The flag '--\(name)' does not take a value", commandPath: state.path))
            }
            record(option, value: nil, state: &state)
        } else {
            record(
                option, value: try inlineValue ?? nextValue(for: option, remaining: &remaining, state: state),
                state: &state)
        }
    }

    /// `-h`, `-j 4`, `-j4`, and bundles of flags such as `-vq`.
    private func consumeShortOptions(
        _ argument: [UInt8], remaining: inout ArraySlice<[UInt8]>, state: inout ParseState
    ) throws {
        let letters = argument.dropFirst()
        let accepted = acceptedOptions(of: state.currentSpec)
        var position = letters.startIndex
        while position < letters.endIndex {
            let byte = letters[position]
            let option = byte < 0x80 ? accepted.first { $0.short == Character(Unicode.Scalar(byte)) } : nil
            guard let option else {
                let shown = String(decoding: letters[position...], as: UTF8.self).first.map(String.init) ?? ""
                throw ParseFailure(UsageError(message: "Unknown option '-\(shown)'", commandPath: state.path))
            }
            position += 1
            if option.isFlag {
                record(option, value: nil, state: &state)
                continue
            }
            let rest = letters[position...]
            let value =
                rest.isEmpty
                ? try nextValue(for: option, remaining: &remaining, state: state) : RawPath(bytes: Array(rest))
            record(option, value: value, state: &state)
            return
        }
    }

    /// The argument after `--name`, which must not itself look like an option.
    private func nextValue(
        for option: OptionSpec, remaining: inout ArraySlice<[UInt8]>, state: ParseState
    ) throws -> RawPath {
        guard let next = remaining.first, !state.optionsEnded, !looksLikeOption(next) else {
            var message = "Missing value for '\(option.label)'"
            if let next = remaining.first, looksLikeOption(next) {
                message +=
                    " (write --\(option.name)=\(String(decoding: next, as: UTF8.self)) for a value that starts with '-')"
            }
            throw ParseFailure(UsageError(message: message, commandPath: state.path))
        }
        remaining.removeFirst()
        return RawPath(bytes: next)
    }

    private func record(_ option: OptionSpec, value: RawPath?, state: inout ParseState) {
        if option.name == RootCommand.helpOption.name && option.isFlag {
            state.wantsHelp = true
        } else if option.name == RootCommand.versionOption.name && state.path.isEmpty && option.isFlag {
            state.wantsVersion = true
        } else {
            state.options.append((option.name, value))
        }
    }

    // MARK: - The end of the line

    private func finish(_ state: ParseState) throws -> ParseOutcome {
        if state.wantsHelp { return .help(path: state.path) }
        if state.wantsVersion { return .version }
        // `photolib` alone shows help and succeeds, as a default `help` subcommand would.
        if state.path.isEmpty { return .help(path: []) }
        if state.path == [RootCommand.helpCommand.name] {
            return .help(path: try resolveHelpPath(state.positionals.map(\.description)))
        }
        let spec = state.currentSpec
        if !spec.subcommands.isEmpty, spec.arguments.isEmpty { return .help(path: state.path) }
        if let maximum = spec.maximumArgumentCount, state.positionals.count > maximum {
            throw ParseFailure(
                UsageError(message: "Unexpected argument '\(state.positionals[maximum])'", commandPath: state.path))
        }
        if state.positionals.count < spec.minimumArgumentCount {
            let missing = spec.arguments.filter { !$0.isOptional }[state.positionals.count]
            throw ParseFailure(
                UsageError(message: "Missing expected argument '<\(missing.name)>'", commandPath: state.path))
        }
        return .run(
            ParsedCommand(
                path: state.path, rawArguments: state.positionals, options: state.options,
                optionSpecs: acceptedOptions(of: spec)))
    }

    /// The command `photolib help a b` asks about, as canonical names.
    private func resolveHelpPath(_ names: [String]) throws -> [String] {
        var spec = root
        var path: [String] = []
        for name in names {
            guard let next = spec.subcommand(named: name) else {
                throw ParseFailure(unknownCommand(name, in: spec, path: path), helpMayAnswer: false)
            }
            spec = next
            path.append(next.name)
        }
        return path
    }

    private func unknownCommand(_ name: String, in spec: CommandSpec, path: [String]) -> UsageError {
        let groups = spec.subcommands.map { [$0.name] + $0.aliases }
        let subject =
            path.isEmpty
            ? "Unknown command '\(name)'." : "Unknown subcommand '\(name)' for '\(path.joined(separator: " "))'."
        return UsageError(
            message: trimmedSentence(subject + Suggestion.sentence(for: name, among: groups)), commandPath: path)
    }

    /// Drops the full stop of a message that got no "Did you mean" after it.
    private func trimmedSentence(_ message: String) -> String {
        message.hasSuffix(".") ? String(message.dropLast()) : message
    }

    private func looksLikeOption(_ argument: [UInt8]) -> Bool {
        guard argument.count > 1, argument[0] == UInt8(ascii: "-") else { return false }
        // "-5" and "-0.5" are values (a negative number), not short options; "-0" alone is
        // `--null`, as in find, xargs and sort.
        if argument == Array("-0".utf8) { return true }
        let second = argument[1]
        return !(second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9") || second == UInt8(ascii: "."))
    }

    private func isHelpFlag(_ argument: [UInt8]) -> Bool {
        argument == Array("--help".utf8) || argument == Array("-h".utf8)
    }
}

private let dashDash: [UInt8] = [UInt8(ascii: "-"), UInt8(ascii: "-")]

/// Where the parser is in the command line.
private struct ParseState {
    var specs: [CommandSpec]
    var path: [String] = []
    var positionals: [RawPath] = []
    var options: [(name: String, value: RawPath?)] = []
    var wantsHelp = false
    var wantsVersion = false
    var optionsEnded = false

    init(root: CommandSpec) { specs = [root] }

    var currentSpec: CommandSpec { specs[specs.count - 1] }
}

/// A usage error, and whether a `--help` elsewhere on the line may answer instead.
private struct ParseFailure: Error {
    var error: UsageError
    var helpMayAnswer = true

    init(_ error: UsageError, helpMayAnswer: Bool = true) {
        self.error = error
        self.helpMayAnswer = helpMayAnswer
    }
}
