import PhotoLibrary
import PhotoSupport

/// `photolib init [DIR]`: makes a library.
enum InitCommand: PhotolibCommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Create a photo library in a folder.",
        discussion: """
            Makes DIR/.photolib/ (the catalog, the settings and room for renditions) so that \
            DIR and the folders below it become a library. Photos stay where they are; \
            photolib never writes into them.
            """,
        arguments: [ArgumentSpec(name: "dir", help: "The library's folder (default: the working directory).")],
        options: [
            .value("thumbnail-size", "pixels", help: "Thumbnails fit within this square (default: 256)."),
            .value("preview-size", "pixels", help: "Previews fit within this square (default: 1280)."),
            .value("quality", "1-100", help: "JPEG quality of renditions (default: 82)."),
            .value("max-megapixels", "n", help: "Refuse to decode images larger than this (default: 250)."),
            .value(
                "sidecars", "mode",
                help:
                    "write: give caption, city and favourite edits back to XMP sidecars; off (default): keep them in the catalog."
            ),
            .flag("json", help: "Print the new library as JSON."),
        ],
        examples: [
            "photolib init ~/Pictures", "photolib init --preview-size 2048 .",
            "photolib init --sidecars write ~/Pictures",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        var settings = LibrarySettings()
        if let size = try command.int("thumbnail-size", range: 16...4096) { settings.thumbnailSize = size }
        if let size = try command.int("preview-size", range: 64...16384) { settings.previewSize = size }
        if let quality = try command.int("quality", range: 1...100) { settings.quality = quality }
        if let limit = try command.int("max-megapixels", range: 1...100_000) { settings.maxMegapixels = limit }
        if let mode = command.value("sidecars") {
            guard let parsed = SidecarMode(rawValue: mode) else {
                throw UsageError(
                    message: "Invalid value '\(mode)' for '--sidecars <mode>': expected write or off",
                    commandPath: command.path)
            }
            settings.sidecars = parsed
        }
        let directory = command.rawArguments.first.map(context.absolute) ?? context.workingDirectory
        let library = try Library.create(at: directory, settings: settings)
        _ = try library.openCatalog()
        if command.flag("json") {
            context.stdout.writePrettyJSON(
                .object([
                    ("library", .path(library.root)),
                    ("catalog", .path(library.catalogPath)),
                    ("settings", SettingsJSON.value(library.settings)),
                ]))
        } else {
            context.stdout.write("Initialized empty photolib library in \(library.controlDirectory)/\n")
        }
        return .success
    }
}

/// The settings as JSON, the same in `init --json` and wherever else they are shown.
enum SettingsJSON {
    static func value(_ settings: LibrarySettings) -> JSONValue {
        .object([
            ("thumbnailSize", .int(Int64(settings.thumbnailSize))),
            ("previewSize", .int(Int64(settings.previewSize))),
            ("quality", .int(Int64(settings.quality))),
            ("maxMegapixels", .int(Int64(settings.maxMegapixels))),
            ("sidecars", .string(settings.sidecars.rawValue)),
        ])
    }
}
