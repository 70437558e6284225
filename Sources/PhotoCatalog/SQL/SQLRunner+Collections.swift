import Foundation

// MARK: - Collections and their stored counts, the same on both stores

extension SQLRunner {
    /// Every collection with its count, in the order a browser shows them: All, Favourites,
    /// Liked, Videos, Live Photos and Bursts (when there are some), each city (by name), each
    /// year (newest first), each keyword and level of a keyword hierarchy (by name), each
    /// person (by name), Recently Added, Recently Popped, Trash, Missing. Only the trash counts
    /// trashed assets, only Missing those whose original the last index did not find.
    ///
    /// All, Favourites, Liked, the cities, the years, the people, Trash and Missing are read
    /// from the counts the stored-counts steps' triggers keep (a small table, whatever the
    /// number of assets); keywords, Bursts and the recent collections are counted by partial
    /// indexes, which is why the flags are written as `SQLDialect.isFalse` words them.
    package func collections(now: Date) throws -> [CollectionCount] {
        let since = CellValue.real(now.timeIntervalSince1970 - Double(AssetCollection.recentDays) * 86_400)
        let p = dialect.placeholder
        let shown = "\(dialect.isFalse("trashed")) AND \(dialect.isFalse("missing"))"
        var stored: [String: Int] = [:]
        for (kind, count) in try rows(
            "SELECT kind, count FROM collection_counts WHERE name = '' AND count > 0", [], { ($0.text(0), $0.int64(1)) }
        ) {
            stored[kind] = Int(count)
        }
        var result = [
            CollectionCount(.all, stored["all"] ?? 0),
            CollectionCount(.favourites, stored["favourites"] ?? 0),
            CollectionCount(.liked, stored["liked"] ?? 0),
        ]
        // Only when there are some: a library of photos has no use for these tabs.
        if let videos = stored["videos"], videos > 0 { result.append(CollectionCount(.videos, videos)) }
        if let live = stored["live"], live > 0 { result.append(CollectionCount(.livePhotos, live)) }
        // Counted through the partial index of the frames: a few among a library's assets.
        let bursts = try integer("SELECT count(*) FROM assets WHERE \(shown) AND burst_id IS NOT NULL")
        if bursts > 0 { result.append(CollectionCount(.bursts, bursts)) }
        // min(name): of the spellings of one city ("Paris", "PARIS"), the first in byte order,
        // rather than whichever row the store saw last, so that every catalog shows the same
        // one. The counts are kept per spelling, grouped here.
        result += try rows(
            """
            SELECT min(name), CAST(sum(count) AS BIGINT) FROM collection_counts WHERE kind = 'city' AND count > 0
            GROUP BY \(dialect.caseless("name")) ORDER BY \(dialect.caseless("name"))
            """, []
        ) { CollectionCount(.city($0.text(0)), Int($0.int64(1))) }
        result += try rows(
            "SELECT name, count FROM collection_counts WHERE kind = 'year' AND count > 0 ORDER BY name DESC", []
        ) { row in (Int(row.text(0)), Int(row.int64(1))) }
        .compactMap { year, count in year.map { CollectionCount(.year($0), count) } }
        // The keyword table walked first: its rows are few beside the assets', and each asset
        // is then one lookup by id, where the other order would walk every asset.
        let keywords = try rows(
            """
            SELECT k.folded, min(k.keyword) FROM asset_keywords k \(dialect.orderedJoin) assets a ON a.id = k.asset_id
            WHERE \(dialect.isFalse("a.trashed")) AND \(dialect.isFalse("a.missing"))
            GROUP BY k.folded
            """, []
        ) { (folded: $0.text(0), keyword: $0.text(1)) }
        result += try CollectionCount.keywordCollections(keywords) { folded in
            let range = KeywordColumns.hierarchyRange(folded)
            return try integer(
                """
                SELECT count(*) FROM assets WHERE \(shown) AND id IN
                    (SELECT asset_id FROM asset_keywords WHERE folded = \(p(1)) OR (folded >= \(p(2)) AND folded < \(p(3))))
                """, [.text(folded), .text(range.lower), .text(range.upper)])
        }
        result += try personCollections()
        result.append(
            CollectionCount(
                .recentlyAdded,
                try integer("SELECT count(*) FROM assets WHERE \(shown) AND added_at >= \(p(1))", [since])))
        result.append(
            CollectionCount(
                .recentlyPopped,
                try integer(
                    "SELECT count(*) FROM assets WHERE \(shown) AND popped_at IS NOT NULL AND popped_at >= \(p(1))",
                    [since])))
        result.append(CollectionCount(.trash, stored["trash"] ?? 0))
        // Only when there are some: a library without deleted files has no use for the tab.
        if let missing = stored["missing"], missing > 0 { result.append(CollectionCount(.missing, missing)) }
        return result
    }

