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
            (action gps).
            """,
        arguments: [ArgumentSpec(name: "asset", help: AssetArguments.help, isOptional: false, isRepeating: true)],
        options: optionSpecs([
            Options.latitude, Options.longitude, Options.clear, ActionCommand.Options.dryRun,
            ActionCommand.Options.json,
        ]),
        examples: [
            "photolib action gps --lat 44.84 --lon -0.58 3fa2c81d",
            "photolib list --folder 2019/Bordeaux --no-gps --ids | photolib action gps --lat 44.84 --lon -0.58 -",
            "photolib action gps --clear 3fa2c81d",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let latitude = try command[Options.latitude]
        let longitude = try command[Options.longitude]
        let clear = command[Options.clear]
        let position: GPSCoordinate?
        switch (latitude, longitude, clear) {
        case (let latitude?, let longitude?, false): position = GPSCoordinate(latitude: latitude, longitude: longitude)
        case (nil, nil, true): position = nil
        default:
            throw UsageError(
                message: clear
                    ? "Option --clear cannot be used with --lat or --lon"
                    : "Missing expected options: both --lat and --lon, or --clear",
                commandPath: command.path)
        }
        let library = try context.library(command)
        let dryRun = command[ActionCommand.Options.dryRun]
        if !dryRun { try library.requireWritable() }
        let catalog = try library.openCatalog()
        let assets = try AssetArguments.resolve(command, library: library, catalog: catalog, context: context)
        var gazetteer: Gazetteer?
        if position != nil {
            do {
                gazetteer = try Gazetteer.load(for: library)
            } catch let error as any PhotolibError {
                context.diagnostics.warning("\(error); the cities are left unnamed")
            }
        }
        let setter = PositionSetter(library: library, catalog: catalog)
        let edits = setter.edits(position, gazetteer: gazetteer, on: assets)
        let report = try dryRun ? setter.plan(edits, on: assets) : setter.perform(edits, on: assets)
        let presenter = try AssetPresenter(library: library, catalog: catalog, assets: report.outcomes.map(\.after))
        if command[ActionCommand.Options.json] {
            context.stdout.writePrettyJSON(.array(report.outcomes.map { presenter.json($0.after) }))
        } else {
            for outcome in report.outcomes {
                context.summary(ChangeText.line(for: outcome, presenter: presenter, dryRun: dryRun))
            }
        }
        var failures = BatchFailures()
        for failure in report.failures { failures.record(failure.error, to: context.diagnostics) }
        return failures.status(items: report.outcomes.count + report.failures.count)
    }
}
