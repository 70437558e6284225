extension SQLiteCatalog {
    /// What an index pass writes to `content_hash` (a right-hand side of its upsert, which sees
    /// the row as it was): the hash of the bytes it read when it read the file whole; else the
    /// stored one while the file's size and modification time are unchanged (a move or a new
    /// sidecar), else none, since the stored hash was of other content.
    static let contentHashAssignment = """
        content_hash = CASE WHEN excluded.content_hash IS NOT NULL THEN excluded.content_hash \
        WHEN file_size IS excluded.file_size AND modified_ns IS excluded.modified_ns \
        THEN content_hash ELSE NULL END
        """

    @discardableResult
    public func recordContentHashes(_ records: [ContentHashRecord]) throws -> Int {
        guard !records.isEmpty else { return 0 }
        var written = 0
        try database.inTransaction {
            let statement = try database.cachedStatement(
                "UPDATE assets SET content_hash = ?2 WHERE id = ?1 AND file_size = ?3 AND modified_ns = ?4")
            for record in records {
                try statement.run([
                    .text(record.id.hex), .text(record.hash), .integer(record.size),
                    .integer(record.modifiedNanoseconds),
                ])
                written += database.changeCount
            }
        }
        return written
    }
}
