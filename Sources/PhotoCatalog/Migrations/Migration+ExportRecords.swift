extension SQLiteCatalog {
    /// Version 12: what `photolib export` copied where (`ExportRecord`), so that
    /// `export --update` copies only what is new or changed since the last export to a folder.
    /// One row per destination and asset: the latest export of it there.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let exportRecordsMigration = SQLiteMigration(
        version: 12, name: "exportRecords",
        script: """
            CREATE TABLE export_records (
                destination BLOB NOT NULL,
                asset_id TEXT NOT NULL,
                relative_path BLOB NOT NULL,
                variant TEXT NOT NULL CHECK (variant IN ('original', 'upright', 'preview')),
                fingerprint TEXT NOT NULL,
                size INTEGER NOT NULL,
                modified_ns INTEGER NOT NULL,
                exported_at REAL NOT NULL,
                PRIMARY KEY (destination, asset_id)
            ) WITHOUT ROWID;
            """
    )
}
