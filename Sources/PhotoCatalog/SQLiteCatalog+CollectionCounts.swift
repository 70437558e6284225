extension SQLiteCatalog {
    /// Rewrites each stored count that differs from `collectionCountsSQL`'s: under the write
    /// lock (`BEGIN IMMEDIATE`), so no other writer's trigger changes the table between the
    /// count and the write. A count that is right is left as it is.
    public func recountCollections() throws -> [CollectionCountCorrection] {
        try database.inTransaction {
            let corrections = try collectionCountCorrections()
            let upsert = try database.cachedStatement(
                """
                INSERT INTO collection_counts (kind, name, count) VALUES (?, ?, ?)
                ON CONFLICT (kind, name) DO UPDATE SET count = excluded.count
                """)
            for correction in corrections {
                try upsert.run([.text(correction.kind), .text(correction.name), .integer(Int64(correction.counted))])
            }
            return corrections
        }
    }

    /// The stored counts that differ from a fresh count of the assets, in key order.
    func collectionCountCorrections() throws -> [CollectionCountCorrection] {
        try database.cachedStatement(Self.countCorrectionsSQL).rows { row in
            CollectionCountCorrection(
                kind: row.text(at: 0), name: row.text(at: 1),
                stored: Int(row.int64(at: 2)), counted: Int(row.int64(at: 3)))
        }
    }

    /// What version 14's counts should hold, counted from the assets: the rules of its
    /// triggers, written once more apart from them so that the integrity check checks them
    /// (and `recountCollections` writes what the check expects). Zero counts included.
    static let collectionCountsSQL = """
        SELECT 'all' AS kind, '' AS name, count(*) AS count FROM assets WHERE trashed = 0 AND missing = 0
        UNION ALL SELECT 'favourites', '', count(*) FROM assets
            WHERE favourite = 1 AND trashed = 0 AND missing = 0
        UNION ALL SELECT 'liked', '', count(*) FROM assets WHERE liked = 1 AND trashed = 0 AND missing = 0
        UNION ALL SELECT 'city', city, count(*) FROM assets WHERE city IS NOT NULL AND trashed = 0 AND missing = 0
            GROUP BY city
        UNION ALL SELECT 'year', substr(taken_local, 1, 4), count(*) FROM assets
            WHERE taken_local IS NOT NULL AND trashed = 0 AND missing = 0 GROUP BY substr(taken_local, 1, 4)
        UNION ALL SELECT 'trash', '', count(*) FROM assets WHERE trashed = 1
        UNION ALL SELECT 'missing', '', count(*) FROM assets WHERE missing = 1 AND trashed = 0
        UNION ALL SELECT CASE kind WHEN 'video' THEN 'videos' ELSE 'live' END, '', count(*) FROM assets
            WHERE kind <> 'photo' AND trashed = 0 AND missing = 0 GROUP BY kind
        """

    /// kind, name, stored, counted of each count that differs (a 0 and an absent row are the same).
    static let countCorrectionsSQL = """
        SELECT kind, name, sum(stored), sum(counted) FROM (
            SELECT kind, name, count AS stored, 0 AS counted FROM collection_counts WHERE count <> 0
            UNION ALL SELECT kind, name, 0, count FROM (\(collectionCountsSQL)) WHERE count <> 0
        )
        GROUP BY kind, name HAVING sum(stored) <> sum(counted) ORDER BY kind, name
        """
}
