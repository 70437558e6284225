extension SQLiteCatalog {
    /// Version 13: `content_hash`, the XXH3-128 of the original's whole content (`ContentHash`,
    /// 32 lowercase hex digits), NULL until the file is read whole (renditions, `duplicates`).
    /// An index that finds the file's size or modification time changed clears it. The partial
    /// index finds the assets sharing one (duplicates) and an asset's renditions' owners.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let contentHashMigration = SQLiteMigration(
        version: 13, name: "contentHash",
        script: """
            ALTER TABLE assets ADD COLUMN content_hash TEXT CHECK (length(content_hash) = 32);
            CREATE INDEX assets_by_content_hash ON assets (content_hash) WHERE content_hash IS NOT NULL;
            """
    )
}
