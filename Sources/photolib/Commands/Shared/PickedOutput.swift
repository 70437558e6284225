import PhotoCatalog
import PhotoLibrary

/// What a chooser prints of the photos chosen, in the terminal (`pick`) or in a browser
/// (`serve --pick`): the same options with the same meanings, and the same output.
enum PickedOutput {
    static let multi = Flag(
        "multi", short: "m", help: "Choose several photos (pick: Tab and Shift-Tab mark them; Enter prints them all).")
    static let print = Option<String>(
        "print", "what",
        help:
            "What to print of each chosen photo: path (the default), id, json (an object; an array with --multi) or jsonl."
    )
    static let json = Flag("json", help: "The same as --print json.")
    static let null = Flag(
        "null", short: "0", help: "With --print path or id: end each one with NUL instead of a newline.")

    static let keys: [any OptionKey] = [multi, print, json, null]

    enum Output: String, CaseIterable { case path, id, json, jsonl }

    /// The output the command line asks for (checked before anything is shown).
    static func output(_ command: ParsedCommand) throws -> Output {
        if command[json], let printed = command[print], printed != Output.json.rawValue {
            throw UsageError(
                message: "--json and --print \(printed) cannot be used together", commandPath: command.path)
        }
        let printed = command[json] ? Output.json.rawValue : command[print] ?? "path"
        guard let output = Output(rawValue: printed) else {
            throw UsageError(
                message: "Invalid value '\(printed)' for '--print <what>': expected one of "
                    + Output.allCases.map(\.rawValue).joined(separator: ", "), commandPath: command.path)
        }
        return output
    }

    /// Prints `assets`, in the order chosen.
    static func write(
        _ assets: [Asset], as output: Output, command: ParsedCommand, library: Library, catalog: any Catalog,
        context: CommandContext
    ) throws {
        let presenter = try AssetPresenter(library: library, catalog: catalog, assets: assets)
        let end: UInt8 = command[null] ? 0 : 0x0A
        switch output {
        case .path:
            for asset in assets {
                context.stdout.write(bytes: library.absolutePath(of: asset.file.relativePath).bytes + [end])
            }
        case .id:
            for asset in assets { context.stdout.write(bytes: Array(asset.id.hex.utf8) + [end]) }
        case .json:
            context.stdout.writePrettyJSON(
                command[multi] ? .array(assets.map(presenter.json)) : presenter.json(assets[0]))
        case .jsonl:
            for asset in assets { context.stdout.writeJSONLine(presenter.json(asset)) }
        }
    }
}
