extension SQLiteCatalog {
    public func assets(matching query: AssetQuery) throws -> [Asset] {
        let (sql, values) = Self.sql(for: query)
        // Each query shape has its own text, and there are few shapes: worth caching.
        return query.arrangedByName(try database.cachedStatement(sql).rows(values, Self.asset(fromRow:)))
    }

    // The name sort is finished in Swift (`AssetQuery.arrangedByName`): those lists are read
    // whole first, as a store that cannot stream reads them.

    public func forEachAsset(matching query: AssetQuery, _ body: (Asset) throws -> Bool) throws {
        guard query.sort != .name else {
            for asset in try assets(matching: query) { guard try body(asset) else { return } }
            return
        }
        let (sql, values) = Self.sql(for: query)
        try database.cachedStatement(sql).forEachRow(values) { try body(try Self.asset(fromRow: $0)) }
    }

    public func forEachAssetWithShortID(
        matching query: AssetQuery, minimumLength: Int, _ body: (Asset, String) throws -> Bool
    ) throws {
        guard query.sort != .name else {
            let assets = try assets(matching: query)
            let shortIDs = try shortIDs(for: assets.map(\.id), minimumLength: minimumLength)
            for asset in assets { guard try body(asset, shortIDs[asset.id] ?? asset.id.hex) else { return } }
            return
        }
        // Each row brings its id's two neighbours in id order (see `shortIDs(for:minimumLength:)`),
        // found by SQLite in the primary-key index: no round trip per asset.
        let neighbours = """
            , (SELECT max(other.id) FROM assets AS other WHERE other.id < assets.id), \
            (SELECT min(other.id) FROM assets AS other WHERE other.id > assets.id)
            """
        let (sql, values) = Self.sql(for: query, columns: Self.assetColumns + neighbours)
        let below = Self.assetColumnCount
        try database.cachedStatement(sql).forEachRow(values) { row in
            let asset = try Self.asset(fromRow: row)
            let shortID = Self.shortID(
                asset.id, neighbours: [row.optionalText(at: below), row.optionalText(at: below + 1)],
                minimumLength: minimumLength)
            return try body(asset, shortID)
        }
    }

    public func forEachAssetID(matching query: AssetQuery, _ body: (AssetID) throws -> Bool) throws {
        guard query.sort != .name else { return try forEachAsset(matching: query) { try body($0.id) } }
        // The id alone: no row becomes an asset, and SQLite may answer from an index.
        let (sql, values) = Self.sql(for: query, columns: "id")
        try database.cachedStatement(sql).forEachRow(values) { try body(try Self.assetID(fromRow: $0, column: 0)) }
    }

    /// The SELECT of `columns` (by default those `asset(fromRow:)` reads) for `query`, with
    /// every value as a bound parameter.
    static func sql(for query: AssetQuery, columns: String = assetColumns) -> (sql: String, values: [SQLiteValue]) {
        var (conditions, values) = filter(for: query)
        var sql = "SELECT \(columns) FROM assets"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY " + query.orderTerms(cityKey: "city COLLATE NOCASE").joined(separator: ", ")
        if let limit = query.sqlLimit {
            sql += " LIMIT ?"
            values.append(.integer(Int64(max(limit, 0))))
        }
        return (sql, values)
    }

