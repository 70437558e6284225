import PhotoSupport

/// The outcome of parsing one command line: which command, its positionals and its options.
///
/// Option names are the canonical long names (an alias given on the command line is
/// recorded under the name it stands for, and may be asked for by either).
struct ParsedCommand: Sendable {
    /// Command names below the root: `["list"]`, `["trash", "empty"]`.
    var path: [String]
    /// Positionals as text (invalid UTF-8 repaired with U+FFFD), for display and parsing.
    var arguments: [String]
    /// The same positionals as the exact bytes from argv, for opening files.
    var rawArguments: [RawPath]
    /// Every option given, in command-line order; a flag has a nil value.
    var options: [(name: String, value: RawPath?)]
    /// The options the command accepts, for alias lookup and messages.
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

    /// True when the flag was given (once or more).
    func flag(_ name: String) -> Bool {
        let name = canonicalName(name)
        return options.contains { $0.name == name }
    }

    /// The option's value as text; the last one when given more than once.
    func value(_ name: String) -> String? {
        rawValue(name)?.description
    }

    /// Every value of a repeatable option, in command-line order.
    func values(_ name: String) -> [String] {
        rawValues(name).map(\.description)
    }

    /// The option's value as the exact argv bytes (for paths such as `--library`).
    func rawValue(_ name: String) -> RawPath? {
        rawValues(name).last
    }

    /// Every value of a repeatable option as exact argv bytes.
    func rawValues(_ name: String) -> [RawPath] {
        let name = canonicalName(name)
        return options.compactMap { $0.name == name ? $0.value : nil }
    }

    /// The option's value as a whole number, checked against `range`; nil when not given.
    func int(_ name: String, range: ClosedRange<Int>? = nil) throws -> Int? {
        guard let text = value(name) else { return nil }
        let expectation =
            range.map { "expected a whole number in \($0.lowerBound)...\($0.upperBound)" }
            ?? "expected a whole number"
        guard let number = Int(text.trimmingWhitespace()), range?.contains(number) ?? true else {
            throw UsageError(
                message: "Invalid value '\(text)' for '\(label(of: name))': \(expectation)",
                commandPath: path)
        }
        return number
    }

    /// `--jobs <n>` for "jobs", as messages name the option.
    func label(of name: String) -> String {
        let name = canonicalName(name)
        return optionSpecs.first { $0.name == name }?.label ?? "--\(name)"
    }

    private func canonicalName(_ name: String) -> String {
        optionSpecs.first { $0.answers(to: name) }?.name ?? name
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
