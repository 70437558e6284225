import PhotoCatalog
import PhotoCatalogPostgres

/// What `--worker` needs: a catalog with a work queue, which only PostgreSQL has.
enum WorkerCatalog {
    static func require(_ catalog: any Catalog, _ command: ParsedCommand) throws -> PostgresCatalog {
        guard let postgres = catalog as? PostgresCatalog else {
            throw UsageError(
                message:
                    "--worker needs a PostgreSQL catalog, which machines share; this library's is SQLite (see 'photolib catalog copy')",
                commandPath: command.path)
        }
        return postgres
    }
}