    /// The WHERE conditions (joined by AND) that select `query`'s assets, and their values.
    static func filter(for query: AssetQuery) -> (conditions: [String], values: [SQLiteValue]) {
        var conditions: [String] = []
        var values: [SQLiteValue] = []

        func flag(_ column: String, _ wanted: Bool?) {
            guard let wanted else { return }
            conditions.append("\(column) = ?")
            values.append(SQLiteValue(wanted))
        }
        flag("favourite", query.favourite)
        flag("liked", query.liked)
        switch query.trash {
        case .hidden: conditions.append("trashed = 0")
        case .only: conditions.append("trashed = 1")
        case .included: break
        }
        flag("missing", query.missing)

        if let city = query.city {
            if city.utf8.allSatisfy({ $0 < 0x80 }) {
                // NOCASE folds exactly the ASCII letters, and can use the city index.
                conditions.append("city = ? COLLATE NOCASE")
                values.append(.text(city))
            } else {
                conditions.append("\(foldFunction)(city) = ?")
                values.append(.text(fold(city)))
            }
        }
        if let format = query.format {
            conditions.append("format = ?")
            values.append(.text(format.rawValue))
        }
        for keyword in query.keywords {
            // At any level of a hierarchy: itself, what is below it, and a leaf or middle level.
            conditions.append(
                "id IN (SELECT asset_id FROM asset_keywords WHERE instr('/' || folded || '/', ?) > 0)")
            values.append(.text(KeywordColumns.levelsPattern(fold(keyword))))
        }
        if let rating = query.rating {
            if rating == 0 {
                conditions.append("(rating IS NULL OR rating = 0)")
            } else {
                conditions.append("rating = ?")
                values.append(.integer(Int64(rating)))
            }
        }
        if let minimum = query.minimumRating {
            conditions.append("rating >= ?")
            values.append(.integer(Int64(minimum)))
        }
        if let text = query.captionContains {
            // instr compares bytes, so % and _ are plain characters (unlike LIKE's wildcards).
            conditions.append("instr(\(foldFunction)(caption), ?) > 0")
            values.append(.text(fold(text)))
        }
        // A NULL taken_local fails both comparisons, so undated assets drop out.
        for (bound, instant, comparison) in [
            (query.takenAfter, query.takenAfterInstant, ">="), (query.takenBefore, query.takenBeforeInstant, "<"),
        ] {
            guard let bound else { continue }
            if let instant {
                conditions.append(
                    "((taken_offset IS NULL AND taken_local \(comparison) ?) "
                        + "OR (taken_offset IS NOT NULL AND taken_sort \(comparison) ?))")
                values += [.text(bound), .text(instant)]
            } else {
                conditions.append("taken_local \(comparison) ?")
                values.append(.text(bound))
            }
        }

        if let since = query.addedSince {
            conditions.append("added_at >= ?")
            values.append(.real(since.timeIntervalSince1970))
        }
        if let since = query.poppedSince {
            conditions.append("popped_at IS NOT NULL AND popped_at >= ?")
            values.append(.real(since.timeIntervalSince1970))
        }
        for term in query.searchTerms {
            guard let (condition, termValues) = searchCondition(term) else { continue }
            conditions.append(condition)
            values += termValues
        }
        filterMore(for: query, conditions: &conditions, values: &values)
        return (conditions, values)
    }
}

// MARK: - More filters: GPS, camera, folder, damage, date, indexing, duplicates

extension SQLiteCatalog {
    static func filterMore(for query: AssetQuery, conditions: inout [String], values: inout [SQLiteValue]) {
        if let hasGPS = query.hasGPS { conditions.append(hasGPS ? "gps_latitude IS NOT NULL" : "gps_latitude IS NULL") }
        if let needle = query.cameraNeedle {
            // instr, like the caption's: % and _ are plain characters.
            conditions.append("(instr(lower(camera_make), ?) > 0 OR instr(lower(camera_model), ?) > 0)")
            values += [.text(needle), .text(needle)]
        }
        if let (lower, upper) = query.folderRange {
            conditions.append("relative_path >= ? AND relative_path < ?")
            values += [.blob(lower), .blob(upper)]
        }
        if let damaged = query.damaged { conditions.append(damaged ? "damage IS NOT NULL" : "damage IS NULL") }
        if let undated = query.undated {
            conditions.append(undated ? "taken_local IS NULL" : "taken_local IS NOT NULL")
        }
        if let since = query.indexedSince {
            conditions.append("indexed_at >= ?")
            values.append(.real(since.timeIntervalSince1970))
        }
        if query.duplicates == true { conditions.append("content_hash IN (\(AssetQuery.duplicateHashesSQL))") }
    }
}
