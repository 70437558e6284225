// MARK: - Pages: counts and keyset paging for browsers

extension SQLiteCatalog {
    public func count(matching query: AssetQuery) throws -> Int { try runner.count(matching: query) }

    /// SQLite's `data_version`: it changes when another connection commits, never for this
    /// one's own writes, and costs no I/O.
    public func externalChangeStamp() throws -> Int64? {
        try database.integerValue("PRAGMA data_version")
    }

    /// Keyset pages (`PageSegment`), as both stores read them.
    public func assets(matching query: AssetQuery, at position: AssetPagePosition, limit: Int) throws -> [Asset] {
        try runner.assets(matching: query, at: position, limit: limit)
    }
}
