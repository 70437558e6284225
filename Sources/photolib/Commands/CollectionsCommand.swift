import Foundation
import PhotoCatalog

/// `photolib collections`: the groups a browser switches between, with their counts.
enum CollectionsCommand: PhotolibCommand {
    static let spec = CommandSpec(
        name: "collections",
        abstract: "List collections (Favourites, cities, years, keywords, …) with counts.",
        discussion: """
            Lists All, Favourites, Liked, each city, each year, each keyword (and each level \
            above one in its hierarchy: keyword:Places holds Places/France/Bordeaux), Recently Added (the last \
            \(AssetCollection.recentDays) days), Recently Popped and Trash, with how many assets \
            each holds. Only Trash counts trashed assets. The SELECTOR column is what \
            'photolib list --collection' takes.
            """,
        options: [.flag("json", help: "Print a JSON array of {name, kind, selector, count}.")],
        examples: [
            "photolib collections", "photolib collections --json | jq -r '.[] | select(.kind == \"city\") | .name'",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let catalog = try context.library(command).openCatalog()
        let collections = try catalog.collections(now: Date())
        if command.flag("json") {
            context.stdout.writePrettyJSON(
                .array(
                    collections.map { entry in
                        .object([
                            ("name", .string(entry.collection.title)), ("kind", .string(entry.collection.kind)),
                            ("selector", .string(entry.collection.selector)), ("count", .int(Int64(entry.count))),
                        ])
                    }))
        } else {
            var table = TableRenderer(
                columns: [.init("COLLECTION"), .init("ASSETS", alignment: .right), .init("SELECTOR")],
                flexibleColumn: 0)
            for entry in collections {
                table.append([entry.collection.title, String(entry.count), entry.collection.selector])
            }
            context.stdout.write(table.render(maximumWidth: context.tableWidth))
        }
        return .success
    }
}
