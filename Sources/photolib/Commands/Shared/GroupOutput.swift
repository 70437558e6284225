import PhotoSupport

/// How the commands that list groups of assets (`duplicates`, `similar`) print them: the same
/// options (`--json`, a JSON array of groups; `--jsonl`, a group a line; else text for
/// people), the same checks and the same member lines.
enum GroupOutput {
    static let json = Flag("json", help: "Print a JSON array of groups.")
    static let jsonl = Flag("jsonl", help: "Print one group JSON object a line (JSON Lines).")

    static let keys: [any OptionKey] = [json, jsonl]

    enum Format { case text, json, jsonl }

    /// The format the command line asks for (checked before the library is opened).
    static func format(_ command: ParsedCommand) throws -> Format {
        switch (command[json], command[jsonl]) {
        case (true, true):
            throw UsageError(message: "--json and --jsonl cannot be used together", commandPath: command.path)
        case (true, false): return .json
        case (false, true): return .jsonl
        case (false, false): return .text
        }
    }

    /// Prints `groups` in `format`: each as `object` gives it in JSON, all of them as `text`
    /// words them for people.
    static func write<Group>(
        _ groups: [Group], as format: Format, to context: CommandContext, object: (Group) -> JSONValue,
        text: ([Group]) -> String
    ) {
        switch format {
        case .json: context.stdout.writePrettyJSON(.array(groups.map(object)))
        case .jsonl: for group in groups { context.stdout.writeJSONLine(object(group)) }
        case .text: context.stdout.write(text(groups))
        }
    }

    /// A member's line in the text: indented, its mark (right-aligned in four columns, when
    /// the command gives one), its short id and its path. The path is escaped always, not
    /// only on a terminal: a newline in a name must not start a line.
    static func memberLine(mark: String? = nil, shortID: String, path: RawPath) -> String {
        let marked = mark.map { String(repeating: " ", count: max(0, 4 - $0.count)) + $0 + "  " } ?? ""
        return "  \(marked)\(shortID)  \(TerminalText.escaped(path.description))\n"
    }
}
