import PhotoCatalog

extension PostgresCatalog {
    /// What an index pass writes to `content_hash`: the hash it read, else kept while the file's size and modification
    /// time are unchanged, else cleared (as the SQLite catalog's `contentHashAssignment`).
    static let contentHashAssignment = """
        content_hash = CASE WHEN excluded.content_hash IS NOT NULL THEN excluded.content_hash \
        WHEN assets.file_size = excluded.file_size AND assets.modified_ns = excluded.modified_ns \
        THEN assets.content_hash ELSE NULL END
        """

    @discardableResult
    public func recordContentHashes(_ records: [ContentHashRecord]) throws -> Int {
        guard !records.isEmpty else { return 0 }
        return try reconnecting {
            try connection.inRetriedTransaction {
                var written = 0
                for record in records {
                    written += try connection.execute(
                        "UPDATE assets SET content_hash = $2 WHERE id = $1 AND file_size = $3 AND modified_ns = $4",
                        [
                            .text(record.id.hex), .text(record.hash), .int(record.size),
                            .int(record.modifiedNanoseconds),
                        ]
                    ).affectedRows
                }
                return written
            }
        }
    }
}
