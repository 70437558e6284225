import PhotoCatalog
import PhotoLibrary
import PhotoSupport
import PhotoTerminal

/// `photolib peek ASSET...`: the preview, what there is to know, and the actions on offer.
enum PeekCommand: PhotolibCommand {
    static let defaultHeight = 24

    static let spec = CommandSpec(
        name: "peek",
        abstract: "Take a quick look at assets: the preview, its facts and the actions it offers.",
        discussion: """
            Makes the preview rendition when it is missing (only the preview) and shows it. On a \
            terminal: the picture, fitted to the terminal's width and to the rows left once the \
            text below it is shown, at most --height (kitty graphics, iTerm2 images or sixels \
            where the terminal has them, else Unicode symbols in colour), then the caption, city, \
            date taken, camera, the favourite and liked state, and the actions with the exact \
            command that performs each. Into a pipe or file, the same text without the picture \
            (naming a method with --image draws it anyway); TERM=dumb gets no picture and NO_COLOR \
            no colour. A photo that cannot be decoded shows 'no preview: REASON' and its facts and \
            actions. With --json: the asset JSON plus 'preview' {path, width, height} (null, with \
            'previewError', when there is none) and 'actions' [{name, title, style, command}] \
            (one object, or an array for several assets).
            """,
        arguments: [ArgumentSpec(name: "asset", help: AssetArguments.help, isOptional: false, isRepeating: true)],
        options: PictureOptions.options,
        examples: [
            "photolib peek 2015/bordeaux-art.jpg",
            "photolib peek a3cb0453 --json | jq -r '.actions[0].command'",
            "photolib list --favourite --ids | photolib peek - --height 12",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        _ = try command[PictureOptions.height]
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        let assets = try AssetArguments.resolve(command, library: library, catalog: catalog, context: context)
        let presenter = PreviewPresenter(
            presenter: try AssetPresenter(library: library, catalog: catalog, assets: assets),
            libraryArgument: AssetArguments.libraryArgument(command, context: context))
        // What making a preview learns of a damaged original is recorded, where it can be.
        let source = PreviewSource(library: library, catalog: library.isWritable ? catalog : nil)
        // A photo with no preview (it does not decode, the library is read-only) still shows
        // its facts and actions, and is no failure of the command.
        let previews = assets.map { asset in
            var asset = asset
            let outcome = PreviewOutcome(for: &asset, source: source)
            return (asset, outcome)
        }
        if try PictureOptions.wantsJSON(command, context: context) {
            let objects = previews.map { presenter.json($0.0, preview: $0.1) }
            context.stdout.writePrettyJSON(objects.count == 1 ? objects[0] : .array(objects))
            return .success
        }
        var failures = BatchFailures()
        let picture = TerminalPicture(environment: context.environment)
        let drawing = try PictureOptions.method(command, picture: picture, context: context)
        let size = context.terminal
        for (index, (asset, preview)) in previews.enumerated() {
            if index > 0 { context.stdout.write("\n") }
            let facts = presenter.facts(asset, colored: context.stdoutUsesColor)
            if let missing = preview.missingLine {
                context.stdout.write(missing)
            } else if let method = drawing.method, let file = preview.file,
                let rows = try PictureOptions.rows(
                    command, preferred: defaultHeight, textLines: facts.count { $0 == "\n" } + (index > 0 ? 1 : 0),
                    context: context)
            {
                do {
                    let bytes = try picture.render(
                        jpegAt: file.path, columns: size.columns, rows: rows,
                        method: method, colors: drawing.colors, cellSize: size.cell)
                    context.stdout.write(bytes: bytes + [0x0A])
                } catch let error as any PhotolibError {
                    failures.record(error, to: context.diagnostics)
                }
            }
            context.stdout.write(styled: facts)
        }
        return failures.status(items: assets.count)
    }
}
