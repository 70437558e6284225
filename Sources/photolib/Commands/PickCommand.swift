import PhotoBrowser
import PhotoCatalog

/// `photolib pick [filters]`: choose photos for a script, as fzf chooses lines.
enum PickCommand: PhotolibCommand {
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
        options: optionSpecs(BrowserSession.optionKeys + PickedOutput.keys),
        examples: [
            "vim \"$(photolib pick --city Tokyo)\"",
            "photolib pick --multi --print id | photolib action like -",
            "photolib pick --multi -0 | xargs -0 cp -t ~/chosen",
            "photolib pick --collection favourites --print json | jq -r .caption",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let output = try PickedOutput.output(command)
        let multiple = command[PickedOutput.multi]
        var options = try BrowserSession.browserOptions(command, purpose: .pick(multiple: multiple), context: context)
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        try BrowserSession.applyLibraryFilters(
            to: &options, command: command, library: library, catalog: catalog, context: context)
        switch try BrowserSession.run(options, library: library, catalog: catalog, context: context) {
        case .picked(let assets):
            try PickedOutput.write(
                assets, as: output, command: command, library: library, catalog: catalog, context: context)
            return .success
        case .nothingToPick:
            context.diagnostics.warning("no photo matches")
            return .failure
        case .cancelled, .quit, .signal:
            return .cancelled
        }
    }
}
