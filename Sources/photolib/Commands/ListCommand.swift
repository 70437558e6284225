import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport

/// `photolib list`: the assets, filtered and sorted, as a table, JSON, JSON Lines, ids or a template.
enum ListCommand: PhotolibCommand {
    /// The options of list's own (the filters are `AssetFilterOptions`').
    enum Options {
        static let failed = Flag(
            "failed", help: "List the files index could not read and remembers (path, reason), instead of assets.")
        static let json = Flag("json", help: "Print a JSON array of assets.")
        static let jsonl = Flag("jsonl", help: "Print one asset JSON object a line (JSON Lines).")
        static let ids = Flag("ids", help: "Print one full asset id a line.")
        static let format = Option<String>(
            "format", "template", help: "Print each asset with a template such as '{id} {city} {caption}'.")
        static let null = Flag(
            "null", short: "0", help: "With --ids or --format: end each one with NUL instead of a newline.")
    }

    static let spec = CommandSpec(
        name: "list",
        aliases: ["ls"],
        abstract: "List the library's assets.",
        discussion: """
            Prints the assets that match every filter given. Trashed assets are hidden unless \
            --trashed is given. On a terminal the output is an aligned table; --json, --jsonl, \
            --ids and --format are for scripts and never change with the terminal.
            """,
        options: optionSpecs(
            AssetFilterOptions.filterKeys + [Options.failed] + AssetFilterOptions.orderingKeys
                + [Options.json, Options.jsonl, Options.ids, Options.format, Options.null]),
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
            [Options.json, Options.jsonl, Options.ids].filter { command[$0] }.map(\.name)
            + (command.given(Options.format) ? ["format"] : [])
        guard outputs.count <= 1 else {
            throw UsageError(
                message: "--\(outputs[0]) and --\(outputs[1]) cannot be used together", commandPath: command.path)
        }
        let template = try command[Options.format].map {
            try FormatTemplate(
                $0, fields: AssetPresenter.formatFields, dateFields: ExportNaming.dateFields, commandPath: command.path)
        }
        if command[Options.null], !command[Options.ids], template == nil {
            throw UsageError(message: "--null needs --ids or --format", commandPath: command.path)
        }
        if command[Options.failed] {
            // Failures are files, not assets: no id, nothing for an asset template.
            if let asset = [Options.ids.name, Options.format.name].first(where: outputs.contains) {
                throw UsageError(
                    message:
                        "--failed lists files, not assets: --\(asset) has nothing to print (use --json or --jsonl)",
                    commandPath: command.path)
            }
            return try listFailures(command, context: context)
        }
        _ = try AssetFilterOptions.selection(command)  // usage errors before the library's
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        let query = try AssetFilterOptions.query(command, context: context, library: library, catalog: catalog)
        let form: AssetListWriter.Form? =
            if command[Options.json] { .jsonArray } else if command[Options.jsonl] {
                .jsonLines
            } else if command[Options.ids] { .ids } else { template.map(AssetListWriter.Form.template) }
        if let form {
            var writer = AssetListWriter(form: form, library: library, catalog: catalog, output: context.stdout)
            if command[Options.null] { writer.terminator = 0 }
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
        if command[Options.json] {
            context.stdout.writePrettyJSON(.array(failures.map(json)))
        } else if command[Options.jsonl] {
            for failure in failures { context.stdout.writeJSONLine(json(failure)) }
        } else {
            var table = TableRenderer(columns: [.init("PATH", cut: .middle), .init("REASON")], flexibleColumn: 1)
            table.shrinkOrder = [(0, 30), (1, 20), (0, 12)]
            for failure in failures { table.append([failure.relativePath.description, library.reason(of: failure)]) }
            context.stdout.write(table.render(maximumWidth: context.tableWidth))
        }
        return .success
    }
}
