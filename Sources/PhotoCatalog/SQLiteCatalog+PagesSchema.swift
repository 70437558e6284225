extension SQLiteCatalog {
    /// Schema version 4: indexes in the exact order of each sort's pages (see
    /// `SQLiteCatalog+Pages.swift`), path included as the tie-breaker, so that a browser's
    /// page is an index walk of a few dozen entries at any depth, for dated and undated,
    /// placed and unplaced assets alike. Each replaces a one-column index it extends.
    static let pagesSchema = """
        DROP INDEX assets_by_taken_local;
        CREATE INDEX assets_by_taken_local ON assets (taken_local, relative_path);
        DROP INDEX assets_by_city;
        CREATE INDEX assets_by_city ON assets (city COLLATE NOCASE, relative_path);
        DROP INDEX assets_by_popped_at;
        CREATE INDEX assets_by_popped_at ON assets (popped_at DESC, relative_path);
        """
}
