extension SQLiteCatalog {
    /// `visual_centre_hash`: the second half of the asset's fingerprint (`visualHash` is 32 hex
    /// digits: the whole picture's pHash, then its centre's, which finds lightly cropped
    /// copies). `visual_hash` keeps the first half: its CHECK is frozen at 16 digits. Kept and
    /// cleared with `visual_hash`.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let visualCentreHashMigration = SQLiteMigration(
        version: 17, name: "visualCentreHash",
        script: """
            ALTER TABLE assets ADD COLUMN visual_centre_hash TEXT CHECK (length(visual_centre_hash) = 16);
            """
    )
}
