import PhotoSupport

/// The outcome of parsing one command line: which command, its positionals and its options.
///
/// Option names are the canonical long names (an alias given on the command line is
/// recorded under the name it stands for). Commands read them with their keys
/// (`command[ListCommand.Options.json]`, `OptionKey.swift`), never by a name in a string.
struct ParsedCommand: Sendable {
    /// Command names below the root: `["list"]`, `["trash", "empty"]`.
    var path: [String]
    /// Positionals as text (invalid UTF-8 repaired with U+FFFD), for display and parsing.
    var arguments: [String]
    /// The same positionals as the exact bytes from argv, for opening files.
    var rawArguments: [RawPath]
    /// Every option given, in command-line order; a flag has a nil value.
    var options: [(name: String, value: RawPath?)]
    /// The options the command accepts, to check that a key read is one of them.
    var optionSpecs: [OptionSpec]

    init(
        path: [String], rawArguments: [RawPath] = [], options: [(name: String, value: RawPath?)] = [],
        optionSpecs: [OptionSpec] = []
    ) {
        self.path = path
        self.rawArguments = rawArguments
        self.arguments = rawArguments.map(\.description)
        self.options = options
        self.optionSpecs = optionSpecs
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
