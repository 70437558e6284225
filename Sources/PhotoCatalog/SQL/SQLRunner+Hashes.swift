// MARK: - Per-asset hash columns (content, visual), recorded the same way on both stores

extension SQLRunner {
    /// Writes each record's hash into `column` of its asset, unless the asset changed since
    /// it was read: each record's `guards` (column, value) pairs must still hold. Returns how
    /// many assets took their hash; one whose file changed (or that is gone) is passed over,
    /// and the next index reads it again.
    package func recordHashes<Record>(
        _ records: [Record], into column: String, guards: [String], _ values: (Record) -> [CellValue]
    ) throws -> Int {
        guard !records.isEmpty else { return 0 }
        let p = dialect.placeholder
        let conditions = ["id = \(p(1))"] + guards.enumerated().map { "\($0.element) = \(p($0.offset + 3))" }
        return try runEach(
            "UPDATE assets SET \(column) = \(p(2))" + whereClause(conditions), records.map(values))
    }

    /// Content hashes, kept only while the file has the size and modification time it had
    /// when it was read.
    package func recordContentHashes(_ records: [ContentHashRecord]) throws -> Int {
        try recordHashes(records, into: "content_hash", guards: ["file_size", "modified_ns"]) {
            [.text($0.id.hex), .text($0.hash), .integer($0.size), .integer($0.modifiedNanoseconds)]
        }
    }

    /// Visual hashes (`visual_hash` the whole picture's, `visual_centre_hash` its centre's),
    /// kept only while the asset's content is the one they were made from.
    package func recordVisualHashes(_ records: [VisualHashRecord]) throws -> Int {
        guard !records.isEmpty else { return 0 }
        let p = dialect.placeholder
        return try runEach(
            "UPDATE assets SET visual_hash = \(p(2)), visual_centre_hash = \(p(4))"
                + whereClause(["id = \(p(1))", "content_hash = \(p(3))"]),
            records.map { [.text($0.id.hex), .text($0.whole), .text($0.contentHash), CellValue($0.centre)] })
    }

    /// The index records of assets indexed before `indexedBefore` whose image data hash is
    /// one of `hashes`, with that hash: where a renamed and edited file came from.
    package func indexRecords(withImageDataHashes hashes: [String], indexedBefore: Double?) throws -> [IndexRecord] {
        // The index records' columns, then the hash: the pages of an ordinary pass never read it.
        let hashColumn = AssetFields.indexRecordColumns.count
        let p = dialect.placeholder
        let sql = """
            SELECT \(AssetFields.indexRecordColumns.names), image_data_hash FROM assets
            WHERE image_data_hash = \(p(1)) AND indexed_at < \(p(2))
            """
        return try Set(hashes).sorted().flatMap { hash in
            try rows(sql, [.text(hash), .real(indexedBefore ?? .infinity)]) { row in
                var record = try AssetFields.indexRecord(fromRow: row)
                record.file.imageDataHash = row.optionalText(hashColumn)
                return record
            }
        }
    }
}
