extension SQLiteCatalog {
    /// Version 4: drops the version-1 and version-2 indexes that version 3's partial indexes
    /// superseded. Every query photolib makes with `favourite`, `liked`, `city` or
    /// `popped_at` also says `trashed = 0` (served by version 3's indexes) or `trashed = 1`
    /// (served by `assets_trashed`), so these were never chosen and only slowed every write.
    /// `SQLiteCatalogQueryPlanTests` checks that each query still reads an index.
    ///
    /// Frozen: never edited once released; a change of mind is a new migration.
    static let dropSupersededIndexesMigration = SQLiteMigration(
        version: 4, name: "dropSupersededIndexes",
        script: """
            DROP INDEX assets_favourite;     -- superseded by assets_shown_favourite
            DROP INDEX assets_liked;         -- superseded by assets_shown_liked
            DROP INDEX assets_by_city;       -- superseded by assets_shown_by_city
            DROP INDEX assets_by_popped_at;  -- superseded by assets_shown_by_popped
            """
    )
}
