import PhotoCatalog

extension PostgresCatalog {
    public func indexRecords(withImageDataHashes hashes: [String], indexedBefore: Double?) throws -> [IndexRecord] {
        guard !hashes.isEmpty else { return [] }
        // The index records' columns, then the hash: the pages of an ordinary pass never read it.
        let hashColumn = AssetFields.indexRecordColumns.count
        return try reconnecting {
            try connection.execute(
                """
                SELECT \(Self.indexRecordColumns), image_data_hash FROM assets
                WHERE image_data_hash = ANY($1::text[]) AND indexed_at < $2
                """,
                [.textArray(Array(Set(hashes))), .double(indexedBefore ?? .infinity)]
            ).rows.map { row in
                var record = try Self.indexRecord(fromRow: row)
                record.file.imageDataHash = row.optionalText(hashColumn)
                return record
            }
        }
    }
}
