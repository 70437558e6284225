import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport

/// `photolib geotag TRACK.gpx... [ASSET...|-] [filters]`: positions from GPS tracks, matched
/// by time, as exiftool's `-geotag`, written to the catalog (and sidecars), never to originals.
enum GeotagCommand: PhotolibCommand {
    enum Options {
        static let maximumGap = Option<Int>(
            "max-gap", "duration",
            help: "Leave alone a photo whose nearest track point is farther in time than this (default 5m)."
        ) { raw, label, path in
            let text = raw.description.trimmingWhitespace()
            guard !text.hasPrefix("-"), let seconds = DateShift.seconds(text), seconds > 0 else {
                throw UsageError(
                    message: "Invalid value '\(raw)' for '\(label)': expected a duration as 5m, 90s or 1h",
                    commandPath: path)
            }
            return seconds
        }
        static let offset = Option<Int>(
            "offset", "duration",
            help: "Add this to the photos' times to match the logger's clock, as exiftool's -geosync: +1h, -30s."
        ) { raw, label, path in
            guard let seconds = DateShift.seconds(raw.description) else {
                throw UsageError(
                    message: "Invalid value '\(raw)' for '\(label)': expected a signed duration as +1h or -30s",
                    commandPath: path)
            }
            return seconds
        }
        static let overwrite = Flag("overwrite", help: "Give a position to photos that have one already.")
    }

    static let spec = CommandSpec(
        name: "geotag",
        abstract: "Give photos positions from GPS tracks (GPX), matched by time.",
        discussion: """
            The arguments ending in .gpx are tracks (GPX 1.0 or 1.1: every track and segment, \
            read streaming); the others name assets as actions do (an id, a path, or - for \
            stdin), and without any, list's filters choose them (all assets by default). Each \
            photo's instant (its date with its offset; a date of unknown offset is read in the \
            computer's time zone, $TZ, as exiftool does; plus --offset) is placed on the track \
            by linear interpolation between the two points around it in one segment, or at the \
            segment's end; a photo whose nearest point is farther than --max-gap is left alone, \
            and so is one with a position already unless --overwrite. The positions say \
            gpsSource "track", outrank the file's on re-index as a user's do, name their city at \
            once, and are written to sidecars with 'sidecars: write'. All changes are one \
            transaction, one action-log entry per asset and field. --dry-run lists each position \
            with the distance and time to the nearest track point. A track that cannot be used \
            (not XML, no times, points out of order or two at one instant in different places) \
            is one line on stderr and nothing is changed (exit status 65).
            """,
        arguments: [
            ArgumentSpec(
                name: "track-or-asset",
                help: "GPX files (.gpx), then assets: ids, paths, or - to read them from stdin.",
                isOptional: false, isRepeating: true)
        ],
        options: optionSpecs(
            [
                Options.maximumGap, Options.offset, Options.overwrite, ActionCommand.Options.dryRun,
                ActionCommand.Options.json,
            ] + AssetFilterOptions.filterKeys),
        examples: [
            "photolib geotag ~/phone/2019-07-24.gpx --folder 2019/Italy --dry-run",
            "photolib geotag day1.gpx day2.gpx --camera 'EOS 5D' --offset +1h",
            "photolib list --no-gps --ids | photolib geotag track.gpx --max-gap 10m -",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let tracks = command.rawArguments.filter { $0.description.lowercased().hasSuffix(".gpx") }
        let references = command.rawArguments.filter { !$0.description.lowercased().hasSuffix(".gpx") }
        guard !tracks.isEmpty else {
            throw UsageError(message: "No GPX track given (a file whose name ends in .gpx)", commandPath: command.path)
        }
        var options = GeoTagger.Options()
        if let gap = try command[Options.maximumGap] { options.maximumGap = Double(gap) }
        if let offset = try command[Options.offset] { options.offset = Double(offset) }
        options.overwrite = command[Options.overwrite]
        options.localZone = context.environment["TZ"].flatMap { TimeZone(identifier: $0) } ?? .current
        _ = try AssetFilterOptions.selection(command)  // usage errors before the library's
        let dryRun = command[ActionCommand.Options.dryRun]
        let library = try context.library(command)
        if !dryRun { try library.requireWritable() }
        let catalog = try library.openCatalog()
        let assets: [Asset]
        if references.isEmpty {
            var query = try AssetFilterOptions.query(command, context: context, library: library, catalog: catalog)
            query.limit = nil
            assets = try catalog.assets(matching: query).filter { !$0.missing && !$0.trashed }
        } else {
            assets = try AssetArguments.resolve(references, library: library, catalog: catalog, context: context)
        }
        let tagger = GeoTagger(library: library, catalog: catalog)
        // Only the hours the photos were taken in are kept from the tracks.
        let window = GeoTagger.window(for: assets, options: options)
        var segments: [[TrackPoint]] = []
        for track in tracks {
            let path = context.absolute(track)
            segments += try GPXReader.read(path, keeping: window ?? 0...0).segments
        }
        let (matches, skipped) = tagger.match(assets, track: GPXTrack(segments: segments), options: options)
        let gazetteer: Gazetteer? = matches.isEmpty ? nil : try? Gazetteer.load(for: library)
        let edits = tagger.edits(matches, gazetteer: gazetteer)
        let report =
            try dryRun
            ? tagger.plan(edits, on: matches.map(\.asset))
            : tagger.perform(
                edits, on: matches.map(\.asset))
        let presenter = try AssetPresenter(library: library, catalog: catalog, assets: report.outcomes.map(\.after))
        if command[ActionCommand.Options.json] {
            context.stdout.writePrettyJSON(.array(report.outcomes.map { presenter.json($0.after) }))
        } else {
            for (outcome, match) in zip(report.outcomes, matches) {
                var line = ChangeText.line(for: outcome, presenter: presenter, dryRun: dryRun)
                if dryRun {
                    line += String(
                        format: " (%.0f m and %.0f s from the nearest track point)", match.fix.metresToNearest,
                        match.fix.secondsToNearest)
                }
                context.summary(line)
            }
            if context.verbosity == .verbose || dryRun {
                for skip in skipped { context.summary("left alone \(TerminalText.escaped(skip.description))") }
            }
            context.summary("geotagged \(matches.count), left alone \(skipped.count)")
        }
        var failures = BatchFailures()
        for failure in report.failures { failures.record(failure.error, to: context.diagnostics) }
        return failures.status(items: max(report.outcomes.count, 1))
    }
}
