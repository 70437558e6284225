import PhotoCatalog

extension PostgresCatalog {
    /// Rewrites each stored count that differs from a fresh count, as the SQLite catalog
    /// does. The table is locked first (EXCLUSIVE: readers go on, writers' triggers wait): a
    /// writer whose trigger already ran holds the table until it commits, so the lock waits
    /// for it and the count sees its rows; one whose trigger has not run adds its change
    /// after this commits, to the right count.
    public func recountCollections() throws -> [CollectionCountCorrection] {
        try reconnecting {
            try connection.inRetriedTransaction {
                try connection.execute("LOCK TABLE collection_counts IN EXCLUSIVE MODE")
                let corrections = try runner.collectionCountCorrections()
                try runner.writeCounts(corrections)
                return corrections
            }
        }
    }
}
