extension PostgresCatalog {
    /// The SQLite catalog's `visualHashMigration`: `visual_hash`, the asset's perceptual
    /// fingerprint (`PerceptualHash`, 16 lowercase hex digits), for `photolib similar`.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let visualHashSchema = """
        ALTER TABLE assets ADD COLUMN visual_hash text COLLATE "C" CHECK (length(visual_hash) = 16);
        """
}
