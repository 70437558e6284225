import Foundation
import PhotoBrowser
import PhotoCatalog

/// `photolib browse [filters]`: look through the library in the terminal, peek, pop and act.
enum BrowseCommand: PhotolibCommand {
    static let json = Flag("json", help: "On quitting, print the photos popped in the session as a JSON array.")

    static let spec = CommandSpec(
        name: "browse",
        abstract: "Look through the library: a grid of thumbnails in the terminal, with peek and pop.",
        discussion: """
            A full-screen view on the terminal: the thumbnails (kitty, iTerm2, sixel or Unicode \
            symbols, chosen as peek chooses; symbols work everywhere, tmux included) with ★ for a \
            favourite, ♥ for a liked photo and the caption under each, and the collections as tabs \
            at the top. The frames of a burst (burstId, as list --burst) are one cell, the first \
            frame by path, marked ⧉ and how many frames it has. With --similar, the groups \
            'photolib similar' finds instead of the collections, one cell each (≈ and the number \
            of members; b opens one to compare them). Space peeks (the preview, its facts, and the actions peek offers, by key); \
            Enter pops the detail view (everything pop shows), Esc comes back. Every action goes \
            through the same code and history as 'photolib action'. Thumbnails that do not exist yet \
            are made in the background, nearest the cursor first; changes made by other processes \
            show on the next redraw. The options filter and sort as list's do; --collection chooses \
            the first tab. \(BrowserSession.keysHelp) Exit status: 0, or 130 after Ctrl-C. With \
            --json, the photos popped in the session are printed on quitting, as a JSON array of \
            assets (list's JSON), the last popped first.
            """,
        options: optionSpecs(BrowserSession.optionKeys + [json]),
        examples: [
            "photolib browse",
            "photolib browse --collection favourites --sort taken",
            "photolib browse --city Bordeaux --query beach",
            "photolib browse --similar --folder 2016",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        var options = try BrowserSession.browserOptions(command, purpose: .browse, context: context)
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        try BrowserSession.applyLibraryFilters(
            to: &options, command: command, library: library, catalog: catalog, context: context)
        // The catalog's clock for popped_at is this process's; a second's margin is not needed.
        let start = Date()
        let outcome = try BrowserSession.run(options, library: library, catalog: catalog, context: context)
        if command[json] {
            var popped = AssetQuery()
            popped.trash = .included
            popped.poppedSince = start
            popped.sort = .popped
            let assets = try catalog.assets(matching: popped)
            let presenter = try AssetPresenter(library: library, catalog: catalog, assets: assets)
            context.stdout.writePrettyJSON(.array(assets.map(presenter.json)))
        }
        return outcome == .cancelled ? .cancelled : .success
    }
}
