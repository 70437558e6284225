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
            'photolib list --collection' takes. With filters (list's, such as --no-gps or \
            --folder 2015), each count is of the assets that match them, and the cities and \
            years that hold none of those are left out.
            """,
        options: optionSpecs(filters + [json]),
        examples: [
            "photolib collections", "photolib collections --no-gps",
            "photolib collections --json | jq -r '.[] | select(.kind == \"city\") | .name'",
        ]
    )

    /// list's filters that choose within a collection (the trash, missing and collection
    /// choices are the collections themselves).
    static let filters = AssetFilterOptions.filterKeys.filter { key in
        ![AssetFilterOptions.trashed.name, AssetFilterOptions.missing.name, AssetFilterOptions.collection.name]
            .contains(key.name)
    }
    static let json = Flag("json", help: "Print a JSON array of {name, kind, selector, count}.")

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        let now = Date()
        var collections = try catalog.collections(now: now)
        if AssetFilterOptions.anyFilter(command) {
            // One count a collection, each of the collection's own query within the filters'.
            let base = try AssetFilterOptions.query(command, context: context, library: library, catalog: catalog)
            collections = try collections.compactMap { entry in
                let count = try catalog.count(matching: entry.collection.query(now: now, base: base))
                switch entry.collection {
                case .city, .year: return count == 0 ? nil : CollectionCount(entry.collection, count)
                default: return CollectionCount(entry.collection, count)
                }
            }
        }
        if command[json] {
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
