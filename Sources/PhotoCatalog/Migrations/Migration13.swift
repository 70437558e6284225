extension SQLiteCatalog {
    /// Version 13 is the dupes branch's (a `content_hash` column, issue 14): this stand-in only
    /// keeps the versions contiguous on this branch, and the merge replaces it with that migration.
    static let migration13 = SQLiteMigration(
        version: 13,
        script: """
            SELECT 1;
            """
    )
}
