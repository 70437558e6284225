import PhotoCatalog

extension PostgresCatalog {
    public func assets(ids: [AssetID]) throws -> [Asset] {
        try reconnecting { try runner.assets(ids: ids) }
    }

    public func similarityRecords(matching query: AssetQuery) throws -> [SimilarityRecord] {
        try reconnecting { try runner.similarityRecords(matching: query) }
    }
}
