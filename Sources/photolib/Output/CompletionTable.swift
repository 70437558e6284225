import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoTerminal

/// What the shell completion scripts know, read from the command specs: for each command
/// path (`""`, `"list"`, `"trash empty"`), its subcommands, its options (global ones
/// included) and which of them take a value; and the values an option or a positional takes.
///
/// Every script is generated from this one table, so a command or option added to a spec
/// completes in every shell without another edit.
struct CompletionTable {
    struct Entry {
        /// Words below the root, joined by spaces: "" for `photolib`, "trash empty".
        var path: String
        var subcommands: [(name: String, aliases: [String], abstract: String)]
        /// Every spelling (`--favourite`, `--favorite`, `-q`), with its help.
        var options: [(spelling: String, help: String)]
        /// What the first positional completes to.
        var positional: Values
    }

    /// Where the words offered come from.
    enum Values: Equatable {
        case none
        case files
        case directories
        case words([String])
        /// Printed by `photolib completion --values <kind>`, run when completing.
        case dynamic(String)
    }

    let entries: [Entry]
    /// Every option spelling that takes a value, once, with what it completes to.
    let valueSpellings: [(spelling: String, values: Values)]

    init(root: CommandSpec, globalOptions: [OptionSpec]) {
        var entries: [Entry] = []
        var valueSpellings: [(String, Values)] = []
        func spellings(_ option: OptionSpec) -> [String] {
            ["--\(option.name)"] + option.aliases.map { "--\($0)" } + (option.short.map { ["-\($0)"] } ?? [])
        }
        func visit(_ spec: CommandSpec, path: [String]) {
            let options = spec.options + globalOptions
            for option in options where !option.isFlag {
                for spelling in spellings(option) where !valueSpellings.contains(where: { $0.0 == spelling }) {
                    valueSpellings.append((spelling, Self.values(ofOption: option.name)))
                }
            }
            let positional: Values =
                path == [RootCommand.helpCommand.name]
                ? .words(root.subcommands.map(\.name)) : Self.positional(of: spec, path: path)
            entries.append(
                Entry(
                    path: path.joined(separator: " "),
                    subcommands: spec.subcommands.map { ($0.name, $0.aliases, $0.abstract) },
                    options: options.flatMap { option in spellings(option).map { ($0, option.help) } },
                    positional: positional))
            for child in spec.subcommands { visit(child, path: path + [child.name]) }
        }
        visit(root, path: [])
        self.entries = entries
        self.valueSpellings = valueSpellings
    }

    /// Each child spelling (aliases too) of each command, and the canonical path it leads
    /// to: ("", "ls") → "list".
    var children: [(parent: String, word: String, path: String)] {
        entries.flatMap { entry in
            entry.subcommands.flatMap { child in
                ([child.name] + child.aliases).map { word in
                    (entry.path, word, entry.path.isEmpty ? child.name : entry.path + " " + child.name)
                }
            }
        }
    }

    /// The values of an option, by its long name (the same name means the same values in
    /// every command that has it); files when nothing better is known.
    static func values(ofOption name: String) -> Values {
        switch name {
        case "sort": .words(AssetQuery.Sort.allCases.map(\.rawValue))
        case "file-format": .words(ImageFormat.allCases.map(\.rawValue))
        // render's --kind takes a rendition's kind; the filter's (list, browse…) a media kind.
        case "kind": .words(RenditionKind.allCases.map(\.rawValue) + MediaKind.allCases.map(\.rawValue))
        case "image": .words(["auto"] + TerminalGraphics.Method.allCases.map(\.rawValue) + ["none"])
        case "print": .words(PickedOutput.Output.allCases.map(\.rawValue))
        case "values": .words(CompletionCommand.ValueKind.allCases.map(\.rawValue))
        case "collection": .dynamic("collections")
        case "city": .dynamic("cities")
        case "library", "folder": .directories
        case "limit", "jobs", "lease", "width", "height", "caption", "camera", "query", "format", "taken-after",
            "taken-before", "since-indexed", "value", "directory", "filename":
            .none
        default: .files
        }
    }

    private static func positional(of spec: CommandSpec, path: [String]) -> Values {
        switch path {
        case ["config"]: .words(LibrarySettings.keys)
        case ["completion"]: .words(CompletionCommand.shells)
        default: spec.arguments.isEmpty ? .none : .files
        }
    }
}
