extension SQLiteCatalog {
    @discardableResult
    public func recordContentHashes(_ records: [ContentHashRecord]) throws -> Int {
        try runner.recordContentHashes(records)
    }

    @discardableResult
    public func recordVisualHashes(_ records: [VisualHashRecord]) throws -> Int {
        try runner.recordVisualHashes(records)
    }
}
