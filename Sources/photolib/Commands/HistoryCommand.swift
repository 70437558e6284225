import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib history [ASSET]`: the action log.
enum HistoryCommand: PhotolibCommand {
    enum Options {
        static let limit = Option<Int>("limit", "n", range: 0...Int.max, help: "Only the latest N entries.")
        static let json = Flag("json", help: "Print a JSON array of events.")
    }

    static let spec = CommandSpec(
        name: "history",
        abstract: "Show the action log: what changed, from what to what, when.",
        discussion: """
            Every change 'photolib action' makes is logged, one line per field: when (UTC), the \
            asset, the action, the field and its old and new value. Changes made by one command \
            share a batch. Without ASSET, the whole library's log; oldest first. The history of an \
            asset purged from the trash is kept: name it by its id or a unique prefix.
            """,
        arguments: [ArgumentSpec(name: "asset", help: "Only this asset's history (id, prefix or path).")],
        options: [
            Options.limit.spec,
            Options.json.spec,
        ],
        examples: ["photolib history", "photolib history 3fa2c81d", "photolib history --limit 20 --json"]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let limit = try command[Options.limit]
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        let assetID = try historyID(command, library: library, catalog: catalog, context: context)
        let events = try catalog.history(for: assetID, limit: limit)
        let ids = Array(Set(events.map(\.assetID)))
        let shortIDs = try catalog.shortIDs(for: ids, minimumLength: AssetID.minimumDisplayLength)
        if command[Options.json] {
            context.stdout.writePrettyJSON(
                .array(
                    events.map { event in
                        .object([
                            ("sequence", .int(event.sequence)),
                            ("id", .string(event.assetID.hex)),
                            ("shortId", .string(shortIDs[event.assetID] ?? event.assetID.hex)),
                            ("at", .string(Timestamp.iso8601(event.date))),
                            ("action", .string(event.action)),
                            ("field", .string(event.change.field)),
                            ("old", event.change.oldValue.map(JSONValue.string) ?? .null),
                            ("new", event.change.newValue.map(JSONValue.string) ?? .null),
                            ("batch", .string(event.batch)),
                        ])
                    }))
            return .success
        }
        guard !events.isEmpty else {
            context.stdout.write(assetID == nil ? "No actions yet.\n" : "No actions on this asset yet.\n")
            return .success
        }
        var table = TableRenderer(
            columns: [.init("WHEN"), .init("ID"), .init("ACTION"), .init("FIELD"), .init("CHANGE")],
            flexibleColumn: 4)
        for event in events {
            let change = event.change
            table.append([
                Timestamp.iso8601(event.date), shortIDs[event.assetID] ?? event.assetID.hex, event.action,
                change.field,
                "\(ChangeText.shown(change.oldValue, field: change.field)) → "
                    + ChangeText.shown(change.newValue, field: change.field),
            ])
        }
        context.stdout.write(table.render(maximumWidth: context.tableWidth))
        return .success
    }

    /// The asset whose history is asked for: one the catalog has, or, since a purged asset's
    /// history is kept, an id or unique id prefix that only the log still knows.
    private static func historyID(
        _ command: ParsedCommand, library: Library, catalog: any Catalog, context: CommandContext
    ) throws -> AssetID? {
        guard let argument = command.rawArguments.first else { return nil }
        do {
            return try AssetArguments.resolve(command, library: library, catalog: catalog, context: context).first?.id
        } catch let error as AssetReferenceError where error.reason == .unknown {
            let prefix = argument.description.lowercased()
            guard prefix.count >= 4, prefix.allSatisfy(\.isHexDigit) else { throw error }
            let logged = Set(try catalog.history(for: nil, limit: nil).map(\.assetID)).filter {
                $0.hex.hasPrefix(prefix)
            }
            guard logged.count == 1, let id = logged.first else { throw error }
            return id
        }
    }
}
