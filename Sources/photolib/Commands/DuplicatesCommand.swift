import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib duplicates`: groups of assets whose originals are byte-identical.
enum DuplicatesCommand: PhotolibCommand {
    enum Options {
        static let jobs = Option<Int>(
            "jobs", "n", short: "j", range: 1...256, help: "Files read at once (default: the number of cores).")
    }

    static let spec = CommandSpec(
        name: "duplicates",
        aliases: ["dupes"],
        abstract: "List groups of byte-identical originals.",
        discussion: """
            Reads the originals that have no content hash yet and may be a copy of another \
            (an XXH3-128 of the whole file, kept in the catalog as contentHash; making \
            renditions computes it too), then lists the groups of assets with one content hash: \
            copies of one file, whatever their names or folders. As fdupes does, an original \
            whose size no other shares is never read, and of equal sizes only those whose first \
            and last 4 KiB agree are read whole. Two different photos are never grouped, even of equal size or with equal \
            ends. Trashed and missing assets are left out. list's filters (such as --folder 2015) \
            choose the assets compared; a group is printed when two of them share a hash. In a \
            library you cannot write, the hashes are computed all the same, for this run only. \
            Exit status: 0 (duplicates or not), 2 when some originals could not be read (each \
            one is reported), 1 on failure.
            """,
        options: optionSpecs(
            GroupOutput.keys + [Options.jobs]
                + AssetFilterOptions.filterKeys.filter { key in
                    ![AssetFilterOptions.duplicates, AssetFilterOptions.trashed, AssetFilterOptions.missing]
                        .contains { $0.name == key.name }
                }),
        examples: [
            "photolib duplicates", "photolib duplicates --folder 2016 --json",
            "photolib duplicates --jsonl | jq -r '.assets[1:][].path'",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let format = try GroupOutput.format(command)
        let jobs = try command[Options.jobs] ?? IndexOptions.defaultJobs
        _ = try AssetFilterOptions.selection(command)  // usage errors before the library's
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        let summary = try UnhashedOriginals.hash(
            context: context, library: library, catalog: catalog, jobs: jobs, readOnlyAllowed: true)
        var query = try AssetFilterOptions.query(command, context: context, library: library, catalog: catalog)
        query.sort = .path
        query.reverse = false
        query.limit = nil
        let groups: [DuplicateGroup]
        if library.isWritable || summary.hashes.isEmpty {
            query.duplicates = true
            groups = DuplicateGroup.groups(try catalog.assets(matching: query))
        } else {
            // A library nobody may write (a backup, an archive) holds hashes this run computed
            // that the catalog does not: the assets are grouped here instead of by the catalog.
            let assets = try catalog.assets(matching: query).filter { !$0.missing }.map { asset in
                var asset = asset
                if asset.contentHash == nil { asset.contentHash = summary.hashes[asset.id] }
                return asset
            }
            groups = DuplicateGroup.groups(assets)
        }
        let shortIDs = try catalog.shortIDs(
            for: groups.flatMap { $0.assets.map(\.id) }, minimumLength: AssetID.minimumDisplayLength)
        GroupOutput.write(
            groups, as: format, to: context, object: { json($0, library: library, shortIDs: shortIDs) },
            text: { text($0, shortIDs: shortIDs) })
        return summary.failed.isEmpty ? .success : .partial
    }

    /// `{contentHash, size, count, assets: [{id, shortId, path, relativePath}]}`.
    static func json(_ group: DuplicateGroup, library: Library, shortIDs: [AssetID: String]) -> JSONValue {
        .object([
            ("contentHash", .string(group.contentHash)),
            ("size", .int(group.size)),
            ("count", .int(Int64(group.assets.count))),
            (
                "assets",
                .array(
                    group.assets.map { asset in
                        .object([
                            ("id", .string(asset.id.hex)),
                            ("shortId", .string(shortIDs[asset.id] ?? asset.id.hex)),
                            ("path", .path(library.absolutePath(of: asset.file.relativePath))),
                            ("relativePath", .path(asset.file.relativePath)),
                        ])
                    })
            ),
        ])
    }

    /// For people: a line per group (its copies, their size, the hash's first digits), then each
    /// copy's short id and path relative to the library, and a total at the end.
    static func text(_ groups: [DuplicateGroup], shortIDs: [AssetID: String]) -> String {
        guard !groups.isEmpty else { return "No duplicates.\n" }
        var output = ""
        for group in groups {
            output += "\(group.assets.count) copies, \(ByteCount.text(group.size)) each "
            output += "(content \(group.contentHash.prefix(16)))\n"
            for asset in group.assets {
                output += GroupOutput.memberLine(
                    shortID: shortIDs[asset.id] ?? asset.id.hex, path: asset.file.relativePath)
            }
        }
        let copies = groups.reduce(0) { $0 + $1.assets.count - 1 }
        let wasted = groups.reduce(Int64(0)) { $0 + $1.size * Int64($1.assets.count - 1) }
        output += "\(groups.count) group\(groups.count == 1 ? "" : "s"), \(copies) extra "
        output += "cop\(copies == 1 ? "y" : "ies") taking \(ByteCount.text(wasted)).\n"
        return output
    }
}
