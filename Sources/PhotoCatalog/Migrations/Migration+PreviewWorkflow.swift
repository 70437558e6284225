extension SQLiteCatalog {
    /// Version 2, the preview workflow (`peek`, `pop`, `action`, `trash`, `history`).
    ///
    /// - `popped_at`: when `pop` last showed the asset, for `list --sort popped`.
    /// - `trashed_at` and `trash_path`: when `action delete` moved the original into the
    ///   trash, and where it lies now (relative to the library root), so that `restore`
    ///   puts the same bytes back at `relative_path`.
    /// - `asset_events`: the action log, one row per field an action changed. It has no
    ///   foreign key on purpose: the history of an asset deleted for good stays readable.
    ///
    /// A caption or city whose source is `user` is the person's own and wins over anything
    /// read from the file; re-indexing keeps it (see `applyIndexChanges`).
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let previewWorkflowMigration = SQLiteMigration(
        version: 2, name: "previewWorkflow",
        script: """
            ALTER TABLE assets ADD COLUMN popped_at REAL;
            ALTER TABLE assets ADD COLUMN trashed_at REAL;
            ALTER TABLE assets ADD COLUMN trash_path BLOB;
            CREATE INDEX assets_by_popped_at ON assets (popped_at) WHERE popped_at IS NOT NULL;

            CREATE TABLE asset_events (
                sequence INTEGER PRIMARY KEY,
                asset_id TEXT NOT NULL CHECK (length(asset_id) = 16),
                -- Seconds since 1970.
                at REAL NOT NULL,
                -- The action as typed in its canonical spelling: favourite, delete, caption, pop…
                action TEXT NOT NULL,
                -- The asset JSON key that changed: favourite, liked, caption, city, trashed.
                field TEXT NOT NULL,
                old_value TEXT,
                new_value TEXT,
                -- The changes one command made together share a batch (16 hex digits).
                batch TEXT NOT NULL
            );
            CREATE INDEX asset_events_by_asset ON asset_events (asset_id, sequence);
            """
    )
}
