extension SQLiteCatalog {
    /// `visual_hash`: the asset's perceptual fingerprint (`PerceptualHash`, 16 lowercase hex
    /// digits), made with its renditions from the thumbnail's pixels, for `photolib similar`.
    /// Kept, like `content_hash`, only while the original's size and modification time are
    /// unchanged. No index: `similar` reads every fingerprint into a search tree of its own.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let visualHashMigration = SQLiteMigration(
        version: 16, name: "visualHash",
        script: """
            ALTER TABLE assets ADD COLUMN visual_hash TEXT CHECK (length(visual_hash) = 16);
            """
    )
}
