extension PostgresCatalog {
    /// The SQLite catalog's `visualCentreHashMigration`: `visual_centre_hash`, the second half
    /// of the asset's fingerprint (the centre's pHash), beside `visual_hash`.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let visualCentreHashSchema = """
        ALTER TABLE assets ADD COLUMN visual_centre_hash text COLLATE "C" CHECK (length(visual_centre_hash) = 16);
        """
}
