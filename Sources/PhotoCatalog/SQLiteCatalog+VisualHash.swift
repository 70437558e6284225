extension SQLiteCatalog {
    /// What an index pass writes to `visual_hash`: the fingerprint it made with the renditions;
    /// else the stored one while the file's size and modification time are unchanged, else
    /// none (as `contentHashAssignment`).
    static let visualHashAssignment = """
        visual_hash = CASE WHEN excluded.visual_hash IS NOT NULL THEN excluded.visual_hash \
        WHEN file_size IS excluded.file_size AND modified_ns IS excluded.modified_ns \
        THEN visual_hash ELSE NULL END
        """

    /// The same for the fingerprint's second half (`visual_centre_hash`), which follows its first.
    static let visualCentreHashAssignment = """
        visual_centre_hash = CASE WHEN excluded.visual_hash IS NOT NULL THEN excluded.visual_centre_hash \
        WHEN file_size IS excluded.file_size AND modified_ns IS excluded.modified_ns \
        THEN visual_centre_hash ELSE NULL END
        """

    @discardableResult
    public func recordVisualHashes(_ records: [VisualHashRecord]) throws -> Int {
        guard !records.isEmpty else { return 0 }
        var written = 0
        try database.inTransaction {
            let statement = try database.cachedStatement(
                "UPDATE assets SET visual_hash = ?2, visual_centre_hash = ?4 WHERE id = ?1 AND content_hash = ?3")
            for record in records {
                try statement.run([
                    .text(record.id.hex), .text(record.whole), .text(record.contentHash),
                    record.centre.map { .text($0) } ?? .null,
                ])
                written += database.changeCount
            }
        }
        return written
    }
}
