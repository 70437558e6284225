import PhotoSupport

/// An option as a command declares it and reads it: the one value that gives its name,
/// help and placeholder to the parser, help, completion and man-page check, and that the
/// command reads back as `command[key]`. A misspelt key does not compile; reading a key
/// the command did not declare stops a debug build (`ParsedCommand.subscript`).
protocol OptionKey: Sendable {
    var spec: OptionSpec { get }
}

extension OptionKey {
    var name: String { spec.name }
    /// `--jobs <n>`, as messages name the option.
    var label: String { spec.label }
}

/// A flag (`--favourite`): given or not.
struct Flag: OptionKey {
    let spec: OptionSpec

    init(_ name: String, short: Character? = nil, help: String, aliases: [String] = []) {
        spec = OptionSpec(name: name, short: short, valueName: nil, help: help, aliases: aliases)
    }
}

/// An option with a value (`--rating <n>`), turned into a `Value` when the command reads it;
/// text that is no such value is a usage error naming the option.
struct Option<Value: Sendable>: OptionKey {
    let spec: OptionSpec
    /// The value from the argv bytes; `label` and `path` are for the error message. A value
    /// that needs checking gets its own type (`LocalTime`, not `String`): text and bytes
    /// are read without `parse` (`ParsedCommand`'s subscripts for them).
    let parse: @Sendable (_ raw: RawPath, _ label: String, _ path: [String]) throws -> Value

    init(
        _ name: String, _ valueName: String, short: Character? = nil, help: String,
        parse: @escaping @Sendable (_ raw: RawPath, _ label: String, _ path: [String]) throws -> Value
    ) {
        spec = OptionSpec(name: name, short: short, valueName: valueName, help: help)
        self.parse = parse
    }
}

extension Option where Value == String {
    /// Text, invalid UTF-8 repaired with U+FFFD.
    init(_ name: String, _ valueName: String, short: Character? = nil, help: String) {
        self.init(name, valueName, short: short, help: help) { raw, _, _ in raw.description }
    }
}

extension Option where Value == RawPath {
    /// The exact argv bytes, for paths.
    init(_ name: String, _ valueName: String, short: Character? = nil, help: String) {
        self.init(name, valueName, short: short, help: help) { raw, _, _ in raw }
    }
}

extension Option where Value == Int {
    /// A whole number (spaces around it allowed), checked against `range`.
    init(_ name: String, _ valueName: String, short: Character? = nil, range: ClosedRange<Int>? = nil, help: String) {
        self.init(name, valueName, short: short, help: help) { raw, label, path in
            let text = raw.description
            let expectation =
                range.map { "expected a whole number in \($0.lowerBound)...\($0.upperBound)" }
                ?? "expected a whole number"
            guard let number = Int(text.trimmingWhitespace()), range?.contains(number) ?? true else {
                throw UsageError(message: "Invalid value '\(text)' for '\(label)': \(expectation)", commandPath: path)
            }
            return number
        }
    }
}

extension Option where Value: RawRepresentable<String> & CaseIterable {
    /// One of `choices` (default: every case), case-insensitive.
    init(
        _ name: String, _ valueName: String, short: Character? = nil, among choices: [Value] = Array(Value.allCases),
        help: String
    ) {
        self.init(name, valueName, short: short, help: help) { raw, label, path in
            let text = raw.description
            guard let value = Value(rawValue: text.lowercased()), choices.contains(where: { $0 == value }) else {
                throw UsageError(
                    message: "Invalid value '\(text)' for '\(label)': expected one of "
                        + choices.map(\.rawValue).joined(separator: ", "),
                    commandPath: path)
            }
            return value
        }
    }
}

/// The specs of a command's keys, in order, for `CommandSpec.options`.
func optionSpecs(_ keys: [any OptionKey]) -> [OptionSpec] {
    keys.map { $0.spec }
}

extension ParsedCommand {
    /// True when the flag was given (once or more).
    subscript(flag: Flag) -> Bool {
        !values(of: flag).isEmpty
    }

    /// The option's value (the last one when given more than once), nil when not given.
    subscript<Value>(option: Option<Value>) -> Value? {
        get throws { try values(of: option).last.map { try option.parse($0, option.label, path) } }
    }

    /// Text needs no parsing: read without `try`.
    subscript(option: Option<String>) -> String? {
        values(of: option).last?.description
    }

    /// Bytes need no parsing: read without `try`.
    subscript(option: Option<RawPath>) -> RawPath? {
        values(of: option).last
    }

    /// Every value of a repeatable option, in command-line order.
    func all<Value>(_ option: Option<Value>) throws -> [Value] {
        try values(of: option).map { try option.parse($0, option.label, path) }
    }

    /// Every text value of a repeatable option, in command-line order.
    func all(_ option: Option<String>) -> [String] {
        values(of: option).map(\.description)
    }

    /// True when the option was given, whatever its value.
    func given(_ key: some OptionKey) -> Bool {
        !values(of: key).isEmpty
    }

    /// True when the command accepts `key` (for code shared by commands that offer
    /// different parts of a group, such as the asset filters).
    func declares(_ key: some OptionKey) -> Bool {
        optionSpecs.contains { $0.name == key.name }
    }

    /// The raw values recorded under the key's name (flags have none, so an empty value
    /// stands for each time one was given).
    private func values(of key: some OptionKey) -> [RawPath] {
        assert(declares(key), "\(path.joined(separator: " ")) reads --\(key.name), which it does not declare")
        return options.compactMap { $0.name == key.name ? ($0.value ?? RawPath(bytes: [])) : nil }
    }
}
