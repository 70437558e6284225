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
            terminal: the picture, fitted to the terminal's width and --height rows (kitty \
            graphics, iTerm2 images or sixels where the terminal has them, else Unicode symbols in \
            24-bit colour), then the caption, city, date taken, camera, the favourite and liked \
            state, and the actions with the exact command that performs each. With --json, or \
            when stdout is not a terminal: the asset JSON plus 'preview' {path, width, height} and \
            'actions' [{name, title, style, command}] (one object, or an array for several assets). \
            Naming a method with --image draws the picture even into a pipe.
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
        let height = try command.int("height", range: 1...1000) ?? defaultHeight
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        let assets = try AssetArguments.resolve(command, library: library, catalog: catalog, context: context)
        let presenter = PreviewPresenter(
            presenter: try AssetPresenter(library: library, catalog: catalog, assets: assets),
            libraryArgument: AssetArguments.libraryArgument(command, context: context))
        let source = PreviewSource(library: library, catalog: catalog)
        var failures = BatchFailures()
        var previews: [(Asset, RenditionFile)] = []
        for asset in assets {
            do {
                previews.append((asset, try source.preview(for: asset)))
            } catch let error as any PhotolibError {
                failures.record(error, to: context.diagnostics)
            }
        }
        if try PictureOptions.wantsJSON(command, context: context) {
            let objects = previews.map { presenter.json($0.0, preview: $0.1) }
            context.stdout.writePrettyJSON(objects.count == 1 && assets.count == 1 ? objects[0] : .array(objects))
        } else {
            let picture = TerminalPicture(environment: context.environment)
            let drawing = try PictureOptions.method(command, picture: picture, context: context)
            let size = context.terminal
            for (index, (asset, preview)) in previews.enumerated() {
                if index > 0 { context.stdout.write("\n") }
                if let method = drawing.method {
                    do {
                        let bytes = try picture.render(
                            jpegAt: preview.path, columns: size.columns, rows: height,
                            method: method, colors: drawing.colors, cellSize: size.cell)
                        context.stdout.write(bytes: bytes + [0x0A])
                    } catch let error as any PhotolibError {
                        failures.record(error, to: context.diagnostics)
                    }
                }
                context.stdout.write(styled: presenter.facts(asset, colored: context.stdoutIsTerminal))
            }
        }
        return failures.status(items: assets.count)
    }
}
