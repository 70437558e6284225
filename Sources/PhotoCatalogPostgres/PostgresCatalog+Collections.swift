import Foundation
import PhotoCatalog

extension PostgresCatalog {
    /// Every collection with its count, in the SQLite catalog's order and spelling (see
    /// `SQLiteCatalog.collections(now:)`); each count is answered by a partial index.
    public func collections(now: Date) throws -> [CollectionCount] {
        let since = now.timeIntervalSince1970 - Double(AssetCollection.recentDays) * 86_400
        return try reconnecting {
            func count(_ sql: String, _ values: [PGValue] = []) throws -> Int {
                Int(try connection.value(sql, values) { $0.int64(0) } ?? 0)
            }
            var result = [
                CollectionCount(.all, try count("SELECT count(*) FROM assets WHERE NOT trashed AND NOT missing")),
                CollectionCount(
                    .favourites,
                    try count("SELECT count(*) FROM assets WHERE favourite AND NOT trashed AND NOT missing")),
                CollectionCount(
                    .liked, try count("SELECT count(*) FROM assets WHERE liked AND NOT trashed AND NOT missing")),
            ]
            // The spelling shown for a city written several ways is the first in byte order,
            // as in the SQLite catalog.
            result += try connection.execute(
                """
                SELECT min(city), count(*) FROM assets WHERE NOT trashed AND NOT missing AND city IS NOT NULL
                GROUP BY lower(city) ORDER BY lower(city)
                """
            ).rows.map { CollectionCount(.city($0.text(0)), Int($0.int64(1))) }
            result += try connection.execute(
                """
                SELECT substr(taken_local, 1, 4), count(*) FROM assets WHERE NOT trashed AND NOT missing AND taken_local IS NOT NULL
                GROUP BY substr(taken_local, 1, 4) ORDER BY substr(taken_local, 1, 4) DESC
                """
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
            result.append(CollectionCount(.trash, try count("SELECT count(*) FROM assets WHERE trashed")))
            // Only when there are some, as in the SQLite catalog.
            let missing = try count("SELECT count(*) FROM assets WHERE missing AND NOT trashed")
            if missing > 0 { result.append(CollectionCount(.missing, missing)) }
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
