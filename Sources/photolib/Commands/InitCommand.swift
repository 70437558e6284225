import PhotoLibrary
import PhotoSupport

/// `photolib init [DIR]`: makes a library.
enum InitCommand: PhotolibCommand {
    enum Options {
        static let catalog = Option<String>(
            "catalog", "url",
            help:
                "postgresql://[user@]host[:port]/database: keep the catalog in PostgreSQL (default: sqlite, a file in .photolib/)."
        )
        static let schema = Option<String>(
            "schema", "name",
            help: "The PostgreSQL schema for this library's tables (default: photolib_ and 8 hex digits)."
        )
        static let json = Flag("json", help: "Print the new library as JSON.")
    }

    static let spec = CommandSpec(
        name: "init",
        abstract: "Create a photo library in a folder.",
        discussion: """
            Makes DIR/.photolib/ (the catalog, the settings and room for renditions) so that \
            DIR and the folders below it become a library. Photos stay where they are; \
            photolib never writes into them. The catalog is an SQLite file in .photolib/ \
            unless --catalog (or PHOTOLIB_CATALOG) names a PostgreSQL database, which several \
            machines sharing the library's folder can then use at once. The URL is stored in \
            the library's settings, so it must not hold a password: libpq finds that in \
            ~/.pgpass, PGPASSFILE, PGPASSWORD or a service file. As the library's folder is \
            not trusted, init also records the address as yours in \
            $XDG_CONFIG_HOME/photolib/trusted-catalogs: photolib sends your password only to \
            an address listed there (see 'photolib help catalog trust').
            """,
        arguments: [ArgumentSpec(name: "dir", help: "The library's folder (default: the working directory).")],
        options: LibrarySettingOptions.options + [
            Options.catalog.spec,
            Options.schema.spec,
            Options.json.spec,
        ],
        examples: [
            "photolib init ~/Pictures", "photolib init --preview-size 2048 .",
            "photolib init --sidecars write ~/Pictures",
            "photolib init --catalog postgresql://ann@nas.local/photos /mnt/nas/Photos",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        guard command.rawArguments.count <= 1 else {
            throw UsageError(message: "init takes at most one folder", commandPath: command.path)
        }
        var settings = try LibrarySettingOptions.settings(from: command)
        try chooseCatalog(command, context: context, settings: &settings)
        let directory = command.rawArguments.first.map(context.absolute) ?? context.workingDirectory
        let library = try Library.createWithCatalog(
            at: directory, settings: settings, dataFiles: context.dataFiles,
            catalogTrust: CatalogTrust(environment: context.environment))
        let location = try library.catalogLocation()
        if let (url, schema) = location.postgresAddress {
            CatalogCommand.recordTrust(url: url, schema: schema, context: context)
        }
        if command[Options.json] {
            var fields: [(String, JSONValue)] = [("library", .path(library.root))]
            switch location {
            case .sqlite(let path): fields.append(("catalog", .path(path)))
            case .postgres:
                let (url, schema) = location.postgresAddress ?? ("", "")
                fields += [("catalog", .string(url)), ("postgresSchema", .string(schema))]
            }
            fields.append(("settings", SettingsJSON.value(library.settings)))
            context.stdout.writePrettyJSON(.object(fields))
        } else if case .postgres = location {
            context.summary("Initialized empty photolib library in \(library.controlDirectory)/ (catalog: \(location))")
        } else {
            context.summary("Initialized empty photolib library in \(library.controlDirectory)/")
        }
        return .success
    }

    /// `--catalog` (else `$PHOTOLIB_CATALOG`, else sqlite) and `--schema`, checked before
    /// anything is made.
    private static func chooseCatalog(
        _ command: ParsedCommand, context: CommandContext, settings: inout LibrarySettings
    ) throws {
        let named = command[Options.catalog] ?? context.environment[catalogVariable].flatMap { $0.isEmpty ? nil : $0 }
        let schema = command[Options.schema]
        guard let named, named != "sqlite" else {
            if schema != nil {
                throw UsageError(message: "--schema needs a PostgreSQL --catalog", commandPath: command.path)
            }
            return
        }
        guard CatalogLocation.isPostgresURL(named) else {
            throw UsageError(
                message: "Invalid value '\(named)' for '--catalog <url>': expected sqlite or postgresql://…",
                commandPath: command.path)
        }
        let address = try CatalogLocation.postgres(url: named, schema: schema ?? Library.newCatalogSchemaName())
        settings.catalog = address.postgresAddress?.url
        settings.postgresSchema = address.postgresAddress?.schema
    }

    /// Names the catalog of a new library when `--catalog` does not.
    static let catalogVariable = CatalogTrust.environmentVariable
}

/// The settings as JSON, the same in `init --json` and wherever else they are shown.
enum SettingsJSON {
    static func value(_ settings: LibrarySettings) -> JSONValue {
        .object([
            ("thumbnailSize", .int(Int64(settings.thumbnailSize))),
            ("previewSize", .int(Int64(settings.previewSize))),
            ("quality", .int(Int64(settings.quality))),
            ("maxMegapixels", .int(Int64(settings.maxMegapixels))),
            ("sidecars", .string(settings.sidecars.rawValue)),
        ])
    }
}
