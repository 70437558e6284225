import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport

/// The filters and orders that choose a set of assets: one definition, shared by every
/// command that works on "the assets matching these options" (`list`, `render`, `export`,
/// and `collections` for its counts), so that each offers the same names, help and meaning.
///
/// A command takes `filters` (and `ordering` when its output has an order), and turns a
/// parsed command line into an `AssetQuery` with `query(_:context:library:catalog:)`.
/// Each option is declared once here, as the key the commands read.
enum AssetFilterOptions {
    static let favourite = Flag("favourite", help: "Only favourites.", aliases: ["favorite"])
    static let liked = Flag("liked", help: "Only liked assets.")
    static let trashed = Flag("trashed", help: "Only assets in the trash.")
    static let missing = Flag("missing", help: "Only assets whose file was not found by the last index.")
    static let collection = Option<String>(
        "collection", "name",
        help:
            "Only one collection: all, favourites, liked, recently-added, recently-popped, trash, a year, keyword:K, or a city (see 'photolib collections')."
    )
    static let city = Option<String>("city", "name", help: "Only assets in this city (case-insensitive).")
    static let caption = Option<String>(
        "caption", "text", help: "Only assets whose caption contains this text (case-insensitive).")
    static let keyword = Option<String>(
        "keyword", "k",
        help:
            "Only assets with keyword K at any level of a hierarchy (Lyon and France find Places/France/Lyon; Places/France finds all below it); case-insensitive; repeat to need several."
    )
    static let person = Option<String>(
        "person", "name",
        help:
            "Only assets showing this person (a whole name, as face tags or 'action person' give it); case-insensitive; repeat to need several."
    )
    static let rating = Option<Int>(
        "rating", "n", range: -1...5, help: "Only assets rated N (-1 rejected ... 5; 0: unrated).")
    static let minimumRating = Option<Int>("min-rating", "n", range: -1...5, help: "Only assets rated N or more.")
    static let camera = Option<String>(
        "camera", "text", help: "Only assets whose camera make or model contains TEXT (case-insensitive).")
    static let folder = Option<RawPath>(
        "folder", "path",
        help:
            "Only assets in this folder of the library or below it (relative to the working directory or the library)."
    )
    static let hasGPS = Flag("has-gps", help: "Only assets with GPS coordinates.")
    static let noGPS = Flag("no-gps", help: "Only assets without GPS coordinates.")
    static let undated = Flag("undated", help: "Only assets with no capture date.")
    static let burst = Flag(
        "burst", help: "Only frames of a burst (photos whose camera named their burst: Apple's BurstUUID).")
    static let damaged = Flag(
        "damaged", help: "Only assets whose original is damaged (decodes in part or not at all).")
    static let duplicates = Flag(
        "duplicates", help: "Only assets whose whole content is identical to another asset's (byte-identical copies).")
    static let fileFormat = Option<ImageFormat>(
        "file-format", "name",
        help: "Only files in this format: jpeg, heif, png, webp, tiff, raw, gif, bmp, psd or video.")
    static let kind = Option<MediaKind>(
        "kind", "kind", help: "Only photos, videos, or live ones (Live Photos and motion photos).")
    static let minimumDuration = Option<Seconds>(
        "min-duration", "time", range: 0...864_000,
        help: "Only videos and Live Photos lasting at least TIME (42, 42s, 2m; photos have no duration).")
    static let maximumDuration = Option<Seconds>(
        "max-duration", "time", range: 0...864_000, help: "Only videos and Live Photos lasting at most TIME.")
    static let takenAfter = Option<LocalTime>.dateBound(
        "taken-after",
        help:
            "Only assets taken at or after DATE (YYYY[-MM[-DD[THH:MM[:SS]]]], wall-clock time; with an offset, +02:00 or Z, by the instant for photos whose offset is known)."
    )
    static let takenBefore = Option<LocalTime>.dateBound("taken-before", help: "Only assets taken before DATE.")
    static let sinceIndexed = Option<Date>.moment(
        "since-indexed", help: "Only assets indexed (read from their file) at or after DATE, local time.")

    /// The options that narrow the set; every one combines with the others (AND).
    static let filterKeys: [any OptionKey] = [
        favourite, liked, trashed, missing, collection, city, caption, keyword, person, rating, minimumRating, camera,
        folder,
        hasGPS, noGPS, undated, burst, damaged, duplicates, fileFormat, kind, minimumDuration, maximumDuration,
        takenAfter,
        takenBefore, sinceIndexed,
    ]
    static let filters = optionSpecs(filterKeys)

    static let sort = Option<AssetQuery.Sort>(
        "sort", "key",
        help: "Order by taken, path, name, city, size, added or popped (last popped first; default: path).")
    static let reverse = Flag(
        "reverse", help: "Reverse the order; undated, unplaced or never popped assets stay last.")
    static let limit = Option<Int>("limit", "n", range: 0...Int.max, help: "At most N assets (after sorting).")

    /// The options that order and cut the set.
    static let orderingKeys: [any OptionKey] = [sort, reverse, limit]
    static let ordering = optionSpecs(orderingKeys)

    /// The names of `filters`, to tell whether a command line gave any.
    static let filterNames = Set(filters.map(\.name))

    /// True when the command line gave at least one filter (render's own `--kind`, a
    /// rendition's, shares a filter's name and is none).
    static func anyFilter(_ command: ParsedCommand) -> Bool {
        let offered = command.optionSpecs.filter { spec in
            filterNames.contains(spec.name) && filters.contains { $0.name == spec.name && $0.help == spec.help }
        }
        let names = Set(offered.map(\.name))
        return command.options.contains { names.contains($0.name) }
    }

