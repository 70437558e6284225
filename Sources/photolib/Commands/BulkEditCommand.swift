import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib action set --from FILE|-`: captions, cities, flags, ratings and keywords for
/// many assets from a CSV file or JSON Lines, in one transaction.
enum BulkEditCommand {
    enum Options {
        static let from = Option<RawPath>(
            "from", "file", help: "The CSV or JSON Lines file to read; - for standard input (required).")
        static let dryRun = Flag("dry-run", short: "n", help: "Say what would change, and change nothing.")
        static let json = Flag(
            "json", help: "Print a JSON array of {id, shortId, relativePath, changes: [{field, old, new}]}.")
    }

    static let spec = CommandSpec(
        name: "set",
        abstract: "Set captions, cities, flags, ratings, keywords, people, dates, positions from CSV or JSON Lines.",
        discussion: """
            Reads CSV with a header row (id or path, then any of caption, city, favourite, liked, \
            rating, keywords, people, takenAt, latitude with longitude) or JSON Lines (the asset JSON of \
            'list --jsonl', a position as its gps object; told apart by the \
            first character, '{'), and makes every change in one transaction, with one action-log \
            entry per changed field ('photolib history'). A field that already has the value is \
            no change, so 'list --jsonl | jq … | photolib action set --from -' changes only what \
            jq changed. In CSV an empty cell clears its field and keywords and people are separated by ';'; \
            favourite and liked take true/false (yes/no, 1/0); rating takes -1 (rejected) to 5. \
            In JSON Lines an absent key leaves its field alone, and keys other than id, path and \
            those fields are ignored. A date is read as 'action date --set' reads it, a position \
            names its city at once; both are the user's, kept over re-index. Text must be UTF-8; a name that is not is taken as photolib \
            writes it (raw bytes in a CSV path cell, \\udcXX in JSON). Captions are at most 2000 \
            characters, cities, keywords and names 200. Each asset is named once. Unknown columns, bad \
            rows and an asset named twice are reported with their line numbers and then nothing \
            is changed (exit status 65).
            """,
        options: [
            Options.from.spec,
            Options.dryRun.spec,
            Options.json.spec,
        ],
        examples: [
            "photolib action set --from captions.csv --dry-run",
            "photolib list --jsonl | jq -c '.rating=5' | photolib action set --from -",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        guard let from = command[Options.from] else {
            throw UsageError(message: "Missing expected option '--from <file>'", commandPath: command.path)
        }
        guard command.arguments.isEmpty else {
            throw UsageError(
                message: "Unexpected argument '\(command.arguments[0])': the assets are named in the file",
                commandPath: command.path)
        }
        let fromStandardInput = from.bytes == [UInt8(ascii: "-")]
        let source = fromStandardInput ? "standard input" : from.description
        let bytes = try fromStandardInput ? context.stdin.readAll() : FileSystem.readFile(context.absolute(from))
        let library = try context.library(command)
        let dryRun = command[Options.dryRun]
        if !dryRun { try library.requireWritable() }
        let catalog = try library.openCatalog()
        let editor = BulkEditor(library: library, catalog: catalog, workingDirectory: context.workingDirectory)
        let (rows, problems) = BulkEditFile.parse(bytes)
        let plans: [BulkEditPlan]
        do {
            plans = try editor.plan(rows, problems: problems, source: source)
        } catch let error as BulkEditError {
            for line in error.lines { context.diagnostics.problem(line) }
            throw error
        }
        let report = dryRun ? editor.report(plans) : try editor.apply(plans)
        let presenter = try AssetPresenter(library: library, catalog: catalog, assets: report.outcomes.map(\.after))
        if command[Options.json] {
            context.stdout.writePrettyJSON(
                .array(
                    report.outcomes.map { outcome in
                        .object([
                            ("id", .string(outcome.after.id.hex)),
                            ("shortId", .string(presenter.shortID(outcome.after))),
                            ("relativePath", .path(outcome.after.file.relativePath)),
                            (
                                "changes",
                                .array(
                                    outcome.changes.map { change in
                                        .object([
                                            ("field", .string(change.field)),
                                            ("old", change.oldValue.map(JSONValue.string) ?? .null),
                                            ("new", change.newValue.map(JSONValue.string) ?? .null),
                                        ])
                                    })
                            ),
                        ])
                    }))
        } else {
            let changed = report.outcomes.filter { !$0.changes.isEmpty }
            // Under --quiet neither the changes nor the count: errors only, as for every command.
            for outcome in changed {
                context.summary(ChangeText.line(for: outcome, presenter: presenter, dryRun: dryRun))
            }
            let fields = changed.reduce(0) { $0 + $1.changes.count }
            let unchanged = report.outcomes.count - changed.count
            context.summary(
                "\(dryRun ? "would change" : "changed") \(changed.count) asset\(changed.count == 1 ? "" : "s") "
                    + "(\(fields) field\(fields == 1 ? "" : "s")), \(unchanged) unchanged")
        }
        var failures = BatchFailures()
        for failure in report.failures { failures.record(failure.error, to: context.diagnostics) }
        return failures.status(items: report.outcomes.count)
    }
}
