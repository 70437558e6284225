extension SQLiteCatalog {
    /// Version 9: the files `index` could not read, remembered so that a file that failed and
    /// has not changed since is not read, reported or counted again (a cron job sees only
    /// new problems).
    ///
    /// - `index_failures`: one row per library-relative path, with the size and modification
    ///   time the file had when it failed and the reason. A row goes when the file changes and
    ///   reads, or is no longer there.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let indexFailuresMigration = SQLiteMigration(
        version: 9, name: "indexFailures",
        script: """
            CREATE TABLE index_failures (
                relative_path BLOB PRIMARY KEY NOT NULL,
                size INTEGER NOT NULL,
                modified_ns INTEGER NOT NULL,
                reason TEXT NOT NULL,
                failed_at REAL NOT NULL
            ) WITHOUT ROWID;
            """
    )
}
