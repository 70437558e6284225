import PhotoCatalog

extension PostgresCatalog {
    /// What an index pass writes to `visual_hash` (as the SQLite catalog's `visualHashAssignment`).
    static let visualHashAssignment = """
        visual_hash = CASE WHEN excluded.visual_hash IS NOT NULL THEN excluded.visual_hash \
        WHEN assets.file_size = excluded.file_size AND assets.modified_ns = excluded.modified_ns \
        THEN assets.visual_hash ELSE NULL END
        """

    /// The same for the fingerprint's second half, which follows its first.
    static let visualCentreHashAssignment = """
        visual_centre_hash = CASE WHEN excluded.visual_hash IS NOT NULL THEN excluded.visual_centre_hash \
        WHEN assets.file_size = excluded.file_size AND assets.modified_ns = excluded.modified_ns \
        THEN assets.visual_centre_hash ELSE NULL END
        """

    @discardableResult
    public func recordVisualHashes(_ records: [VisualHashRecord]) throws -> Int {
        guard !records.isEmpty else { return 0 }
        return try reconnecting {
            try connection.inRetriedTransaction {
                var written = 0
                for record in records {
                    written += try connection.execute(
                        """
                        UPDATE assets SET visual_hash = $2, visual_centre_hash = $4 \
                        WHERE id = $1 AND content_hash = $3
                        """,
                        [
                            .text(record.id.hex), .text(record.whole), .text(record.contentHash),
                            record.centre.map { .text($0) } ?? .null,
                        ]
                    ).affectedRows
                }
                return written
            }
        }
    }
}
