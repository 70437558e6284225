import PhotoCatalog

extension PostgresCatalog {
    public func indexRecords(withImageDataHashes hashes: [String], indexedBefore: Double?) throws -> [IndexRecord] {
        try reconnecting { try runner.indexRecords(withImageDataHashes: hashes, indexedBefore: indexedBefore) }
    }
}
