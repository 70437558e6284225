extension PostgresCatalog {
    /// The SQLite catalog's `userDatesAndPlacesMigration`: `taken_by_user` and `gps_by_user`,
    /// true once a person set the capture date or the position, which an index then keeps.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let userDatesAndPlacesSchema = """
        ALTER TABLE assets ADD COLUMN taken_by_user boolean NOT NULL DEFAULT false;
        ALTER TABLE assets ADD COLUMN gps_by_user boolean NOT NULL DEFAULT false;
        """
}
