import Foundation
import PhotoCatalog

extension PostgresCatalog {
    /// Every collection with its count, in the SQLite catalog's order and spelling (see
    /// `SQLiteCatalog.collections(now:)`). All, Favourites, Liked, the cities, the years, Trash
    /// and Missing are read from the counts schema 11 keeps (a small table, whatever the
    /// number of assets); keywords and the recent collections are counted by partial indexes.
    public func collections(now: Date) throws -> [CollectionCount] {
        let since = now.timeIntervalSince1970 - Double(AssetCollection.recentDays) * 86_400
        return try reconnecting {
            func count(_ sql: String, _ values: [PGValue] = []) throws -> Int {
                Int(try connection.value(sql, values) { $0.int64(0) } ?? 0)
            }
            var stored: [String: Int] = [:]
            for row in try connection.execute(
                "SELECT kind, count FROM collection_counts WHERE name = '' AND count > 0"
            ).rows {
                stored[row.text(0)] = Int(row.int64(1))
            }
            var result = [
                CollectionCount(.all, stored["all"] ?? 0),
                CollectionCount(.favourites, stored["favourites"] ?? 0),
                CollectionCount(.liked, stored["liked"] ?? 0),
            ]
            // Only when there are some: a library of photos has no use for these tabs.
            if let videos = stored["videos"], videos > 0 { result.append(CollectionCount(.videos, videos)) }
            if let live = stored["live"], live > 0 { result.append(CollectionCount(.livePhotos, live)) }
            // The spelling shown for a city written several ways is the first in byte order,
            // as in the SQLite catalog: the counts are kept per spelling, grouped here.
            result += try connection.execute(
                """
                SELECT min(name), sum(count)::int8 FROM collection_counts WHERE kind = 'city' AND count > 0
                GROUP BY lower(name) ORDER BY lower(name)
                """
            ).rows.map { CollectionCount(.city($0.text(0)), Int($0.int64(1))) }
            result += try connection.execute(
                "SELECT name, count FROM collection_counts WHERE kind = 'year' AND count > 0 ORDER BY name DESC"
            ).rows.compactMap { row in Int(row.text(0)).map { CollectionCount(.year($0), Int(row.int64(1))) } }
            let keywords = try connection.execute(
                """
                SELECT k.folded, min(k.keyword) FROM asset_keywords k JOIN assets a ON a.id = k.asset_id
                WHERE NOT a.trashed AND NOT a.missing
                GROUP BY k.folded
                """
            ).rows.map { (folded: $0.text(0), keyword: $0.text(1)) }
            result += try CollectionCount.keywordCollections(keywords) { folded in
                let range = KeywordColumns.hierarchyRange(folded)
                return try count(
                    """
                    SELECT count(*) FROM assets WHERE NOT trashed AND NOT missing AND id IN
                        (SELECT asset_id FROM asset_keywords WHERE folded = $1 OR (folded >= $2 AND folded < $3))
                    """, [.text(folded), .text(range.lower), .text(range.upper)])
            }
            result.append(
                CollectionCount(
                    .recentlyAdded,
                    try count(
                        "SELECT count(*) FROM assets WHERE NOT trashed AND NOT missing AND added_at >= $1",
                        [.double(since)])))
            result.append(
                CollectionCount(
                    .recentlyPopped,
                    try count(
                        "SELECT count(*) FROM assets WHERE NOT trashed AND NOT missing AND popped_at IS NOT NULL AND popped_at >= $1",
                        [.double(since)])))
            result.append(CollectionCount(.trash, stored["trash"] ?? 0))
            // Only when there are some, as in the SQLite catalog.
            if let missing = stored["missing"], missing > 0 { result.append(CollectionCount(.missing, missing)) }
            return result
        }
    }

    /// Records that the assets were popped at `date`, for Recently Popped. Safe to repeat.
    public func markPopped(_ ids: [AssetID], at date: Date) throws {
        guard !ids.isEmpty else { return }
        try reconnecting {
            try connection.execute(
                "UPDATE assets SET popped_at = $1 WHERE id = ANY($2::text[])",
                [.double(date.timeIntervalSince1970), .textArray(ids.map(\.hex))])
        }
    }
}
