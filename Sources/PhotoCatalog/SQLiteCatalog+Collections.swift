import Foundation

extension SQLiteCatalog {
    /// Every collection with its count, in the order a browser shows them: All, Favourites,
    /// Liked, each city (by name), each year (newest first), each keyword and level of a
    /// keyword hierarchy (by name), Recently Added, Recently
    /// Popped, Trash, Missing. Only the trash counts trashed assets, only Missing those whose
    /// original the last index did not find.
    ///
    /// All, Favourites, Liked, the cities, the years, Trash and Missing are read from the
    /// counts version 14's triggers keep (a small table, whatever the number of assets);
    /// keywords and the recent collections are counted by partial indexes.
    public func collections(now: Date) throws -> [CollectionCount] {
        let since = now.timeIntervalSince1970 - Double(AssetCollection.recentDays) * 86_400
        func count(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int {
            Int(try database.cachedStatement(sql).firstRow(values) { $0.int64(at: 0) } ?? 0)
        }
        var stored: [String: Int] = [:]
        for (kind, count) in try database.cachedStatement(
            "SELECT kind, count FROM collection_counts WHERE name = '' AND count > 0"
        ).rows([], { ($0.text(at: 0), Int($0.int64(at: 1))) }) {
            stored[kind] = count
        }
        var result = [
            CollectionCount(.all, stored["all"] ?? 0),
            CollectionCount(.favourites, stored["favourites"] ?? 0),
            CollectionCount(.liked, stored["liked"] ?? 0),
        ]
        // Only when there are some: a library of photos has no use for these tabs.
        if let videos = stored["videos"], videos > 0 { result.append(CollectionCount(.videos, videos)) }
        if let live = stored["live"], live > 0 { result.append(CollectionCount(.livePhotos, live)) }
        // min(name): of the spellings of one city ("Paris", "PARIS"), the first in byte order,
        // rather than whichever row SQLite saw last, so that every catalog shows the same one.
        result += try database.cachedStatement(
            """
            SELECT min(name), sum(count) FROM collection_counts WHERE kind = 'city' AND count > 0
            GROUP BY name COLLATE NOCASE ORDER BY name COLLATE NOCASE
            """
        ).rows { CollectionCount(.city($0.text(at: 0)), Int($0.int64(at: 1))) }
        result += try database.cachedStatement(
            "SELECT name, count FROM collection_counts WHERE kind = 'year' AND count > 0 ORDER BY name DESC"
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
        result.append(CollectionCount(.trash, stored["trash"] ?? 0))
        // Only when there are some: a library without deleted files has no use for the tab.
        if let missing = stored["missing"], missing > 0 { result.append(CollectionCount(.missing, missing)) }
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
