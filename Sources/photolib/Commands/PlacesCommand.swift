import Foundation
import PhotoFormats
import PhotoLibrary
import PhotoSupport

/// `photolib places lookup|import|refresh`: the offline gazetteer that turns GPS positions
/// into cities and time zones.
enum PlacesCommand: PhotolibCommand {
    enum Options {
        static let lookupJSON = Flag("json", help: "Print the match as JSON (null when there is none).")
        static let importJSON = Flag("json", help: "Print the outcome as JSON.")
        static let refreshJSON = Flag("json", help: "Print the outcome as JSON.")
    }

    static let spec = CommandSpec(
        name: "places",
        abstract: "Look up the city of a position, import a finer gazetteer, or look positions up again.",
        discussion: """
            photolib names the city of a photo's GPS position with an offline gazetteer: the \
            largest place whose population-scaled radius covers the point, else the nearest place \
            within \(Int(Gazetteer.nearestLimitKilometres)) km, else none; a capture date the file \
            gives without an offset gets the one of that place's time zone on that day. It ships \
            with GeoNames' places of 1,000 people or more; a library may use a finer one made by \
            'places import'. The catalog records which gazetteer its places come from: when it \
            changes (installed, upgraded, imported), the next index looks every position up again.
            """,
        subcommands: [
            CommandSpec(
                name: "lookup",
                abstract: "Print the place a position resolves to.",
                arguments: [
                    ArgumentSpec(name: "latitude", help: "Degrees, south negative.", isOptional: false),
                    ArgumentSpec(name: "longitude", help: "Degrees, west negative.", isOptional: false),
                ],
                options: [Options.lookupJSON.spec],
                examples: ["photolib places lookup 48.8584 2.2945", "photolib places lookup 44.8412 -0.5698 --json"]),
            CommandSpec(
                name: "import",
                abstract: "Use a GeoNames dump as this library's gazetteer.",
                discussion: """
                    Reads FILE in GeoNames' tab-separated format (cities500.txt, cities1000.txt, \
                    allCountries.txt, from https://download.geonames.org/export/dump/), keeps its \
                    populated places, and writes them to .photolib/gazetteer.bin, which index and \
                    'places lookup' then use instead of the shipped gazetteer. Cities that came \
                    from GPS are looked up again at once.
                    """,
                arguments: [ArgumentSpec(name: "file", help: "A GeoNames dump.", isOptional: false)],
                options: [Options.importJSON.spec],
                examples: ["photolib places import ~/Downloads/cities500.txt"]),
            CommandSpec(
                name: "refresh",
                abstract: "Look up the city and time zone of every GPS position again.",
                discussion: """
                    Looks every asset's GPS position up in the library's gazetteer: cities that came \
                    from GPS (not those a person or the file's text named) and the offsets of dates \
                    the file gave none follow it. Index does this by itself when the gazetteer \
                    changed since the last run.
                    """,
                options: [Options.refreshJSON.spec],
                examples: ["photolib places refresh"]),
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        // The parser runs `places` only with one of its two subcommands.
        switch command.path.last {
        case "lookup": try lookup(command, context: context)
        case "refresh": try refresh(command, context: context)
        default: try PlacesImport.run(command, context: context)
        }
    }

    private static func refresh(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        try library.requireWritable()
        let gazetteer = try Gazetteer.load(for: library)
        let outcome = try PlaceRefresh.run(catalog: library.openCatalog(), gazetteer: gazetteer)
        if command[Options.refreshJSON] {
            context.stdout.writePrettyJSON(refreshJSON(outcome))
        } else {
            context.summary(
                "Looked up \(outcome.checked) GPS positions again: \(outcome.changed) changed city, "
                    + "\(outcome.datesPlaced) dates changed offset")
        }
        return .success
    }

    static func refreshJSON(_ outcome: PlaceRefresh.Outcome) -> JSONValue {
        .object([
            ("assetsChecked", .int(Int64(outcome.checked))), ("assetsChanged", .int(Int64(outcome.changed))),
            ("datesPlaced", .int(Int64(outcome.datesPlaced))),
        ])
    }

    private static func lookup(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let latitude = try coordinate(command, index: 0, name: "latitude", limit: 90)
        let longitude = try coordinate(command, index: 1, name: "longitude", limit: 180)
        // The library's own gazetteer when there is a library; the shipped one otherwise.
        let library =
            command[RootCommand.libraryOption] == nil
            ? try? context.library(command)
            : try context.library(command)
        let gazetteer = try library.map(Gazetteer.load(for:)) ?? Gazetteer.loadShipped(from: context.dataFiles)
        let match = gazetteer.lookup(latitude: latitude, longitude: longitude)
        if command[Options.lookupJSON] {
            context.stdout.writePrettyJSON(match.map(json) ?? .null)
        } else if let match {
            context.stdout.write(text(match))
        } else {
            context.stdout.write(
                "No place within \(Int(Gazetteer.nearestLimitKilometres)) km of \(latitude), \(longitude)\n")
        }
        return .success
    }

    private static func coordinate(_ command: ParsedCommand, index: Int, name: String, limit: Double) throws -> Double {
        let text = command.arguments[index]
        guard let value = Double(text.trimmingWhitespace()), value.isFinite, abs(value) <= limit else {
            throw UsageError(
                message: "Invalid \(name) '\(text)': expected decimal degrees in -\(Int(limit))...\(Int(limit))",
                commandPath: command.path)
        }
        return value
    }

    static func text(_ match: PlaceMatch) -> String {
        let place = ([match.city, match.region, match.countryName].compactMap { $0 }).joined(separator: ", ")
        let how = match.rule == .withinRadius ? "within its radius" : "nearest place"
        let distance = String(format: "%.1f", match.distanceKilometres)
        return
            "\(place) (\(match.countryCode))\n  \(distance) km from its centre at \(match.latitude), \(match.longitude); "
            + "population \(match.population); \(how)\n"
            + (match.timeZone.map { "  time zone \($0)\n" } ?? "")
    }

    static func json(_ match: PlaceMatch) -> JSONValue {
        .object([
            ("city", .string(match.city)), ("region", match.region.map(JSONValue.string) ?? .null),
            ("country", .string(match.countryCode)), ("countryName", .string(match.countryName)),
            ("latitude", .double(match.latitude)), ("longitude", .double(match.longitude)),
            ("population", .int(Int64(match.population))),
            ("distanceKilometres", .double((match.distanceKilometres * 1000).rounded() / 1000)),
            ("rule", .string(match.rule.rawValue)), ("timeZone", match.timeZone.map(JSONValue.string) ?? .null),
        ])
    }
}
