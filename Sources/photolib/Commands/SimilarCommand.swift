import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib similar [ASSET]`: groups of assets whose pictures look alike (near-duplicates:
/// resized, recompressed, converted, lightly edited copies), or the assets nearest one photo.
enum SimilarCommand: PhotolibCommand {
    static let spec = CommandSpec(
        name: "similar",
        abstract: "List groups of photos that look alike: near-duplicates and edited copies.",
        discussion: """
            Compares the perceptual fingerprints (visualHash: 64-bit DCT hashes of the \
            thumbnail and of its middle, the nearest of whole to whole, whole to middle and \
            middle to whole) that making renditions gives every photo (run 'photolib render' \
            for those rendered before), and groups the assets whose fingerprints are at most \
            --threshold bits apart: copies resized, recompressed, converted to another format, with \
            their metadata edited, or a little cropped or brightened. A group links pictures \
            each within the threshold of another; each member shows its distance to the one \
            suggested to keep, listed first: the most pixels, then an original format (raw, \
            HEIF, JPEG, TIFF, PNG, WebP in this order), then the oldest, then the one with the \
            most metadata. Frames of a burst (one camera, at most a second apart, alike within \
            \(BurstFinder.threshold) bits, or named one burst by the camera: Apple's BurstUUID, \
            burstId) are one group too, labelled as a burst; two shots of one scene seconds \
            apart are not grouped. With ASSET, the assets nearest that photo \
            instead, nearest first. \
            list's filters choose the assets compared. Exit status: 0, 1 on failure.
            """,
        arguments: [ArgumentSpec(name: "asset", help: "Only the assets that look like this one (id, prefix or path).")],
        options: optionSpecs(
            [SimilarityThreshold.option] + GroupOutput.keys
                + AssetFilterOptions.filterKeys.filter { key in
                    ![AssetFilterOptions.duplicates, AssetFilterOptions.trashed, AssetFilterOptions.missing]
                        .contains { $0.name == key.name }
                }),
        examples: [
            "photolib similar", "photolib similar --threshold 6 --folder 2016",
            "photolib similar IMG_0042.jpg",
            "photolib similar --json | jq '[.[].members[1:][]]' | photolib action delete -",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let format = try GroupOutput.format(command)
        let threshold = try SimilarityThreshold.value(command)
        _ = try AssetFilterOptions.selection(command)  // usage errors before the library's
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        var query = try AssetFilterOptions.query(command, context: context, library: library, catalog: catalog)
        query.sort = .path
        query.reverse = false
        query.limit = nil
        // The search reads a few columns of every asset; whole assets only for the members.
        let records = try catalog.similarityRecords(matching: query)
        let groups: [SimilarGroup]
        if command.rawArguments.isEmpty {
            groups = try SimilarGroup.groups(records, threshold: threshold, jobs: IndexOptions.defaultJobs) {
                try catalog.assets(ids: $0)
            }
        } else {
            let target = try AssetArguments.resolveOne(
                command, library: library, catalog: catalog, context: context,
                forMany: "name one photo, or none for every group")
            guard
                let group = try SimilarGroup.nearest(
                    to: target, among: records, threshold: threshold,
                    assets: {
                        try catalog.assets(ids: $0)
                    })
            else {
                throw NoFingerprintError(path: target.file.relativePath)
            }
            groups = [group]
        }
        let presenter = try AssetPresenter(
            library: library, catalog: catalog, assets: groups.flatMap { $0.members.map(\.asset) })
        GroupOutput.write(
            groups, as: format, to: context, object: { json($0, presenter: presenter) },
            text: { text($0, presenter: presenter, nearest: !command.rawArguments.isEmpty) })
        return .success
    }

    /// `{count, burst, members: [asset JSON + distance]}`, the member to keep first.
    static func json(_ group: SimilarGroup, presenter: AssetPresenter) -> JSONValue {
        .object([
            ("count", .int(Int64(group.members.count))),
            ("burst", .bool(group.isBurst)),
            (
                "members",
                .array(
                    group.members.map { member in
                        .object(
                            (presenter.json(member.asset).objectValue ?? [])
                                + [(key: "distance", value: .int(Int64(member.distance)))])
                    })
            ),
        ])
    }

    /// For people: a line per group, then each member's distance, short id and path, the one
    /// to keep marked; a total at the end.
    static func text(_ groups: [SimilarGroup], presenter: AssetPresenter, nearest: Bool) -> String {
        guard !groups.isEmpty else { return "No similar photos.\n" }
        var output = ""
        for group in groups {
            output +=
                nearest
                ? "\(group.members.count - 1) alike:\n"
                : "\(group.members.count) \(group.isBurst ? "in a burst" : "alike"):\n"
            for (index, member) in group.members.enumerated() {
                output += GroupOutput.memberLine(
                    mark: index == 0 ? (nearest ? "this" : "keep") : String(member.distance),
                    shortID: presenter.shortID(member.asset), path: member.asset.file.relativePath)
            }
        }
        if !nearest {
            let extra = groups.reduce(0) { $0 + $1.members.count - 1 }
            output += "\(groups.count) group\(groups.count == 1 ? "" : "s"), \(extra) photo\(extra == 1 ? "" : "s") "
            output += "beside the one to keep.\n"
        }
        return output
    }
}

/// `similar ASSET` named a photo that has no fingerprint yet.
struct NoFingerprintError: PhotolibError {
    var path: RawPath

    var kind: ErrorKind { .failure }
    var description: String { "\(path): no fingerprint yet; 'photolib render' makes it" }
}
