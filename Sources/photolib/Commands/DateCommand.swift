import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport

/// `photolib action date ASSET... --set|--shift|--time-zone|--from-filename|--undo`: capture
/// dates fixed in bulk, in one transaction, each change in the action log.
enum DateCommand {
    enum Options {
        static let set = Option<CaptureDate>(
            "set", "date", help: "This date, as 2019-07-24 11:25:40, with +03:00 after it if known."
        ) { raw, label, path in
            guard let date = CaptureDateText.parse(raw.description) else {
                throw UsageError(
                    message: "Invalid value '\(raw)' for '\(label)': expected a date as 2019-07-24 11:25:40, "
                        + "maybe with an offset (+03:00, Z), in the years 1...9999",
                    commandPath: path)
            }
            return date
        }
        static let shift = Option<Int>(
            "shift", "duration", help: "Move the dates (the camera's clock was wrong): +1h30m, -2d, 45s."
        ) { raw, label, path in
            guard let seconds = DateShift.seconds(raw.description) else {
                throw UsageError(
                    message: "Invalid value '\(raw)' for '\(label)': expected a signed duration of w, d, h, m, s "
                        + "as +1h30m or -2d",
                    commandPath: path)
            }
            return seconds
        }
        static let timeZone = Option<DateChanger.Operation>(
            "time-zone", "zone",
            help: "Keep the wall-clock time, change its offset: +02:00, or a zone as Europe/Paris (its summer "
                + "time on that day)."
        ) { raw, label, path in
            let text = raw.description.trimmingWhitespace()
            if let offset = CaptureDateText.offset(text) { return .offset(offset) }
            if text.contains("/"), let zone = TimeZone(identifier: text) { return .zone(zone) }
            throw UsageError(
                message: "Invalid value '\(raw)' for '\(label)': expected an offset as +02:00 or a time zone "
                    + "as Europe/Paris",
                commandPath: path)
        }
        static let fromFileName = Flag(
            "from-filename", help: "Read the date from the file's name (IMG_20190724_112540.jpg and others).")
        static let undo = Flag("undo", help: "Give each asset back the date it had before its last date change.")
    }

    static let spec = CommandSpec(
        name: "date",
        abstract: "Fix capture dates: set, shift, change the time zone, read names.",
        discussion: """
            Exactly one of --set, --shift, --time-zone, --from-filename or --undo. --shift moves the \
            moment (the camera's clock was an hour off: --shift -1h); --time-zone keeps the wall-clock \
            time and changes its offset (the camera was on home time); --from-filename reads names \
            by the patterns of \(FileNameDates.fileName) (in share/photolib): IMG_20190724_112540, \
            PXL_20230114_003700123 (UTC), Screenshot 2023-01-14 at 00.37.00, IMG-20190724-WA0001 \
            (midnight), 2019-07-24 11.25.40 and more. A date set so is the user's (takenAtSource \
            "user"): an index keeps it over the file's, and with 'sidecars: write' it is written to \
            the sidecar (exif:DateTimeOriginal, photoshop:DateCreated). All the changes are made in \
            one transaction, one action-log entry per asset and field; --undo gives back the date \
            before the last date change (a second --undo redoes it). An asset whose date cannot be \
            worked out (no date to shift, a name with no date, a year past 9999) is named on stderr, \
            the others are changed, and the exit status is 2.
            """,
        arguments: [ArgumentSpec(name: "asset", help: AssetArguments.help, isOptional: false, isRepeating: true)],
        options: optionSpecs([
            Options.set, Options.shift, Options.timeZone, Options.fromFileName, Options.undo,
            ActionCommand.Options.dryRun, ActionCommand.Options.json,
        ]),
        examples: [
            "photolib action date --shift -1h 3fa2c81d",
            "photolib list --camera 'EOS 5D' --folder 2019/Italy --ids | photolib action date --shift -1h -",
            "photolib action date --time-zone Europe/Rome --dry-run 3fa2c81d",
            "photolib action date --set '2019-07-24 11:25:40+03:00' scans/grandma.jpg",
            "photolib list --undated --ids | photolib action date --from-filename -",
            "photolib action date --undo 3fa2c81d",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let operation = try self.operation(command, context: context)
        let library = try context.library(command)
        let dryRun = command[ActionCommand.Options.dryRun]
        if !dryRun { try library.requireWritable() }
        let catalog = try library.openCatalog()
        let assets = try AssetArguments.resolve(command, library: library, catalog: catalog, context: context)
        let changer = DateChanger(library: library, catalog: catalog)
        let report = try dryRun ? changer.plan(operation, on: assets) : changer.perform(operation, on: assets)
        return try ActionReportOutput.finish(
            report, library: library, catalog: catalog, json: command[ActionCommand.Options.json], dryRun: dryRun,
            context: context)
    }

    /// The one operation the options ask for.
    static func operation(_ command: ParsedCommand, context: CommandContext) throws -> DateChanger.Operation {
        // The patterns are read only when asked for, so that a missing file fails only this.
        var operations: [(String, () throws -> DateChanger.Operation)] = []
        if let date = try command[Options.set] { operations.append(("--set", { .set(date) })) }
        if let seconds = try command[Options.shift] { operations.append(("--shift", { .shift(seconds: seconds) })) }
        if let zone = try command[Options.timeZone] { operations.append(("--time-zone", { zone })) }
        if command[Options.undo] { operations.append(("--undo", { .undo })) }
        if command[Options.fromFileName] {
            operations.append(
                ("--from-filename", { .fromFileName(try FileNameDates.shipped(from: context.dataFiles)) }))
        }
        guard operations.count == 1, let operation = operations.first?.1 else {
            throw UsageError(
                message: operations.isEmpty
                    ? "Missing expected option: one of --set, --shift, --time-zone, --from-filename, --undo"
                    : "Options " + operations.map(\.0).joined(separator: " and ") + " cannot be used together",
                commandPath: command.path)
        }
        return try operation()
    }
}
