import PhotoCatalog

extension PostgresCatalog {
    public func history(for id: AssetID?, limit: Int?) throws -> [AssetEvent] {
        try reconnecting { try runner.history(for: id, limit: limit) }
    }

    public func history(after sequence: Int64, limit: Int) throws -> [AssetEvent] {
        try reconnecting { try runner.events(after: sequence, limit: max(limit, 1)).map(\.event) }
    }
}
