import PhotoCatalog

extension PostgresCatalog {
    /// Rewrites each stored count that differs from `collectionCountsSQL`'s, as the SQLite
    /// catalog does. The table is locked first (EXCLUSIVE: readers go on, writers' triggers
    /// wait): a writer whose trigger already ran holds the table until it commits, so the
    /// lock waits for it and the count sees its rows; one whose trigger has not run adds its
    /// change after this commits, to the right count.
    public func recountCollections() throws -> [CollectionCountCorrection] {
        try reconnecting {
            try connection.inRetriedTransaction {
                try connection.execute("LOCK TABLE collection_counts IN EXCLUSIVE MODE")
                let corrections = try collectionCountCorrections()
                for correction in corrections {
                    try connection.execute(
                        """
                        INSERT INTO collection_counts (kind, name, count) VALUES ($1, $2, $3)
                        ON CONFLICT (kind, name) DO UPDATE SET count = excluded.count
                        """, [.text(correction.kind), .text(correction.name), .int(Int64(correction.counted))])
                }
                return corrections
            }
        }
    }

    /// The stored counts that differ from a fresh count of the assets, in key order.
    func collectionCountCorrections() throws -> [CollectionCountCorrection] {
        try connection.execute(Self.countCorrectionsSQL).rows.map { row in
            CollectionCountCorrection(
                kind: row.text(0), name: row.text(1), stored: Int(row.int64(2)), counted: Int(row.int64(3)))
        }
    }

    /// What schema 11's counts should hold, counted from the assets: the rules of
    /// `collection_keys`, written once more apart from it so that the integrity check checks
    /// the triggers (and `recountCollections` writes what the check expects). Zero counts included.
    static let collectionCountsSQL = """
        SELECT 'all' AS kind, '' AS name, count(*) AS count FROM assets WHERE NOT trashed AND NOT missing
        UNION ALL SELECT 'favourites', '', count(*) FROM assets WHERE favourite AND NOT trashed AND NOT missing
        UNION ALL SELECT 'liked', '', count(*) FROM assets WHERE liked AND NOT trashed AND NOT missing
        UNION ALL SELECT 'city', city, count(*) FROM assets WHERE city IS NOT NULL AND NOT trashed AND NOT missing
            GROUP BY city
        UNION ALL SELECT 'year', substr(taken_local, 1, 4), count(*) FROM assets
            WHERE taken_local IS NOT NULL AND NOT trashed AND NOT missing GROUP BY substr(taken_local, 1, 4)
        UNION ALL SELECT 'trash', '', count(*) FROM assets WHERE trashed
        UNION ALL SELECT 'missing', '', count(*) FROM assets WHERE missing AND NOT trashed
        UNION ALL SELECT CASE kind WHEN 'video' THEN 'videos' ELSE 'live' END, '', count(*) FROM assets
            WHERE kind <> 'photo' AND NOT trashed AND NOT missing GROUP BY kind
        """

    /// kind, name, stored, counted of each count that differs (a 0 and an absent row are the same).
    static let countCorrectionsSQL = """
        SELECT kind, name, sum(stored)::int8, sum(counted)::int8 FROM (
            SELECT kind, name, count AS stored, 0::int8 AS counted FROM collection_counts WHERE count <> 0
            UNION ALL SELECT kind, name, 0, count FROM (\(collectionCountsSQL)) actual WHERE count <> 0
        ) d
        GROUP BY kind, name HAVING sum(stored) <> sum(counted) ORDER BY kind, name
        """
}
