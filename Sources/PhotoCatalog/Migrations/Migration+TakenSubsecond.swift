extension SQLiteCatalog {
    /// `taken_subsecond`: EXIF's SubSecTimeOriginal digits (`PhotoMetadata.takenSubsecond`),
    /// the fraction of a second `taken_at` leaves out, which tells a burst's frames apart.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let takenSubsecondMigration = SQLiteMigration(
        version: 18, name: "takenSubsecond",
        script: """
            ALTER TABLE assets ADD COLUMN taken_subsecond TEXT;
            """
    )
}
