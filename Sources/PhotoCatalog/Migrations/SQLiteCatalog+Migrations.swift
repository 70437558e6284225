import PhotoSupport

extension SQLiteCatalog {
    /// The catalog's schema history, one frozen file each (`MigrationN.swift`). Append, never
    /// edit: catalogs in use depend on each step as it was released.
    static let migrations = [
        migration1, migration2, migration3, migration4, migration5, migration6, migration7, migration8, migration9,
        migration10, migration11, migration12, migration13, migration14,
        visualHashMigration,
    ]

    static let migrator = SQLiteMigrator(migrations, created: recordCreation)

    /// The schema version this photolib writes.
    public static var schemaVersion: Int { migrator.latestVersion }

    /// Written into a new catalog's `catalog_info` as `created_by`.
    static let creator = "photolib \(PhotolibRelease.version)"

    /// Records when and by which photolib the catalog was made, in the transaction that makes
    /// it. Not in a migration: their text never changes, and the release does.
    static func recordCreation(_ database: SQLiteDatabase) throws {
        try database.prepare(
            """
            INSERT INTO catalog_info (key, value) VALUES
                ('created_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), ('created_by', ?)
            """
        ).run([.text(creator)])
    }
}
