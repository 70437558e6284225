import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib action NAME ASSET...`: favourite, like, caption, city, delete and restore, with
/// every change written to the action log.
enum ActionCommand: PhotolibCommand {
    static let commonOptions: [OptionSpec] = [
        .flag("dry-run", short: "n", help: "Say what would change, and change nothing."),
        .flag("json", help: "Print each asset's new state as JSON (an array)."),
        .flag("yes", short: "y", help: "Do not ask before deleting several assets (needed from scripts)."),
    ]

    static let spec = CommandSpec(
        name: "action",
        abstract: "Act on assets: like, favourite, caption, city, delete, restore.",
        discussion: """
            Each action takes one or more assets: ids (any unique prefix), paths, or - to read one \
            a line from stdin (lines of 'list --jsonl' are accepted too). All the changes of one \
            command are made in one transaction and written to the action log ('photolib history'). \
            An unknown or ambiguous asset stops the command before anything changes (exit status 66). \
            When some assets fail (a file that cannot be moved), the rest go ahead and the exit status is 2.
            """,
        subcommands: AssetAction.allCases.map(spec(for:)),
        examples: [
            "photolib action favourite 3fa2c81d",
            "photolib list --city Bordeaux --ids | photolib action favourite -",
            "photolib action caption --value 'Lovely piece of art in Bordeaux' 2015/bordeaux-art.jpg",
            "photolib action delete --dry-run 3fa2c81d 77b0e1c4",
        ]
    )

    static func spec(for action: AssetAction) -> CommandSpec {
        var options = commonOptions
        if action.takesValue {
            let what = action == .caption ? "text" : "name"
            options.insert(
                .value("value", what, help: "The new \(action.rawValue) (required; empty clears it)."), at: 0)
        }
        if action != .delete { options.removeAll { $0.name == "yes" } }
        return CommandSpec(
            name: action.rawValue, aliases: action.aliases, abstract: action.summary,
            arguments: [ArgumentSpec(name: "asset", help: AssetArguments.help, isOptional: false, isRepeating: true)],
            options: options,
            examples: action.takesValue
                ? [
                    "photolib action \(action.rawValue) --value '\(action == .caption ? "Sunset" : "Bordeaux")' 3fa2c81d"
                ]
                : ["photolib action \(action.rawValue) 3fa2c81d"])
    }

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        // The parser ran a subcommand, named by its canonical name, with at least one asset.
        let action = AssetAction(named: command.path[1])!
        let value = command.value("value")
        if action.takesValue, value == nil {
            throw UsageError(
                message: "Missing expected option '--value <\(action == .caption ? "text" : "name")>'",
                commandPath: command.path)
        }
        let library = try context.library(command)
        try library.requireWritable()
        let catalog = try library.openCatalog()
        let assets = try AssetArguments.resolve(command, library: library, catalog: catalog, context: context)
        let dryRun = command.flag("dry-run")
        if action == .delete, !dryRun, !command.flag("yes") {
            try confirmDeletion(of: assets.filter { !$0.trashed }, command: command, context: context)
        }
        let performer = ActionPerformer(library: library, catalog: catalog)
        let report =
            dryRun
            ? performer.plan(action, value: value, on: assets)
            : try performer.perform(action, value: value, on: assets)

        let shown = report.outcomes.map(\.after) + report.failures.map(\.asset)
        let presenter = try AssetPresenter(library: library, catalog: catalog, assets: shown)
        if command.flag("json") {
            context.stdout.writePrettyJSON(.array(report.outcomes.map { presenter.json($0.after) }))
        } else {
            for outcome in report.outcomes { context.summary(line(for: outcome, presenter: presenter, dryRun: dryRun)) }
        }
        var failures = BatchFailures()
        for failure in report.failures { failures.record(failure.error, to: context.diagnostics) }
        return failures.status(items: report.outcomes.count + report.failures.count)
    }

    /// `3fa2c81d 2015/bordeaux-art.jpg: favourite false → true`.
    static func line(for outcome: ActionPerformer.Outcome, presenter: AssetPresenter, dryRun: Bool) -> String {
        let subject = "\(presenter.shortID(outcome.after)) \(outcome.after.file.relativePath)"
        guard !outcome.changes.isEmpty else { return "\(subject): unchanged" }
        let changes = outcome.changes.map { change in
            "\(change.field) \(shown(change.oldValue, field: change.field)) → \(shown(change.newValue, field: change.field))"
        }.joined(separator: ", ")
        return "\(dryRun ? "would change " : "")\(subject): \(changes)"
    }

    /// A logged value as people read it: texts quoted, none as "(none)".
    static func shown(_ value: String?, field: String) -> String {
        guard let value else { return "(none)" }
        return ["caption", "city", "path"].contains(field) ? "\"\(value)\"" : value
    }

    /// Deleting more than one asset asks first on a terminal and needs `--yes` from a script.
    private static func confirmDeletion(of assets: [Asset], command: ParsedCommand, context: CommandContext) throws {
        guard assets.count > 1 else { return }
        let readsStandardInput = command.rawArguments.contains { $0.bytes == [UInt8(ascii: "-")] }
        guard context.stdinIsTerminal, !readsStandardInput else {
            throw UsageError(
                message: "Deleting \(assets.count) assets from a script needs --yes "
                    + "(they go to the trash; 'photolib action restore' brings them back)",
                commandPath: command.path)
        }
        context.stderr.write("Move \(assets.count) photos to the trash? [y/N] ")
        let answer = String(decoding: context.stdin.readLine() ?? [], as: UTF8.self).trimmingWhitespace().lowercased()
        guard answer == "y" || answer == "yes" else {
            throw ActionCancelled()
        }
    }
}

/// The person answered no: nothing was done.
struct ActionCancelled: PhotolibError {
    var kind: ErrorKind { .failure }
    var description: String { "cancelled; nothing was deleted" }
}
