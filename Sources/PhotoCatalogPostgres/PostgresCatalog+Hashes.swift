import PhotoCatalog

extension PostgresCatalog {
    @discardableResult
    public func recordContentHashes(_ records: [ContentHashRecord]) throws -> Int {
        try reconnecting { try runner.recordContentHashes(records) }
    }

    @discardableResult
    public func recordVisualHashes(_ records: [VisualHashRecord]) throws -> Int {
        try reconnecting { try runner.recordVisualHashes(records) }
    }
}
