extension SQLiteCatalog {
    public func history(for id: AssetID?, limit: Int?) throws -> [AssetEvent] {
        try runner.history(for: id, limit: limit)
    }

    public func history(after sequence: Int64, limit: Int) throws -> [AssetEvent] {
        try runner.events(after: sequence, limit: max(limit, 1)).map(\.event)
    }
}
