extension SQLiteCatalog {
    /// Dates and positions a person set (`action date`, `action gps`), which an index pass
    /// then keeps over what the file says, as it keeps a user's caption or city.
    ///
    /// - `taken_by_user`: 1 once someone set the capture date (`taken_local`, `taken_offset`);
    ///   `taken_source` keeps naming the file's block, so that an undo gives the file back.
    /// - `gps_by_user`: 1 once someone set or cleared the position (`gps_*` columns).
    ///
    /// Flags beside the sources rather than a new source value: the sources' CHECKs name
    /// the file's blocks, and SQLite cannot change a CHECK without rebuilding the table.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let userDatesAndPlacesMigration = SQLiteMigration(
        version: 15, name: "userDatesAndPlaces",
        script: """
            ALTER TABLE assets ADD COLUMN taken_by_user INTEGER NOT NULL DEFAULT 0 CHECK (taken_by_user IN (0, 1));
            ALTER TABLE assets ADD COLUMN gps_by_user INTEGER NOT NULL DEFAULT 0 CHECK (gps_by_user IN (0, 1));
            """
    )
}