    /// True when the command line gave one of `keys`.
    static func anyGiven(_ command: ParsedCommand, among keys: [any OptionKey]) -> Bool {
        let names = Set(keys.map(\.name))
        return command.options.contains { names.contains($0.name) }
    }

    /// The query the command line asks for, every filter checked (a folder outside the
    /// library, an unknown collection or format, a bad date are usage errors).
    static func query(
        _ command: ParsedCommand, context: CommandContext, library: Library, catalog: any Catalog
    ) throws -> AssetQuery {
        var query = try selection(command)
        if let path = Offered(command)[folder] {
            query.folder = try Self.folder(path, command: command, context: context, library: library)
        }
        if let name = Offered(command)[collection] { try CollectionCheck.requireExists(name, catalog: catalog) }
        // Duplicates are known by content hashes: the originals without one are read first.
        if query.duplicates == true {
            _ = try UnhashedOriginals.hash(context: context, library: library, catalog: catalog)
        }
        return query
    }

    /// What can be read from the command line alone (everything but the folder, which needs
    /// the library): browsers start from this. A filter the command does not offer reads
    /// as not given (collections has no --trashed: the trash is one of its collections).
    static func selection(_ command: ParsedCommand) throws -> AssetQuery {
        let given = Offered(command)
        var query = AssetQuery()
        if given[favourite] { query.favourite = true }
        if given[liked] { query.liked = true }
        if given[trashed] { query.trash = .only }
        if given[missing] { query.missing = true }
        query.city = given[city]
        query.captionContains = given[caption]
        query.keywords = given.all(keyword).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        query.people = given.all(person).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        query.rating = try given[rating]
        query.minimumRating = try given[minimumRating]
        query.cameraContains = given[camera]
        if given[hasGPS], given[noGPS] {
            throw UsageError(message: "--has-gps and --no-gps cannot be used together", commandPath: command.path)
        }
        if given[hasGPS] { query.hasGPS = true }
        if given[noGPS] { query.hasGPS = false }
        if given[undated] { query.undated = true }
        if given[burst] { query.burst = true }
        if given[damaged] { query.damaged = true }
        if given[duplicates] { query.duplicates = true }
        if let format = try given[fileFormat] { query.format = format }
        query.kind = try given[kind]
        query.minimumDuration = try given[minimumDuration]?.value
        query.maximumDuration = try given[maximumDuration]?.value
        let after = try given[takenAfter]
        let before = try given[takenBefore]
        (query.takenAfter, query.takenAfterInstant) = (after?.text, after?.utc)
        (query.takenBefore, query.takenBeforeInstant) = (before?.text, before?.utc)
        query.indexedSince = try given[sinceIndexed]
        if let sort = try given[sort] { query.sort = sort }
        query.reverse = given[reverse]
        query.limit = try given[limit]
        if let collection = try Self.collection(command) {
            query = collection.query(now: Date(), base: query)
        }
        return query
    }

    /// The collection `--collection` names (list's filter, browse's first tab), if given.
    static func collection(_ command: ParsedCommand) throws -> AssetCollection? {
        guard let name = Offered(command)[collection] else { return nil }
        guard let collection = AssetCollection(selector: name) else {
            throw UsageError(
                message: "Invalid value '\(name)' for '--collection <name>': expected a collection "
                    + "such as favourites, 2015 or city:Bordeaux (see 'photolib collections')",
                commandPath: command.path)
        }
        return collection
    }

    /// `--folder PATH` as a folder relative to the library's root: PATH read against the
    /// working directory when that lands inside the library (or on its root), else against
    /// the library's root (`--folder 2015` from anywhere); a folder outside it is an error.
    /// Lexical, as a shell user reads paths: `..` leaves a folder, symlinks are not followed.
    static func folder(
        _ path: RawPath, command: ParsedCommand, context: CommandContext, library: Library
    ) throws -> RawPath {
        let root = library.root.absolute(currentDirectory: RawPath("/"))
        func inside(_ candidate: RawPath) -> RawPath? {
            if candidate == root { return RawPath(bytes: []) }
            return candidate.relative(to: root)
        }
        let fromWorkingDirectory = inside(context.absolute(path))
        let fromRoot = path.isAbsolute ? nil : inside(path.absolute(currentDirectory: root))
        // Both read it inside: the one that names an existing folder, the working directory's first.
        let candidates = [fromWorkingDirectory, fromRoot].compactMap { $0 }
        let existing = candidates.first { relative in
            FileSystem.isDirectory(relative.bytes.isEmpty ? root : root.appending(relative))
        }
        guard let chosen = existing ?? candidates.first else {
            throw UsageError(
                message: "Invalid value '\(path)' for '--folder <path>': not inside the library (\(root))",
                commandPath: command.path)
        }
        return chosen
    }
}

/// The command line as the filter group reads it: a filter the command does not offer
/// (render has no --sort) reads as not given; the others are read as any key is.
private struct Offered {
    let command: ParsedCommand

    init(_ command: ParsedCommand) { self.command = command }

    /// True when the command offers this very filter: render's own `--kind` (a rendition's)
    /// shares the name of the media-kind filter, and is not it.
    private func offers(_ key: some OptionKey) -> Bool {
        command.optionSpecs.contains { $0.name == key.name && $0.help == key.spec.help }
    }

    subscript(flag: Flag) -> Bool { offers(flag) && command[flag] }

    subscript<Value>(option: Option<Value>) -> Value? {
        get throws { offers(option) ? try command[option] : nil }
    }

    subscript(option: Option<String>) -> String? { offers(option) ? command[option] : nil }

    subscript(option: Option<RawPath>) -> RawPath? { offers(option) ? command[option] : nil }

    func all(_ option: Option<String>) -> [String] { offers(option) ? command.all(option) : [] }
}
