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
        options: LibrarySettingOptions.options + [.flag("json", help: "Print the new library as JSON.")],
        examples: [
            "photolib init ~/Pictures", "photolib init --preview-size 2048 .",
            "photolib init --sidecars write ~/Pictures",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let settings = try LibrarySettingOptions.settings(from: command)
        let directory = command.rawArguments.first.map(context.absolute) ?? context.workingDirectory
        let library = try Library.create(at: directory, settings: settings, dataFiles: context.dataFiles)
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
