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
enum AssetFilterOptions {
    /// The options that narrow the set; every one combines with the others (AND).
    static let filters: [OptionSpec] = [
        .flag("favourite", help: "Only favourites.", aliases: ["favorite"]),
        .flag("liked", help: "Only liked assets."),
        .flag("trashed", help: "Only assets in the trash."),
        .flag("missing", help: "Only assets whose file was not found by the last index."),
        .value(
            "collection", "name",
            help:
                "Only one collection: all, favourites, liked, recently-added, recently-popped, trash, a year, keyword:K, or a city (see 'photolib collections')."
        ),
        .value("city", "name", help: "Only assets in this city (case-insensitive)."),
        .value("caption", "text", help: "Only assets whose caption contains this text (case-insensitive)."),
        .value(
            "keyword", "k",
            help:
                "Only assets with keyword K or one below it (Places/France finds Places/France/Bordeaux); case-insensitive; repeat to need several."
        ),
        .value("rating", "n", help: "Only assets rated N (-1 rejected ... 5; 0: unrated)."),
        .value("min-rating", "n", help: "Only assets rated N or more."),
        .value("camera", "text", help: "Only assets whose camera make or model contains TEXT (case-insensitive)."),
        .value(
            "folder", "path",
            help:
                "Only assets in this folder of the library or below it (relative to the working directory or the library)."
        ),
        .flag("has-gps", help: "Only assets with GPS coordinates."),
        .flag("no-gps", help: "Only assets without GPS coordinates."),
        .flag("undated", help: "Only assets with no capture date."),
        .flag("damaged", help: "Only assets whose original is damaged (decodes in part or not at all)."),
        .flag(
            "duplicates",
            help: "Only assets whose whole content is identical to another asset's (byte-identical copies)."),
        .value("file-format", "name", help: "Only files in this format: jpeg, heif, png, webp, tiff or raw."),
        .value("taken-after", "date", help: "Only assets taken at or after DATE (YYYY[-MM[-DD[THH:MM[:SS]]]])."),
        .value("taken-before", "date", help: "Only assets taken before DATE."),
        .value(
            "since-indexed", "date", help: "Only assets indexed (read from their file) at or after DATE, local time."),
    ]

    /// The options that order and cut the set.
    static let ordering: [OptionSpec] = [
        .value(
            "sort", "key",
            help:
                "Order by taken, path, name, city, size, added or popped (last popped first; default: path)."),
        .flag("reverse", help: "Reverse the order."),
        .value("limit", "n", help: "At most N assets (after sorting)."),
    ]

    /// The names of `filters`, to tell whether a command line gave any.
    static let filterNames = Set(filters.map(\.name))

    /// True when the command line gave at least one filter.
    static func anyFilter(_ command: ParsedCommand) -> Bool {
        command.options.contains { filterNames.contains($0.name) }
    }

    /// The query the command line asks for, every filter checked (a folder outside the
    /// library, an unknown collection or format, a bad date are usage errors).
    static func query(
        _ command: ParsedCommand, context: CommandContext, library: Library, catalog: any Catalog
    ) throws -> AssetQuery {
        var query = try selection(command)
        if let path = command.rawValue("folder") {
            query.folder = try folder(path, command: command, context: context, library: library)
        }
        if let name = command.value("collection") { try ListCommand.checkCollectionExists(name, catalog: catalog) }
        // Duplicates are known by content hashes: the originals without one are read first.
        if query.duplicates == true {
            _ = try DuplicatesCommand.hashUnhashed(context: context, library: library, catalog: catalog)
        }
        return query
    }

    /// What can be read from the command line alone (everything but the folder, which needs
    /// the library): browsers start from this.
    static func selection(_ command: ParsedCommand) throws -> AssetQuery {
        var query = AssetQuery()
        if command.flag("favourite") { query.favourite = true }
        if command.flag("liked") { query.liked = true }
        if command.flag("trashed") { query.trash = .only }
        if command.flag("missing") { query.missing = true }
        query.city = command.value("city")
        query.captionContains = command.value("caption")
        query.keywords = command.values("keyword").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        query.rating = try command.int("rating", range: -1...5)
        query.minimumRating = try command.int("min-rating", range: -1...5)
        query.cameraContains = command.value("camera")
        if command.flag("has-gps"), command.flag("no-gps") {
            throw UsageError(message: "--has-gps and --no-gps cannot be used together", commandPath: command.path)
        }
        if command.flag("has-gps") { query.hasGPS = true }
        if command.flag("no-gps") { query.hasGPS = false }
        if command.flag("undated") { query.undated = true }
        if command.flag("damaged") { query.damaged = true }
        if command.flag("duplicates") { query.duplicates = true }
        if let name = command.value("file-format") {
            query.format = try choice(name, option: "file-format", among: ImageFormat.allCases, command)
        }
        query.takenAfter = try command.value("taken-after").map {
            try ListCommand.dateBound($0, option: "taken-after", command)
        }
        query.takenBefore = try command.value("taken-before").map {
            try ListCommand.dateBound($0, option: "taken-before", command)
        }
        query.indexedSince = try command.value("since-indexed").map {
            try moment(ListCommand.dateBound($0, option: "since-indexed", command))
        }
        if let sort = command.value("sort") {
            query.sort = try choice(sort, option: "sort", among: AssetQuery.Sort.allCases, command)
        }
        query.reverse = command.flag("reverse")
        query.limit = try command.int("limit", range: 0...Int.max)
        if let collection = try collection(command) {
            query = collection.query(now: Date(), base: query)
        }
        return query
    }

    /// The collection `--collection` names (list's filter, browse's first tab), if given.
    static func collection(_ command: ParsedCommand) throws -> AssetCollection? {
        guard let name = command.value("collection") else { return nil }
        guard let collection = AssetCollection(selector: name) else {
            throw UsageError(
                message: "Invalid value '\(name)' for '--collection <name>': expected a collection "
                    + "such as favourites, 2015 or city:Bordeaux (see 'photolib collections')",
                commandPath: command.path)
        }
        return collection
    }

    /// One of a fixed set of words (case-insensitive), or a usage error listing them.
    static func choice<Value: RawRepresentable<String>>(
        _ text: String, option: String, among values: [Value], _ command: ParsedCommand
    ) throws -> Value {
        guard let value = Value(rawValue: text.lowercased()), values.contains(where: { $0 == value }) else {
            throw UsageError(
                message: "Invalid value '\(text)' for '\(command.label(of: option))': expected one of "
                    + values.map(\.rawValue).joined(separator: ", "),
                commandPath: command.path)
        }
        return value
    }

    /// A full local time `YYYY-MM-DDTHH:MM:SS` (`ListCommand.dateBound`) as a moment, in this
    /// process's time zone (`$TZ`), as the user who typed it reads clocks.
    static func moment(_ localTime: String) -> Date {
        let numbers = localTime.split { $0 == "-" || $0 == "T" || $0 == ":" }.map { Int($0) ?? 0 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let components = DateComponents(
            year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4],
            second: numbers[5])
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
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
