extension PostgresCatalog {
    /// Legacy version 6 (track version 7): indexes in the exact order of the sorts'
    /// pages (`PostgresCatalog+Pages.swift`), path included as the tie-breaker, over the assets
    /// not in the trash, so that "the 60 after this one" is an index walk of a few dozen
    /// entries at any depth rather than a sort of every tie (a city's thousands of photos, a
    /// burst's equal seconds). Taken and city hold the assets without a date or place too, so
    /// each sort's second segment (those assets by path) is a walk as well; popped holds the
    /// popped assets only, the others being found by the path's own unique index.
    /// `assets_shown_by_popped` stays: the popped collection's count reads it.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let pageOrderSchema = """
        CREATE INDEX assets_shown_in_taken_order ON assets (taken_local, relative_path) WHERE NOT trashed;
        CREATE INDEX assets_shown_in_city_order ON assets (lower(city), relative_path) WHERE NOT trashed;
        CREATE INDEX assets_shown_in_popped_order ON assets (popped_at DESC, relative_path)
            WHERE NOT trashed AND popped_at IS NOT NULL;
        """
}
