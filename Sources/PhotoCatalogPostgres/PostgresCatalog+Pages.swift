import PhotoCatalog

// MARK: - Pages: counts, keyset paging and the change stamp

extension PostgresCatalog {
    public func count(matching query: AssetQuery) throws -> Int {
        try reconnecting { try runner.count(matching: query) }
    }

    /// The server's current snapshot (the next transaction id and those still running),
    /// hashed. Any transaction that writes takes an id, and its commit takes it off the
    /// running list, so every commit by any session changes the snapshot, and a change to
    /// the catalog is never missed: the stamp read after a commit differs from every one read
    /// before it. It costs no table read and no work on writes (no trigger, no counter row
    /// that every writer would queue on). It moves for more than SQLite's `data_version`
    /// does: this connection's own writes and writes elsewhere on the server (other libraries,
    /// other databases) move it too, and the caller then reads a page again for nothing.
    public func externalChangeStamp() throws -> Int64? {
        try reconnecting {
            try connection.execute("SELECT hashtextextended(pg_current_snapshot()::text, 0)").rows.first?.int64(0)
        }
    }

    /// Keyset pages (`PageSegment`), as both stores read them.
    public func assets(matching query: AssetQuery, at position: AssetPagePosition, limit: Int) throws -> [Asset] {
        try reconnecting { try runner.assets(matching: query, at: position, limit: limit) }
    }
}
