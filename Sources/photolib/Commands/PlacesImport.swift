import PhotoFormats
import PhotoLibrary
import PhotoSupport

/// `photolib places import FILE`.
enum PlacesImport {
    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        try library.requireWritable()
        let dump = context.absolute(command.rawArguments[0])
        // Region and country names come from the shipped gazetteer: dumps carry only codes.
        let reference = try? Gazetteer.loadShipped(from: context.dataFiles)
        if reference == nil {
            context.diagnostics.warning(
                "shipped gazetteer not found: regions and countries will be named by their codes")
        }
        let builder = try Gazetteer.importGeoNames(dump: dump, names: reference)
        let encoded: [UInt8]
        do { encoded = try builder.encoded() } catch var error as GazetteerError {
            error.path = library.gazetteerPath
            throw error
        }
        // Inside `.photolib/`, through no link (a planted gazetteer.bin link is refused).
        try library.writeControlFile(encoded, name: RawPath(Gazetteer.fileName))
        let gazetteer = try Gazetteer.load(from: library.gazetteerPath)
        let refreshed = try PlaceRefresh.run(catalog: library.openCatalog(), gazetteer: gazetteer)
        if command[PlacesCommand.Options.importJSON] {
            context.stdout.writePrettyJSON(
                .object([
                    ("gazetteer", .path(library.gazetteerPath)), ("places", .int(Int64(gazetteer.placeCount))),
                    ("assetsChecked", .int(Int64(refreshed.checked))),
                    ("assetsChanged", .int(Int64(refreshed.changed))),
                ]))
        } else {
            context.summary("Imported \(gazetteer.placeCount) places into \(library.gazetteerPath)")
            context.summary("Looked up \(refreshed.checked) GPS positions again: \(refreshed.changed) changed city")
        }
        return .success
    }
}
