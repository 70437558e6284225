import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport

/// `photolib action gps ASSET... --lat L --lon L | --clear`: a position set by hand, the
/// city looked up again at once, offline.
enum GPSCommand {
    enum Options {
        static let latitude = coordinate(
            "lat", range: PositionSetter.latitudes, help: "The latitude, -90 to 90 (south negative).")
        static let longitude = coordinate(
            "lon", range: PositionSetter.longitudes, help: "The longitude, -180 to 180 (west negative).")
        static let clear = Flag("clear", help: "Remove the position (kept removed by later indexes).")
        static let undo = Flag(
            "undo", help: "Give each asset back the position it had before its last 'action gps' or 'geotag'.")

        static func coordinate(_ name: String, range: ClosedRange<Double>, help: String) -> Option<Double> {
            Option<Double>(name, "degrees", help: help) { raw, label, path in
                guard let value = Double(raw.description.trimmingWhitespace()), value.isFinite, range.contains(value)
                else {
                    throw UsageError(
                        message: "Invalid value '\(raw)' for '\(label)': expected decimal degrees in "
                            + "\(Int(range.lowerBound))...\(Int(range.upperBound))",
                        commandPath: path)
                }
                return value
            }
        }
    }

    static let spec = CommandSpec(
        name: "gps",
        abstract: "Set or clear the position; the city follows at once.",
        discussion: """
            Gives every asset named the position --lat, --lon (decimal degrees), or none with \
            --clear. The position is the user's (gpsSource "user"): an index keeps it over the \
            file's, and with 'sidecars: write' it is written to the sidecar. A city that came \
            from GPS is looked up again at once in the library's gazetteer; one a person or a \
            file's text gave stays. All the changes are made in one transaction and logged \
            (action gps). --undo gives back the position (and whose it was: the file's, a \
            track's, the user's) before the last change by 'action gps' or 'geotag' (a second \
            --undo redoes it); an asset with no such change is named on stderr, the others are \
            changed, and the exit status is 2.
            """,
        arguments: [ArgumentSpec(name: "asset", help: AssetArguments.help, isOptional: false, isRepeating: true)],
        options: optionSpecs([
            Options.latitude, Options.longitude, Options.clear, Options.undo, ActionCommand.Options.dryRun,
            ActionCommand.Options.json,
        ]),
        examples: [
            "photolib action gps --lat 44.84 --lon -0.58 3fa2c81d",
            "photolib list --folder 2019/Bordeaux --no-gps --ids | photolib action gps --lat 44.84 --lon -0.58 -",
            "photolib action gps --clear 3fa2c81d",
            "photolib action gps --undo 3fa2c81d",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let latitude = try command[Options.latitude]
        let longitude = try command[Options.longitude]
        let clear = command[Options.clear]
        let undo = command[Options.undo]
        let position: GPSCoordinate?
        switch (latitude, longitude, clear, undo) {
        case (let latitude?, let longitude?, false, false):
            position = GPSCoordinate(latitude: latitude, longitude: longitude)
        case (nil, nil, true, false), (nil, nil, false, true): position = nil
        default:
            throw UsageError(
                message: undo
                    ? "Option --undo cannot be used with --lat, --lon or --clear"
                    : clear
                        ? "Option --clear cannot be used with --lat or --lon"
                        : "Missing expected options: both --lat and --lon, --clear, or --undo",
                commandPath: command.path)
        }
        let library = try context.library(command)
        let dryRun = command[ActionCommand.Options.dryRun]
        if !dryRun { try library.requireWritable() }
        let catalog = try library.openCatalog()
        let assets = try AssetArguments.resolve(command, library: library, catalog: catalog, context: context)
        var gazetteer: Gazetteer?
        if position != nil || undo {
            do {
                gazetteer = try Gazetteer.load(for: library)
            } catch let error as any PhotolibError {
                context.diagnostics.warning("\(error); the cities are left unnamed")
            }
        }
        let report: ActionPerformer.Report
        if undo {
            let undoer = FieldUndo(library: library, catalog: catalog)
            report =
                try dryRun
                ? undoer.plan(.position, on: assets, gazetteer: gazetteer)
                : undoer.perform(.position, on: assets, gazetteer: gazetteer)
        } else {
            let setter = PositionSetter(library: library, catalog: catalog)
            let edits = setter.edits(position, gazetteer: gazetteer, on: assets)
            report = try dryRun ? setter.plan(edits, on: assets) : setter.perform(edits, on: assets)
        }
        return try ActionReportOutput.finish(
            report, library: library, catalog: catalog, json: command[ActionCommand.Options.json], dryRun: dryRun,
            context: context)
    }
}
