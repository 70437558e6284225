import PhotoBrowser
import PhotoCatalog

/// `photolib pick [filters]`: choose photos for a script, as fzf chooses lines.
enum PickCommand: PhotolibCommand {
    enum Options {
        static let multi = Flag(
            "multi", short: "m", help: "Mark several photos with Tab and Shift-Tab; Enter prints them all.")
        static let print = Option<String>(
            "print", "what",
            help:
                "What to print of each chosen photo: path (the default), id, json (an object; an array with --multi) or jsonl."
        )
        static let json = Flag("json", help: "The same as --print json.")
        static let null = Flag(
            "null", short: "0", help: "With --print path or id: end each one with NUL instead of a newline.")
    }

    static let spec = CommandSpec(
        name: "pick",
        abstract: "Choose photos in the terminal and print them, for scripts (as fzf does).",
        discussion: """
            The browse view as a chooser. It draws on the terminal (/dev/tty), so stdout carries \
            only the result: Enter prints the chosen photo's path (or --print id, json or jsonl) \
            and exits 0. With --multi, Tab and Shift-Tab mark photos (collections then switch with \
            ] and [) and Enter prints every marked one, in the order marked. Esc, q or Ctrl-C \
            print nothing and exit 130; filters that match no photo exit 1 at once, and so does \
            Enter when the typed filter leaves nothing. Chosen photos count as popped \
            ('list --sort popped'). \(BrowserSession.keysHelp)
            """,
        options: optionSpecs(BrowserSession.optionKeys + [Options.multi, Options.print, Options.json, Options.null]),
        examples: [
            "vim \"$(photolib pick --city Tokyo)\"",
            "photolib pick --multi --print id | photolib action like -",
            "photolib pick --multi -0 | xargs -0 cp -t ~/chosen",
            "photolib pick --collection favourites --print json | jq -r .caption",
        ]
    )

    enum Output: String, CaseIterable { case path, id, json, jsonl }

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        if command[Options.json], let printed = command[Options.print], printed != Output.json.rawValue {
            throw UsageError(
                message: "--json and --print \(printed) cannot be used together", commandPath: command.path)
        }
        let printed = command[Options.json] ? Output.json.rawValue : command[Options.print] ?? "path"
        guard let output = Output(rawValue: printed) else {
            throw UsageError(
                message: "Invalid value '\(printed)' for '--print <what>': expected one of "
                    + Output.allCases.map(\.rawValue).joined(separator: ", "), commandPath: command.path)
        }
        let multiple = command[Options.multi]
        var options = try BrowserSession.browserOptions(command, purpose: .pick(multiple: multiple), context: context)
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        try BrowserSession.applyLibraryFilters(
            to: &options, command: command, library: library, catalog: catalog, context: context)
        switch try BrowserSession.run(options, library: library, catalog: catalog, context: context) {
        case .picked(let assets):
            let presenter = try AssetPresenter(library: library, catalog: catalog, assets: assets)
            let end: UInt8 = command[Options.null] ? 0 : 0x0A
            switch output {
            case .path:
                for asset in assets {
                    context.stdout.write(bytes: library.absolutePath(of: asset.file.relativePath).bytes + [end])
                }
            case .id:
                for asset in assets { context.stdout.write(bytes: Array(asset.id.hex.utf8) + [end]) }
            case .json:
                context.stdout.writePrettyJSON(
                    multiple ? .array(assets.map(presenter.json)) : presenter.json(assets[0]))
            case .jsonl:
                for asset in assets { context.stdout.writeJSONLine(presenter.json(asset)) }
            }
            return .success
        case .nothingToPick:
            context.diagnostics.warning("no photo matches")
            return .failure
        case .cancelled, .quit, .signal:
            return .cancelled
        }
    }
}
