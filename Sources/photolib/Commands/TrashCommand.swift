import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib trash list` and `photolib trash empty [--older-than AGE] --yes`.
enum TrashCommand: PhotolibCommand {
    enum Options {
        static let listJSON = Flag("json", help: "Print a JSON array of assets.")
        static let olderThan = Option<String>(
            "older-than", "age", help: "Only those trashed longer ago than AGE: 30d, 12h, 2w, 45m.")
        static let yes = Flag(
            "yes", short: "y", help: "Really delete; without it, say what would go (and ask, on a terminal).")
        static let emptyJSON = Flag(
            "json", help: "Print the deleted (or, without --yes, the deletable) assets as JSON.")
    }

    static let spec = CommandSpec(
        name: "trash",
        abstract: "List the trash, or empty it for good.",
        discussion: """
            'photolib action delete' moves originals into the library's trash (.photolib/trash/); \
            'photolib action restore' puts them back. 'trash empty' deletes trashed originals for \
            good and removes them from the catalog (their history stays); it deletes nothing \
            without --yes or, on a terminal, a yes to its question (it lists them first).
            """,
        subcommands: [
            CommandSpec(
                name: "list", aliases: ["ls"], abstract: "List the trashed assets, oldest first.",
                options: [Options.listJSON.spec],
                examples: ["photolib trash list"]),
            CommandSpec(
                name: "empty", abstract: "Delete trashed originals for good (asks, or --yes).",
                options: optionSpecs([Options.olderThan, Options.yes, Options.emptyJSON]),
                examples: ["photolib trash empty --older-than 30d --yes"]),
        ],
        examples: ["photolib trash list", "photolib trash empty --older-than 30d --yes"]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        var query = AssetQuery()
        query.trash = .only
        var assets = try catalog.assets(matching: query)
        assets.sort {
            ($0.trashedAt ?? .distantPast, $0.file.relativePath) < ($1.trashedAt ?? .distantPast, $1.file.relativePath)
        }
        switch command.path.last {
        case "list":
            try show(assets, library: library, catalog: catalog, json: command[Options.listJSON], context: context)
            return .success
        default:
            try library.requireWritable()
            return try empty(assets, command: command, library: library, catalog: catalog, context: context)
        }
    }

    private static func empty(
        _ trashed: [Asset], command: ParsedCommand, library: Library, catalog: any Catalog,
        context: CommandContext
    ) throws -> ExitStatus {
        var assets = trashed
        if let text = command[Options.olderThan] {
            guard let age = parseAge(text) else {
                throw UsageError(
                    message: "Invalid value '\(text)' for '--older-than <age>': expected a number and "
                        + "a unit, such as 30d, 12h, 2w or 45m", commandPath: command.path)
            }
            let cutoff = Date().addingTimeInterval(-age)
            assets = assets.filter { ($0.trashedAt ?? .distantPast) <= cutoff }
        }
        if !command[Options.yes] {
            try show(assets, library: library, catalog: catalog, json: command[Options.emptyJSON], context: context)
            guard !assets.isEmpty else { return .success }
            let originals = assets.count == 1 ? "original" : "originals"
            context.stdout.flush()
            try Confirmation.require(
                "Delete \(assets.count) trashed \(originals) for good?", yes: false, command: command,
                context: context,
                refusal: "Nothing deleted: deleting \(assets.count) trashed \(originals) for good needs --yes",
                cancelled: TrashEmptyCancelled())
        }
        let presenter = try AssetPresenter(library: library, catalog: catalog, assets: assets)
        let report = try TrashBin(library: library).empty(assets, catalog: catalog)
        var failures = BatchFailures()
        for failure in report.failures { failures.record(failure.error, to: context.diagnostics) }
        let deleted = report.deleted
        if command[Options.emptyJSON] {
            context.stdout.writePrettyJSON(.array((deleted + report.alreadyGone).map(presenter.json)))
        } else {
            context.summary(
                "deleted \(deleted.count) \(deleted.count == 1 ? "original" : "originals") for good "
                    + "(\(ByteCount.text(report.bytesDeleted)))")
            if !report.alreadyGone.isEmpty {
                let count = report.alreadyGone.count
                context.summary(
                    "removed \(count) \(count == 1 ? "asset" : "assets") whose trashed original was already gone")
            }
            for asset in deleted { context.diagnostics.note(asset.file.relativePath.description, "deleted") }
            if !report.companionsKept.isEmpty {
                let count = report.companionsKept.count
                context.summary(
                    "kept \(count) \(count == 1 ? "companion" : "companions") that an older photolib left beside "
                        + "\(count == 1 ? "its photo's" : "their photos'") path, outside the trash (--verbose names them)"
                )
            }
            for path in report.companionsKept {
                context.diagnostics.note(
                    path.description, "kept: a companion an older photolib left outside the trash with its photo")
            }
        }
        return failures.status(items: assets.count)
    }

    private static func show(
        _ assets: [Asset], library: Library, catalog: any Catalog, json: Bool,
        context: CommandContext
    ) throws {
        let presenter = try AssetPresenter(library: library, catalog: catalog, assets: assets)
        if json {
            context.stdout.writePrettyJSON(.array(assets.map(presenter.json)))
            return
        }
        guard !assets.isEmpty else {
            context.stdout.write("The trash is empty.\n")
            return
        }
        var table = TableRenderer(
            columns: [
                .init("ID"), .init("TRASHED"), .init("SIZE", alignment: .right),
                .init("PATH", cut: .middle), .init("CAPTION"),
            ], flexibleColumn: 4)
        table.shrinkOrder = [(3, 28), (4, 16), (3, 8)]
        for asset in assets {
            let trashed = asset.trashedAt.map(Timestamp.iso8601) ?? "-"
            table.append([
                presenter.shortID(asset), trashed, ByteCount.text(asset.file.size),
                asset.file.relativePath.description, asset.caption ?? "",
            ])
        }
        context.stdout.write(table.render(maximumWidth: context.tableWidth))
    }

    /// `30d`, `12h`, `2w`, `45m`, `90s` as seconds.
    static func parseAge(_ text: String) -> TimeInterval? {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604_800]
        guard let unit = text.last.flatMap({ units[$0] }), let number = Double(text.dropLast()),
            number >= 0, number.isFinite
        else { return nil }
        return number * unit
    }
}

/// The person answered no: nothing was deleted.
struct TrashEmptyCancelled: PhotolibError {
    var kind: ErrorKind { .failure }
    var description: String { "cancelled; nothing was deleted" }
}
