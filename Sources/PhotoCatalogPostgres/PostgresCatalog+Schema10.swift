extension PostgresCatalog {
    /// Version 10 is the dupes branch's (a `content_hash` column, issue 14): this stand-in only
    /// keeps the steps contiguous on this branch, and the merge replaces it with that step.
    static let contentHashStandInSchema = """
        SELECT 1;
        """
}
