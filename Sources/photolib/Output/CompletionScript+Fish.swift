extension CompletionScript {
    static func fish(_ table: CompletionTable) -> String {
        var lines = [
            "# fish completion for photolib, written by 'photolib completion fish'.",
            "# Load it with:  photolib completion fish | source",
            "# or save it as ~/.config/fish/completions/photolib.fish.",
            "",
            "function __photolib_child",
            "    switch \"$argv[1]|$argv[2]\"",
        ]
        for child in table.children {
            lines.append("        case \(fishQuoted("\(child.parent)|\(child.word)"))")
            lines.append("            echo \(fishQuoted(child.path))")
        }
        lines += ["        case '*'", "            return 1", "    end", "end", ""]
        let valueOptions = table.valueSpellings.map { fishQuoted($0.spelling) }.joined(separator: " ")
        lines += [
            "# The command path of the line so far: \"\", \"list\", \"trash empty\".",
            "function __photolib_path",
            "    set -l value_options \(valueOptions)",
            "    set -l cmdpath ''",
            "    set -l skip 0",
            "    for word in (commandline -opc)[2..-1]",
            "        if test $skip = 1",
            "            set skip 0",
            "            continue",
            "        end",
            "        switch $word",
            "            case '--*=*'",
            "                continue",
            "            case '-*'",
            "                contains -- $word $value_options; and set skip 1",
            "                continue",
            "        end",
            "        set -l child (__photolib_child \"$cmdpath\" $word); and set cmdpath $child",
            "    end",
            "    echo $cmdpath",
            "end",
            "",
            "# The --library of the line, for the values that come from the catalog.",
            "function __photolib_values",
            "    set -l words (commandline -opc)",
            "    set -l library",
            "    set -l at (contains -i -- --library $words); and set library --library $words[(math $at + 1)]",
            "    command photolib completion --values $argv[1] $library 2>/dev/null",
            "end",
            "",
            "complete -c photolib -f",
        ]
        for entry in table.entries {
            let condition = "-n " + fishQuoted("test (__photolib_path) = \(fishQuoted(entry.path))")
            for child in entry.subcommands {
                for word in [child.name] + child.aliases {
                    lines.append(
                        "complete -c photolib \(condition) -a \(fishQuoted(word)) -d \(fishQuoted(short(child.abstract)))"
                    )
                }
            }
            for option in entry.options {
                let name =
                    option.spelling.hasPrefix("--")
                    ? "-l \(fishQuoted(String(option.spelling.dropFirst(2))))"
                    : "-s \(fishQuoted(String(option.spelling.dropFirst())))"
                var line = "complete -c photolib \(condition) \(name) -d \(fishQuoted(short(option.help)))"
                if let values = table.valueSpellings.first(where: { $0.spelling == option.spelling })?.values {
                    // -x: a value, and no file names; -r: a value, where -F brings them back.
                    line += (values == .files || values == .directories ? " -r" : " -x") + fishArguments(values)
                }
                lines.append(line)
            }
            if entry.subcommands.isEmpty, entry.positional != .none {
                lines.append("complete -c photolib \(condition)\(fishArguments(entry.positional))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What fish offers for `values`, as `complete` arguments.
    private static func fishArguments(_ values: CompletionTable.Values) -> String {
        switch values {
        case .none: ""
        case .files, .directories: " -F"
        case .words(let words): " -a " + fishQuoted(words.joined(separator: " "))
        case .dynamic(let kind): " -a " + fishQuoted("(__photolib_values \(kind))")
        }
    }

    /// The first sentence of a help text, short enough for fish's description column.
    private static func short(_ help: String) -> String {
        let sentence = help.split(separator: ".", maxSplits: 1).first.map(String.init) ?? help
        return sentence.count > 60 ? String(sentence.prefix(59)) + "…" : sentence
    }

    /// `text` in single quotes for fish, where `\'` and `\\` are the escapes inside them.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
