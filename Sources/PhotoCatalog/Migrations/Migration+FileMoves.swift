extension SQLiteCatalog {
    /// Version 8: file moves recorded before they are made (`FileMove`).
    ///
    /// `action delete`, `action restore` and `trash empty` move or delete an original (and its
    /// sidecars) and change the catalog; a kill between the two left them disagreeing. Each
    /// move is now written here first, in its own transaction; the catalog change and the
    /// removal of the row are one later transaction. A row still here names a move that was
    /// interrupted, which the next command finishes or undoes (`FileMoveRecovery`).
    /// (`catalog_info` may now hold `library_id`, the library the catalog belongs to: a row,
    /// written by the library, not by this script.)
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let fileMovesMigration = SQLiteMigration(
        version: 8, name: "fileMoves",
        script: """
            CREATE TABLE file_moves (
                seq INTEGER PRIMARY KEY,
                asset_id TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('trash', 'restore', 'purge')),
                source BLOB NOT NULL,
                target BLOB,
                started_at REAL NOT NULL
            );
            """
    )
}
