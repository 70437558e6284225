extension SQLiteCatalog {
    /// Rewrites each stored count that differs from a fresh count (`SQLRunner.collectionCountsSQL`):
    /// under the write lock (`BEGIN IMMEDIATE`), so no other writer's trigger changes the
    /// table between the count and the write. A count that is right is left as it is.
    public func recountCollections() throws -> [CollectionCountCorrection] {
        try database.inTransaction {
            let corrections = try runner.collectionCountCorrections()
            try runner.writeCounts(corrections)
            return corrections
        }
    }
}
