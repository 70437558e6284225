import Foundation
import PhotoCatalog
import PhotoLibrary

/// `photolib completion bash|zsh|fish`: the shell completion script, made from the command specs.
enum CompletionCommand: PhotolibCommand {
    enum Options {
        static let values = Option<ValueKind>(
            "values", "kind",
            help: "Print the names the scripts complete, one a line: collections, cities, settings or actions.")
        static let json = Flag("json", help: "With --values: print them as a JSON array.")
    }

    static let shells = ["bash", "zsh", "fish"]

    /// The dynamic values the scripts ask for while completing.
    enum ValueKind: String, CaseIterable {
        case collections, cities, settings, actions
    }

    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            The script completes commands, subcommands, options and their values (sorts, formats, \
            action names, setting keys, and the library's collections and cities, which it asks \
            'photolib completion --values' for). It is made from the same command descriptions as \
            the parser and --help, so it is always complete for this version: load it from your \
            shell's start-up file rather than saving a copy, or save it again after an upgrade.
            """,
        arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish.")],
        options: [
            Options.values.spec,
            Options.json.spec,
        ],
        examples: [
            "source <(photolib completion bash)      # in ~/.bashrc",
            "source <(photolib completion zsh)       # in ~/.zshrc, after compinit",
            "photolib completion fish > ~/.config/fish/completions/photolib.fish",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        if command.given(Options.values) {
            guard command.arguments.isEmpty else {
                throw UsageError(message: "--values takes no shell", commandPath: command.path)
            }
            let names = try values(
                try command[Options.values]!,
                command: command, context: context)
            if command[Options.json] {
                context.stdout.writePrettyJSON(.array(names.map { .string($0) }))
            } else {
                for name in names where !name.contains("\n") { context.stdout.write(name + "\n") }
            }
            return .success
        }
        guard let shell = command.arguments.first else {
            throw UsageError(message: "Missing the shell: bash, zsh or fish", commandPath: command.path)
        }
        let table = CompletionTable(
            root: RootCommand.spec(commands: CommandRegistry.commands.map { $0.spec }),
            globalOptions: RootCommand.globalOptions)
        let script: String
        switch shell {
        case "bash": script = CompletionScript.bash(table)
        case "zsh": script = CompletionScript.zsh(table)
        case "fish": script = CompletionScript.fish(table)
        default:
            throw UsageError(
                message: "Invalid value '\(shell)' for '<shell>': expected bash, zsh or fish", commandPath: command.path
            )
        }
        if command[Options.json] {
            context.stdout.writePrettyJSON(.object([("shell", .string(shell)), ("script", .string(script))]))
        } else {
            context.stdout.write(script)
        }
        return .success
    }

    /// The names of `kind`; a library's only when there is one (completion never fails loudly).
    private static func values(_ kind: ValueKind, command: ParsedCommand, context: CommandContext) throws -> [String] {
        switch kind {
        case .settings: return LibrarySettings.keys
        case .actions:
            return ActionCommand.spec.subcommands.map(\.name)
        case .collections, .cities:
            guard let library = try? context.library(command, quietly: true) else { return [] }
            let collections = try library.openCatalog().collections(now: Date())
            if kind == .cities {
                return collections.compactMap { entry in
                    if case .city(let name) = entry.collection { name } else { nil }
                }
            }
            return collections.map(\.collection.selector)
        }
    }
}
