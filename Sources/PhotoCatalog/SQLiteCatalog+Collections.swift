import Foundation

extension SQLiteCatalog {
    /// Every collection with its count, in the order a browser shows them: All, Favourites,
    /// Liked, each city (by name), each year (newest first), each keyword and level of a
    /// keyword hierarchy (by name), Recently Added, Recently
    /// Popped, Trash, Missing. Only the trash counts trashed assets, only Missing those whose
    /// original the last index did not find.
    ///
    /// Each count is answered by one of schema 3's partial indexes, which hold exactly the
    /// rows counted: a million assets cost an index walk per collection, no table reads.
    public func collections(now: Date) throws -> [CollectionCount] {
        let since = now.timeIntervalSince1970 - Double(AssetCollection.recentDays) * 86_400
        func count(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int {
            Int(try database.cachedStatement(sql).firstRow(values) { $0.int64(at: 0) } ?? 0)
        }
        var result = [
            CollectionCount(
                .all,
                try count(
                    "SELECT count(*) FROM assets INDEXED BY assets_shown_by_added WHERE trashed = 0 AND missing = 0")),
            CollectionCount(
                .favourites,
                try count("SELECT count(*) FROM assets WHERE favourite = 1 AND trashed = 0 AND missing = 0")),
            CollectionCount(
                .liked, try count("SELECT count(*) FROM assets WHERE liked = 1 AND trashed = 0 AND missing = 0")),
        ]
        // min(city): of the spellings of one city ("Paris", "PARIS"), the first in byte order,
        // rather than whichever row SQLite saw last, so that every catalog shows the same one.
        // Named: version 7's assets_shown_in_city_order serves this query too, but holds the
        // unplaced assets and every path as well, and walking it takes twice as long.
        result += try database.cachedStatement(
            """
            SELECT min(city), count(*) FROM assets INDEXED BY assets_shown_by_city WHERE trashed = 0 AND missing = 0 AND city IS NOT NULL
            GROUP BY city COLLATE NOCASE ORDER BY city COLLATE NOCASE
            """
        ).rows { CollectionCount(.city($0.text(at: 0)), Int($0.int64(at: 1))) }
        result += try database.cachedStatement(
            """
            SELECT substr(taken_local, 1, 4), count(*) FROM assets WHERE trashed = 0 AND missing = 0 AND taken_local IS NOT NULL
            GROUP BY substr(taken_local, 1, 4) ORDER BY substr(taken_local, 1, 4) DESC
            """
        ).rows { row in (Int(row.text(at: 0)), Int(row.int64(at: 1))) }
            .compactMap { year, count in year.map { CollectionCount(.year($0), count) } }
        // CROSS JOIN keeps the keyword table outside: its rows are few beside the assets', and
        // each asset is then one lookup by id, where the other order would walk every asset.
        let keywords = try database.cachedStatement(
            """
            SELECT k.folded, min(k.keyword) FROM asset_keywords k CROSS JOIN assets a ON a.id = k.asset_id
            WHERE a.trashed = 0 AND a.missing = 0
            GROUP BY k.folded
            """
        ).rows { (folded: $0.text(at: 0), keyword: $0.text(at: 1)) }
        result += try CollectionCount.keywordCollections(keywords) { folded in
            let range = KeywordColumns.hierarchyRange(folded)
            return try count(
                """
                SELECT count(*) FROM assets WHERE trashed = 0 AND missing = 0 AND id IN
                    (SELECT asset_id FROM asset_keywords WHERE folded = ? OR (folded >= ? AND folded < ?))
                """, [.text(folded), .text(range.lower), .text(range.upper)])
        }
        result.append(
            CollectionCount(
                .recentlyAdded,
                try count(
                    "SELECT count(*) FROM assets WHERE trashed = 0 AND missing = 0 AND added_at >= ?", [.real(since)])))
        result.append(
            CollectionCount(
                .recentlyPopped,
                try count(
                    "SELECT count(*) FROM assets WHERE trashed = 0 AND missing = 0 AND popped_at IS NOT NULL AND popped_at >= ?",
                    [.real(since)])))
        result.append(CollectionCount(.trash, try count("SELECT count(*) FROM assets WHERE trashed = 1")))
        // Only when there are some: a library without deleted files has no use for the tab.
        let missing = try count("SELECT count(*) FROM assets WHERE missing = 1 AND trashed = 0")
        if missing > 0 { result.append(CollectionCount(.missing, missing)) }
        return result
    }

    /// Records that the assets were popped (opened full size) at `date`, for Recently Popped.
    public func markPopped(_ ids: [AssetID], at date: Date) throws {
        try database.inTransaction {
            let update = try database.cachedStatement("UPDATE assets SET popped_at = ? WHERE id = ?")
            for id in ids { try update.run([.real(date.timeIntervalSince1970), .text(id.hex)]) }
        }
    }
}
