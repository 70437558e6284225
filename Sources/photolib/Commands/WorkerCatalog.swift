import PhotoCatalog

/// What `--worker` needs: a catalog with a work queue, which only some stores offer.
enum WorkerCatalog {
    static func require(_ catalog: any Catalog, _ command: ParsedCommand) throws -> any WorkQueueCatalog {
        guard let queue = catalog.workQueue else {
            throw UsageError(
                message:
                    "--worker needs a PostgreSQL catalog, which machines share; this library's is SQLite (see 'photolib catalog copy')",
                commandPath: command.path)
        }
        return queue
    }
}
