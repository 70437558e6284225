/// Help and usage text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS, SUBCOMMANDS, EXAMPLES, wrapped to a fixed width so that help reads the same
/// on every terminal and in tests.
struct HelpFormatter: Sendable {
    let parser: ArgumentParser
    var width = 80

    /// Where help text starts in two-column sections.
    static let helpColumn = 26
    private static let indent = "  "

    /// The full help of the command at `path`, ending in a newline.
    func help(for path: [String]) -> String {
        let spec = parser.spec(at: path) ?? parser.root
        var sections = ["OVERVIEW: " + spec.abstract]
        if let discussion = spec.discussion { sections.append(format(discussion: discussion)) }
        sections.append("USAGE: " + usage(for: path))
        if !spec.arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + spec.arguments.map { row("<\($0.name)>", $0.help) }.joined())
        }
        let options = parser.acceptedOptions(of: spec)
        sections.append("OPTIONS:\n" + options.map { row($0.helpLabel, $0.help) }.joined())
        if !spec.subcommands.isEmpty {
            let rows = spec.subcommands.map { row(([$0.name] + $0.aliases).joined(separator: ", "), $0.abstract) }
            sections.append("SUBCOMMANDS:\n" + rows.joined())
        }
        if !spec.examples.isEmpty {
            sections.append("EXAMPLES:\n" + spec.examples.map { Self.indent + $0 + "\n" }.joined())
        }
        if !spec.subcommands.isEmpty {
            let command = ([RootCommand.name, RootCommand.helpCommand.name] + path).joined(separator: " ")
            sections.append(Self.indent + "See '\(command) <subcommand>' for detailed help.")
        }
        return sections.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined(separator: "\n")
    }

    /// The synopsis of the command at `path`: `photolib list [--favourite] [<paths> ...] [<options>]`.
    ///
    /// `[<options>]` stands for the global options; when the command's own options would
    /// make the line wider than the help, it stands for those too.
    func usage(for path: [String]) -> String {
        let spec = parser.spec(at: path) ?? parser.root
        let head = ([RootCommand.name] + path).joined(separator: " ")
        if !spec.subcommands.isEmpty, spec.arguments.isEmpty { return head + " <subcommand>" }
        let arguments = spec.arguments.map(\.usage)
        let full = ([head] + spec.options.map { "[\($0.label)]" } + arguments + ["[<options>]"]).joined(separator: " ")
        if DisplayWidth.of("USAGE: " + full) <= width { return full }
        return ([head] + arguments + ["[<options>]"]).joined(separator: " ")
    }

    /// What stderr gets for a usage error: the message, the usage line, where to read more.
    func report(_ error: UsageError) -> String {
        let path = parser.spec(at: error.commandPath) == nil ? [] : error.commandPath
        let helpCommand = ([RootCommand.name, RootCommand.helpCommand.name] + path).joined(separator: " ")
        return """
            Error: \(error.message)
            Usage: \(usage(for: path))
              See '\(helpCommand)' for more details.

            """
    }

    /// One two-column row; a label too wide for its column puts the help on the next line.
    private func row(_ label: String, _ help: String) -> String {
        let column = Self.helpColumn
        let lines = DisplayWidth.wrap(help, width: max(20, width - column))
        let continuation = lines.dropFirst().map { String(repeating: " ", count: column) + $0 + "\n" }.joined()
        let labelText = Self.indent + label
        if DisplayWidth.of(labelText) + 2 <= column {
            return DisplayWidth.pad(labelText, to: column) + lines[0] + "\n" + continuation
        }
        return labelText + "\n" + String(repeating: " ", count: column) + lines[0] + "\n" + continuation
    }

    /// Paragraphs reflowed to the width; a paragraph with an indented line is kept as written.
    private func format(discussion: String) -> String {
        discussion.split(separator: "\n\n", omittingEmptySubsequences: true).map { paragraph in
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.contains(where: { $0.hasPrefix(" ") }) { return String(paragraph) }
            return DisplayWidth.wrap(String(paragraph), width: width).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
