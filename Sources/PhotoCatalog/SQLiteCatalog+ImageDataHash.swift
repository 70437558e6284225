extension SQLiteCatalog {
    public func indexRecords(withImageDataHashes hashes: [String], indexedBefore: Double?) throws -> [IndexRecord] {
        guard !hashes.isEmpty else { return [] }
        // The index records' columns, then the hash: the pages of an ordinary pass never read it.
        let statement = try database.cachedStatement(
            """
            SELECT \(Self.indexRecordColumns), image_data_hash FROM assets
            WHERE image_data_hash = ? AND indexed_at < ?
            """)
        let hashColumn = AssetFields.indexRecordColumns.count
        var records: [IndexRecord] = []
        for hash in Set(hashes) {
            records += try statement.rows([.text(hash), .real(indexedBefore ?? .infinity)]) { row in
                var record = try Self.indexRecord(fromRow: row)
                record.file.imageDataHash = row.optionalText(at: hashColumn)
                return record
            }
        }
        return records
    }
}
