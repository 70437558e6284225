import PhotoLibrary

/// `photolib catalog info|copy`: where the catalog is, and moving it to another store.
enum CatalogCommand: PhotolibCommand {
    enum Options {
        static let infoJSON = Flag("json", help: "Print it as JSON.")
        static let to = Option<String>(
            "to", "url|sqlite",
            help:
                "postgresql://[user@]host[:port]/database (no password: see 'help init'), or sqlite for .photolib/catalog.sqlite."
        )
        static let schema = Option<String>(
            "schema", "name",
            help: "The PostgreSQL schema to copy into (default: photolib_ and 8 hex digits); must not hold a catalog."
        )
        static let copyJSON = Flag("json", help: "Print the outcome as JSON.")
        static let trustJSON = Flag("json", help: "Print {url, schema, file} as JSON.")
    }

    static let spec = CommandSpec(
        name: "catalog",
        abstract: "Show where the catalog is, or move it between SQLite and PostgreSQL.",
        discussion: """
            A library's catalog is an SQLite file in .photolib/ or a schema in a PostgreSQL \
            database that several machines share (see 'photolib help init'). 'catalog copy' \
            moves it from one to the other with everything in it; 'catalog trust' lets \
            photolib send your PostgreSQL password to the address this library names.
            """,
        subcommands: [
            CommandSpec(
                name: "info",
                abstract: "Print where the catalog is and how much it holds.",
                options: [Options.infoJSON.spec],
                examples: ["photolib catalog info", "photolib catalog info --json"]),
            CommandSpec(
                name: "copy",
                abstract: "Copy the catalog to PostgreSQL or back to SQLite, then use the copy.",
                discussion: """
                    Copies every asset (flags, captions, cities, places, times), the whole action \
                    log, the catalog's own information, the files index could not read and any \
                    unfinished file move into --to, which must be new or empty, \
                    reads the copy back and compares it with the original row by row, and only \
                    then switches the library's settings to it. Meanwhile the original is \
                    frozen: writers on every machine wait for the copy, readers do not. When \
                    anything fails, the copy is removed and the library keeps its catalog. The \
                    original stays where it was (remove an old schema with DROP SCHEMA, an old \
                    file by hand). Run it while no other photolib works on the library: a \
                    command that opened the old catalog before the switch would still write there.
                    """,
                options: optionSpecs([Options.to, Options.schema, Options.copyJSON]),
                examples: [
                    "photolib catalog copy --to postgresql://ann@nas.local/photos",
                    "photolib catalog copy --to sqlite",
                ]),
            CommandSpec(
                name: "trust",
                abstract: "Let photolib send your PostgreSQL password to the catalog this library names.",
                discussion: """
                    A library's folder is not trusted: anyone who can write its settings.json \
                    could name a server of their own as its catalog. So photolib connects to the \
                    address in the settings without a password (from PGPASSWORD, ~/.pgpass, \
                    PGPASSFILE or a service file), and refuses a server that asks for one, unless \
                    you trust the address: 'catalog trust' prints it and records it, with its \
                    schema, in $XDG_CONFIG_HOME/photolib/trusted-catalogs (else \
                    ~/.config/photolib/trusted-catalogs), one 'URL schema' a line; remove a \
                    line to take the trust back. 'init --catalog' and 'catalog copy --to' record \
                    the address you give them, and one named in PHOTOLIB_CATALOG is trusted too. \
                    Check the address first. Whatever the address, photolib never connects with \
                    an sslmode weaker than PGSSLMODE (default prefer), and with libpq 16 or later \
                    never answers a request for a password in clear unless the connection is \
                    TLS (sslmode=require or stronger) or a Unix socket.
                    """,
                options: [Options.trustJSON.spec],
                examples: ["photolib catalog trust"]),
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        switch command.path.dropFirst().first {
        case "info": return try info(command, context: context)
        case "copy": return try copy(command, context: context)
        case "trust": return try trust(command, context: context)
        default:
            throw UsageError(message: "catalog needs a subcommand: info, copy or trust", commandPath: command.path)
        }
    }

    private static func info(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        let location = try library.catalogLocation()
        let catalog = try Library.openTransferableCatalog(at: location)
        let counts = try catalog.contentCounts()
        if command[Options.infoJSON] {
            context.stdout.writePrettyJSON(
                .object(
                    CatalogLocationJSON.members(location) + [
                        ("assets", .int(Int64(counts.assets))), ("events", .int(Int64(counts.events))),
                    ]))
        } else {
            switch location {
            case .sqlite(let path): context.stdout.write("catalog: SQLite, \(path)\n")
            case .postgres:
                let (url, schema) = location.postgresAddress ?? ("", "")
                context.stdout.write("catalog: PostgreSQL, \(url)\nschema: \(schema)\n")
            }
            context.stdout.write("assets: \(counts.assets)\nlog events: \(counts.events)\n")
        }
        return .success
    }

    private static func copy(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        guard let to = command[Options.to] else {
            throw UsageError(
                message: "catalog copy needs --to postgresql://… or --to sqlite", commandPath: command.path)
        }
        let schema = command[Options.schema]
        let target: CatalogLocation
        if to == "sqlite" {
            if schema != nil {
                throw UsageError(message: "--schema needs a PostgreSQL --to", commandPath: command.path)
            }
            target = .sqlite(library.catalogPath)
        } else if CatalogLocation.isPostgresURL(to) {
            target = try .postgres(url: to, schema: schema ?? Library.newCatalogSchemaName())
        } else {
            throw UsageError(
                message: "Invalid value '\(to)' for '--to <url|sqlite>': expected sqlite or postgresql://…",
                commandPath: command.path)
        }
        let summary = try CatalogCopy.run(library: library, to: target)
        if let (url, schema) = target.postgresAddress { recordTrust(url: url, schema: schema, context: context) }
        if command[Options.copyJSON] {
            context.stdout.writePrettyJSON(
                .object(
                    [
                        ("from", .object(CatalogLocationJSON.members(summary.from))),
                        ("to", .object(CatalogLocationJSON.members(summary.to))),
                    ] + [
                        ("assets", .int(Int64(summary.assets))), ("events", .int(Int64(summary.events))),
                    ]))
        } else {
            context.stdout.write(
                "Copied \(summary.assets) assets and \(summary.events) log events to \(summary.to); the library uses it now.\n"
            )
        }
        return .success
    }

    private static func trust(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        guard let (url, schema) = try library.catalogLocation().postgresAddress else {
            throw UsageError(
                message: "this library's catalog is its SQLite file, which needs no trust", commandPath: command.path)
        }
        let trust = try library.catalogTrust.recording(url: url, schema: schema)
        if command[Options.trustJSON] {
            context.stdout.writePrettyJSON(
                .object([
                    ("url", .string(url)), ("schema", .string(schema)),
                    ("file", .optional(trust.file.map { .path($0) })),
                ]))
            return .success
        }
        context.summary("Trusted \(url), schema \(schema): photolib may send your password to it")
        if let file = trust.file { context.summary("(recorded in \(file))") }
        return .success
    }

    /// Records `address`, which the user gave on the command line or in the environment, as
    /// trusted; a warning when it cannot be (the command itself succeeded).
    static func recordTrust(url: String, schema: String, context: CommandContext) {
        do {
            _ = try CatalogTrust(environment: context.environment).recording(url: url, schema: schema)
        } catch {
            context.diagnostics.warning(
                "\(Diagnostics.reason(error)); photolib will send no password to \(url) until 'photolib catalog trust'"
            )
        }
    }
}
