extension SQLiteCatalog {
    public func assets(ids: [AssetID]) throws -> [Asset] {
        try runner.assets(ids: ids)
    }

    public func similarityRecords(matching query: AssetQuery) throws -> [SimilarityRecord] {
        try runner.similarityRecords(matching: query)
    }
}
