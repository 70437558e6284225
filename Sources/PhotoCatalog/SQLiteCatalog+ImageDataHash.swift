extension SQLiteCatalog {
    public func indexRecords(withImageDataHashes hashes: [String], indexedBefore: Double?) throws -> [IndexRecord] {
        try runner.indexRecords(withImageDataHashes: hashes, indexedBefore: indexedBefore)
    }
}