    /// One collection a person, by name (the first spelling in byte order of those that fold
    /// alike, as `--person` finds them), from the counts the `personCounts` step's triggers
    /// keep per spelling; an asset names a person once, so the spellings' counts add up.
    private func personCollections() throws -> [CollectionCount] {
        var spellings: [String: String] = [:]
        var counts: [String: Int] = [:]
        for (name, count) in try rows(
            "SELECT name, count FROM collection_counts WHERE kind = 'person' AND count > 0", [],
            { ($0.text(0), Int($0.int64(1))) })
        {
            let folded = SQLiteCatalog.fold(name)
            if spellings[folded].map({ name < $0 }) ?? true { spellings[folded] = name }
            counts[folded, default: 0] += count
        }
        return spellings.sorted { ($0.key, $0.value) < ($1.key, $1.value) }.map {
            CollectionCount(.person($0.value), counts[$0.key] ?? 0)
        }
    }

    /// The stored counts that differ from a fresh count of the assets, in key order.
    package func collectionCountCorrections() throws -> [CollectionCountCorrection] {
        try rows(countCorrectionsSQL, []) { row in
            CollectionCountCorrection(
                kind: row.text(0), name: row.text(1), stored: Int(row.int64(2)), counted: Int(row.int64(3)))
        }
    }

    /// Writes `correction`'s count (the caller holds the table against writers).
    package func writeCounts(_ corrections: [CollectionCountCorrection]) throws {
        let p = dialect.placeholder
        _ = try runEach(
            """
            INSERT INTO collection_counts (kind, name, count) VALUES (\(p(1)), \(p(2)), \(p(3)))
            ON CONFLICT (kind, name) DO UPDATE SET count = excluded.count
            """, corrections.map { [.text($0.kind), .text($0.name), .integer(Int64($0.counted))] })
    }

    /// What the stored counts should hold, counted from the assets: the rules of the
    /// triggers, written once more apart from them so that the integrity check checks them
    /// (and `recountCollections` writes what the check expects). Zero counts included.
    var collectionCountsSQL: String {
        let shown = "\(dialect.isFalse("trashed")) AND \(dialect.isFalse("missing"))"
        return """
            SELECT 'all' AS kind, '' AS name, count(*) AS count FROM assets WHERE \(shown)
            UNION ALL SELECT 'favourites', '', count(*) FROM assets WHERE \(dialect.isTrue("favourite")) AND \(shown)
            UNION ALL SELECT 'liked', '', count(*) FROM assets WHERE \(dialect.isTrue("liked")) AND \(shown)
            UNION ALL SELECT 'city', city, count(*) FROM assets WHERE city IS NOT NULL AND \(shown) GROUP BY city
            UNION ALL SELECT 'year', substr(taken_local, 1, 4), count(*) FROM assets
                WHERE taken_local IS NOT NULL AND \(shown) GROUP BY substr(taken_local, 1, 4)
            UNION ALL SELECT 'trash', '', count(*) FROM assets WHERE \(dialect.isTrue("trashed"))
            UNION ALL SELECT 'missing', '', count(*) FROM assets
                WHERE \(dialect.isTrue("missing")) AND \(dialect.isFalse("trashed"))
            UNION ALL SELECT CASE kind WHEN 'video' THEN 'videos' ELSE 'live' END, '', count(*) FROM assets
                WHERE kind <> 'photo' AND \(shown) GROUP BY kind
            UNION ALL SELECT 'person', p.value, count(*) FROM assets a, \(dialect.personNames(of: "a.people", as: "p"))
                WHERE a.people IS NOT NULL AND \(dialect.isFalse("a.trashed")) AND \(dialect.isFalse("a.missing"))
                GROUP BY p.value
            """
    }

    /// kind, name, stored, counted of each count that differs (a 0 and an absent row are the same).
    var countCorrectionsSQL: String {
        """
        SELECT kind, name, CAST(sum(stored) AS BIGINT), CAST(sum(counted) AS BIGINT) FROM (
            SELECT kind, name, count AS stored, CAST(0 AS BIGINT) AS counted FROM collection_counts WHERE count <> 0
            UNION ALL SELECT kind, name, 0, count FROM (\(collectionCountsSQL)) actual WHERE count <> 0
        ) differences
        GROUP BY kind, name HAVING sum(stored) <> sum(counted) ORDER BY kind, name
        """
    }
}
