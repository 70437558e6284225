import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib forget ASSET...|--missing`: removes from the catalog the assets whose original
/// was deleted outside photolib, which nothing else can remove (`action delete` needs the file).
enum ForgetCommand: PhotolibCommand {
    enum Options {
        static let missing = Flag("missing", help: "Forget every asset the last index did not find.")
        static let dryRun = Flag("dry-run", short: "n", help: "List what would be forgotten, and change nothing.")
        static let yes = Flag("yes", short: "y", help: "Do not ask before forgetting (needed from scripts).")
        static let json = Flag("json", help: "Print a JSON array of the assets forgotten (or that would be).")
    }

    static let spec = CommandSpec(
        name: "forget",
        abstract: "Remove assets whose original is gone from the catalog (their history is kept).",
        discussion: """
            For photos deleted outside photolib: 'index' marks them missing and keeps them, in \
            case they come back; forget removes them for good. Only missing assets can be \
            forgotten (one whose file is there is refused: 'photolib action delete' moves it to \
            the trash). --missing forgets every missing asset. It needs --yes, or an answer on a \
            terminal, like every command that drops catalog state for good; --dry-run lists \
            what would go. Each is logged as a 'forget' \
            event that 'photolib history ID' still shows.
            """,
        arguments: [ArgumentSpec(name: "asset", help: AssetArguments.help, isRepeating: true)],
        options: [
            Options.missing.spec,
            Options.dryRun.spec,
            Options.yes.spec,
            Options.json.spec,
        ],
        examples: [
            "photolib forget --missing --dry-run", "photolib forget --missing --yes",
            "photolib list --missing --ids | photolib forget - --yes",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let all = command[Options.missing]
        guard all != !command.rawArguments.isEmpty else {
            throw UsageError(
                message: all
                    ? "--missing forgets every missing asset; name no asset with it" : "Name assets, or --missing",
                commandPath: command.path)
        }
        let library = try context.library(command)
        try library.requireWritable()
        let catalog = try library.openCatalog()
        var assets: [Asset]
        var failures = BatchFailures()
        if all {
            var query = AssetQuery()
            query.missing = true
            assets = try catalog.assets(matching: query)
        } else {
            assets = []
            for asset in try AssetArguments.resolve(command, library: library, catalog: catalog, context: context) {
                if asset.missing && !asset.trashed {
                    assets.append(asset)
                } else {
                    failures.record(
                        NotMissingError(path: asset.file.relativePath, trashed: asset.trashed), to: context.diagnostics)
                }
            }
        }
        let dryRun = command[Options.dryRun]
        if !dryRun, !assets.isEmpty {
            let count = assets.count
            try Confirmation.require(
                "Forget \(count) missing \(count == 1 ? "photo" : "photos")?", yes: command[Options.yes],
                command: command, context: context,
                refusal: "Forgetting \(count) \(count == 1 ? "asset" : "assets") from a script needs --yes "
                    + "(see \(count == 1 ? "it" : "them") first with --dry-run)",
                cancelled: ForgetCancelled())
        }
        let presenter = try AssetPresenter(library: library, catalog: catalog, assets: assets)
        let forgotten = dryRun ? assets.map(\.id) : try catalog.forget(assets.map(\.id))
        let shown = assets.filter { forgotten.contains($0.id) }
        if !dryRun { try library.removeRenditions(of: shown, catalog: catalog) }
        if command[Options.json] {
            context.stdout.writePrettyJSON(.array(shown.map(presenter.json)))
        } else {
            for asset in shown {
                context.summary(
                    "\(dryRun ? "would forget" : "forgot") \(presenter.shortID(asset)) \(asset.file.relativePath)")
            }
            if all, shown.isEmpty { context.summary("No missing assets.") }
        }
        return failures.status(items: assets.count + failures.count)
    }
}

/// `forget` named an asset whose original is still there (or in the trash).
struct NotMissingError: PhotolibError {
    var path: RawPath
    var trashed: Bool

    var kind: ErrorKind { .failure }
    var description: String {
        trashed
            ? "\(path): in the trash, not missing; 'photolib trash empty' removes it"
            : "\(path): its original is there, not missing; 'photolib action delete' moves it to the trash"
    }
}

/// The person answered no: nothing was forgotten.
struct ForgetCancelled: PhotolibError {
    var kind: ErrorKind { .failure }
    var description: String { "cancelled; nothing was forgotten" }
}
