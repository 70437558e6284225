/// A command declared as data: what it is called, what it takes, and what its help says.
///
/// The parser, the help text and "Did you mean" all read this one description, so a
/// command cannot accept an option its help does not show.
struct CommandSpec: Sendable {
    var name: String
    /// Other names that run the same command, such as "favorite" for "favourite".
    var aliases: [String] = []
    /// One line, shown after OVERVIEW and in the parent's SUBCOMMANDS list.
    var abstract: String
    /// Paragraphs shown under the abstract; lines that start with a space are kept as written.
    var discussion: String? = nil
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    var subcommands: [CommandSpec] = []
    /// Whole command lines, shown in an EXAMPLES section.
    var examples: [String] = []

    /// The subcommand called `name` or one of its aliases.
    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The most positional arguments the command takes (nil: no limit).
    var maximumArgumentCount: Int? {
        arguments.contains(where: \.isRepeating) ? nil : arguments.count
    }

    /// The fewest positional arguments the command needs.
    var minimumArgumentCount: Int {
        arguments.filter { !$0.isOptional }.count
    }
}

/// A positional argument, shown as `<name>` in help.
struct ArgumentSpec: Sendable {
    var name: String
    var help: String
    var isOptional: Bool = true
    /// Takes every remaining positional (`<paths> ...`).
    var isRepeating: Bool = false

    /// How the argument reads in a usage line: `<path>`, `[<path>]`, `[<paths> ...]`.
    var usage: String {
        let base = isRepeating ? "<\(name)> ..." : "<\(name)>"
        return isOptional ? "[\(base)]" : base
    }
}

/// An option: a flag (`--favourite`) or one that takes a value (`--taken-after <date>`), as the
/// parser and help see it; commands declare it through its key (`Flag`, `Option`).
struct OptionSpec: Sendable {
    /// Long name without "--", kebab-case: "taken-after".
    var name: String
    var short: Character? = nil
    /// nil for a flag; else the placeholder shown as `--taken-after <date>`.
    var valueName: String? = nil
    var help: String
    /// Other long names, such as "favorite".
    var aliases: [String] = []

    var isFlag: Bool { valueName == nil }

    /// True when `name` is this option's long name or one of its aliases.
    func answers(to name: String) -> Bool { self.name == name || aliases.contains(name) }

    /// How the option reads in messages and usage lines: `--jobs <n>`, `--favourite`.
    var label: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }

    /// The left column of help: `-j, --jobs <n>`, `--favourite, --favorite`.
    var helpLabel: String {
        var names = short.map { ["-\($0)"] } ?? []
        names.append("--\(name)")
        names += aliases.map { "--\($0)" }
        let joined = names.joined(separator: ", ")
        return valueName.map { "\(joined) <\($0)>" } ?? joined
    }
}
