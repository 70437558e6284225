import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// `photolib list`: the assets, filtered and sorted, as a table, JSON, JSON Lines, ids or a template.
enum ListCommand: PhotolibCommand {
    static let spec = CommandSpec(
        name: "list",
        aliases: ["ls"],
        abstract: "List the library's assets.",
        discussion: """
            Prints the assets that match every filter given. Trashed assets are hidden unless \
            --trashed is given. On a terminal the output is an aligned table; --json, --jsonl, \
            --ids and --format are for scripts and never change with the terminal.
            """,
        options: AssetFilterOptions.filters + [
            .flag(
                "failed",
                help: "List the files index could not read and remembers (path, reason), instead of assets.")
        ] + AssetFilterOptions.ordering + [
            .flag("json", help: "Print a JSON array of assets."),
            .flag("jsonl", help: "Print one asset JSON object a line (JSON Lines)."),
            .flag("ids", help: "Print one full asset id a line."),
            .value("format", "template", help: "Print each asset with a template such as '{id} {city} {caption}'."),
            .flag("null", short: "0", help: "With --ids or --format: end each one with NUL instead of a newline."),
        ],
        examples: [
            "photolib list --favourite --sort taken",
            "photolib list --city Bordeaux --ids | photolib action favourite -",
            "photolib list --collection 2015 --sort taken",
            "photolib list --jsonl | jq -r 'select(.gps) | .path'",
            "photolib list --file-format heif --ids",
            "photolib list --keyword Places/France --min-rating 4",
            "photolib list --no-gps --folder 2015 --sort size --reverse",
            "photolib list --camera canon --ids -0 | xargs -0 photolib render",
            "photolib list --format '{shortId}\\t{takenAt}\\t{caption}'",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let outputs =
            ["json", "jsonl", "ids"].filter(command.flag) + (command.value("format") == nil ? [] : ["format"])
        guard outputs.count <= 1 else {
            throw UsageError(
                message: "--\(outputs[0]) and --\(outputs[1]) cannot be used together", commandPath: command.path)
        }
        let template = try command.value("format").map {
            try FormatTemplate(
                $0, fields: AssetPresenter.formatFields, dateFields: ExportNaming.dateFields, commandPath: command.path)
        }
        if command.flag("null"), !command.flag("ids"), template == nil {
            throw UsageError(message: "--null needs --ids or --format", commandPath: command.path)
        }
        if command.flag("failed") { return try listFailures(command, context: context) }
        _ = try AssetFilterOptions.selection(command)  // usage errors before the library's
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        let query = try AssetFilterOptions.query(command, context: context, library: library, catalog: catalog)
        let form: AssetListWriter.Form? =
            if command.flag("json") { .jsonArray } else if command.flag("jsonl") {
                .jsonLines
            } else if command.flag("ids") { .ids } else { template.map(AssetListWriter.Form.template) }
        if let form {
            var writer = AssetListWriter(form: form, library: library, catalog: catalog, output: context.stdout)
            if command.flag("null") { writer.terminator = 0 }
            writer.escapesFields = context.stdoutIsTerminal
            try writer.write(query)
        } else {
            // The table needs every row to size its columns.
            let assets = try catalog.assets(matching: query)
            let presenter = try AssetPresenter(library: library, catalog: catalog, assets: assets)
            context.stdout.write(AssetTable.render(assets, presenter: presenter, width: context.tableWidth))
        }
        return .success
    }

    /// `list --failed`: the files index remembers it could not read.
    private static func listFailures(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        let failures = try library.openCatalog().indexFailures()
        func json(_ failure: IndexFailure) -> JSONValue {
            .object([
                ("path", .path(library.absolutePath(of: failure.relativePath))),
                ("relativePath", .path(failure.relativePath)), ("size", .int(failure.size)),
                ("reason", .string(failure.reason)), ("failedAt", .string(Timestamp.iso8601(failure.failedAt))),
            ])
        }
        if command.flag("json") {
            context.stdout.writePrettyJSON(.array(failures.map(json)))
        } else if command.flag("jsonl") {
            for failure in failures { context.stdout.writeJSONLine(json(failure)) }
        } else {
            var table = TableRenderer(columns: [.init("PATH", cut: .middle), .init("REASON")], flexibleColumn: 1)
            table.shrinkOrder = [(0, 30), (1, 20), (0, 12)]
            for failure in failures { table.append([failure.relativePath.description, failure.reason]) }
            context.stdout.write(table.render(maximumWidth: context.tableWidth))
        }
        return .success
    }

    /// A city or year that is no collection of this library is an error naming the nearest
    /// ones (a typo must not look like an empty collection); the fixed collections always exist.
    static func checkCollectionExists(_ name: String, catalog: any Catalog) throws {
        guard let wanted = AssetCollection(selector: name) else { return }
        switch wanted {
        case .city, .year, .keyword: break
        default: return
        }
        let known = try catalog.collections(now: Date()).map(\.collection)
        let matches = known.contains { collection in
            switch (collection, wanted) {
            case (.city(let a), .city(let b)): a.lowercased() == b.lowercased()
            case (.year(let a), .year(let b)): a == b
            case (.keyword(let a), .keyword(let b)): a.lowercased() == b.lowercased()
            default: false
            }
        }
        guard !matches else { return }
        let typed = Array(name.lowercased())
        let nearest = known.map(\.title).sorted {
            Suggestion.editDistance(typed, Array($0.lowercased()))
                < Suggestion.editDistance(typed, Array($1.lowercased()))
        }
        throw UnknownCollectionError(name: name, nearest: Array(nearest.prefix(3)))
    }

    /// `2008`, `2008-05`, `2008-05-30`, `2008-05-30T15:56[:01]` (or with a space) as a full
    /// local time `YYYY-MM-DDTHH:MM:SS`, the missing parts at their start.
    static func dateBound(_ text: String, option: String, _ command: ParsedCommand) throws -> String {
        let normalized = text.replacingOccurrences(of: " ", with: "T")
        let template = "0000-01-01T00:00:00"
        let pattern = "dddd-dd-ddTdd:dd:dd"
        let valid =
            normalized.count <= pattern.count && [4, 7, 10, 16, 19].contains(normalized.count)
            && zip(normalized, pattern).allSatisfy { character, kind in
                kind == "d" ? character.isASCII && character.isNumber : character == kind
            }
        let full = normalized + template.dropFirst(normalized.count)
        let number = { (start: Int, length: Int) -> Int in
            Int(full.dropFirst(start).prefix(length)) ?? -1
        }
        let inRange =
            (1...12).contains(number(5, 2)) && (1...31).contains(number(8, 2))
            && number(11, 2) < 24 && number(14, 2) < 60 && number(17, 2) < 60
        guard valid, inRange else {
            throw UsageError(
                message: "Invalid value '\(text)' for '--\(option) <date>': expected YYYY, YYYY-MM, "
                    + "YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]", commandPath: command.path)
        }
        return full
    }
}

/// `list --collection NAME` for a city or year the library has none of.
struct UnknownCollectionError: PhotolibError {
    var name: String
    var nearest: [String]

    var kind: ErrorKind { .noSuchInput }
    var description: String {
        let shown = TableRenderer.sanitized(name)
        let hint =
            nearest.isEmpty ? "" : "; nearest: " + nearest.map { TableRenderer.sanitized($0) }.joined(separator: ", ")
        return "no collection '\(shown)'\(hint) (see 'photolib collections')"
    }
}
