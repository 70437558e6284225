import PhotoSupport

extension SQLiteCatalog {
    /// The catalog's schema history, one frozen file each (`Migration+Name.swift`), on the one
    /// version track the PostgreSQL store shares (`PostgresCatalog+Migrations.swift`): version
    /// N is the same schema on both, and step N has the same name on both. Append, never
    /// edit: catalogs in use depend on each step as it was released.
    static let migrations = [
        assetsMigration,  // 1
        previewWorkflowMigration,  // 2
        placesAndRatingsMigration,  // 3
        dropSupersededIndexesMigration,  // 4
        undecodableMigration,  // 5
        metadataSourcesMigration,  // 6
        pageOrderMigration,  // 7
        fileMovesMigration,  // 8
        indexFailuresMigration,  // 9
        formatsMigration,  // 10
        keywordsMigration,  // 11
        exportRecordsMigration,  // 12
        contentHashMigration,  // 13
        storedCountsMigration,  // 14
        userDatesAndPlacesMigration,  // 15
        visualHashMigration,  // 16
        visualCentreHashMigration,  // 17
        takenSubsecondMigration,  // 18
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
