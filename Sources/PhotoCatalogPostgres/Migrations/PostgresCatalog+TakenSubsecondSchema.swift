extension PostgresCatalog {
    /// The SQLite catalog's `takenSubsecondMigration`: `taken_subsecond`, EXIF's
    /// SubSecTimeOriginal digits, which tell a burst's frames apart.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let takenSubsecondSchema = """
        ALTER TABLE assets ADD COLUMN taken_subsecond text COLLATE "C";
        """
}
