import PhotoCatalog

extension PostgresCatalog {
    public func assets(matching query: AssetQuery) throws -> [Asset] {
        let (sql, values) = Self.sql(for: query)
        return query.arrangedByName(
            try reconnecting { try connection.execute(sql, values).rows.map(Self.asset(fromRow:)) })
    }

    /// The SELECT for `query`, with every value as a bound parameter; the same conditions and
    /// order as the SQLite catalog's, in PostgreSQL's words.
    static func sql(for query: AssetQuery) -> (sql: String, values: [PGValue]) {
        var values: [PGValue] = []
        let conditions = filter(for: query, values: &values)
        var sql = "SELECT \(assetColumns) FROM assets"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY " + query.orderTerms(cityKey: "lower(city)").joined(separator: ", ")
        if let limit = query.sqlLimit {
            values.append(.int(Int64(max(limit, 0))))
            sql += " LIMIT $\(values.count)"
        }
        return (sql, values)
    }

    /// The WHERE conditions (joined by AND) that select `query`'s assets; their values are
    /// appended to `values`, numbered after those already there.
    static func filter(for query: AssetQuery, values: inout [PGValue]) -> [String] {
        var conditions: [String] = []
        func parameter(_ value: PGValue) -> String {
            values.append(value)
            return "$\(values.count)"
        }

        func flag(_ column: String, _ wanted: Bool?) {
            guard let wanted else { return }
            conditions.append("\(column) = \(parameter(.bool(wanted)))")
        }
        flag("favourite", query.favourite)
        flag("liked", query.liked)
        switch query.trash {
        case .hidden: conditions.append("NOT trashed")
        case .only: conditions.append("trashed")
        case .included: break
        }
        flag("missing", query.missing)

        if let city = query.city {
            if city.utf8.allSatisfy({ $0 < 0x80 }) {
                // SQLite's NOCASE: ASCII letters folded (lower() under "C" folds only those).
                conditions.append("lower(city) = \(parameter(.text(city.lowercased())))")
            } else {
                conditions.append("city_folded = \(parameter(.text(fold(city))))")
            }
        }
        for keyword in query.keywords {
            // At any level of a hierarchy: itself, what is below it, and a leaf or middle level.
            let levels = parameter(.text(KeywordColumns.levelsPattern(fold(keyword))))
            conditions.append(
                "id IN (SELECT asset_id FROM asset_keywords WHERE strpos('/' || folded || '/', \(levels)) > 0)")
        }
        if let rating = query.rating {
            conditions.append(
                rating == 0 ? "(rating IS NULL OR rating = 0)" : "rating = \(parameter(.int(Int64(rating))))")
        }
        if let minimum = query.minimumRating { conditions.append("rating >= \(parameter(.int(Int64(minimum))))") }
        if let text = query.captionContains {
            // strpos compares bytes, so % and _ are plain characters, as with SQLite's instr.
            conditions.append("strpos(caption_folded, \(parameter(.text(fold(text))))) > 0")
        }
        // A NULL taken_local fails both comparisons, so undated assets drop out.
        if let format = query.format { conditions.append("format = \(parameter(.text(format.rawValue)))") }
        for (bound, instant, comparison) in [
            (query.takenAfter, query.takenAfterInstant, ">="), (query.takenBefore, query.takenBeforeInstant, "<"),
        ] {
            guard let bound else { continue }
            let local = "taken_local \(comparison) \(parameter(.text(bound)))"
            if let instant {
                conditions.append(
                    "((taken_offset IS NULL AND \(local)) "
                        + "OR (taken_offset IS NOT NULL AND taken_sort \(comparison) \(parameter(.text(instant)))))")
            } else {
                conditions.append(local)
            }
        }
        if let since = query.addedSince {
            conditions.append("added_at >= \(parameter(.double(since.timeIntervalSince1970)))")
        }
        if let since = query.poppedSince {
            conditions.append(
                "popped_at IS NOT NULL AND popped_at >= \(parameter(.double(since.timeIntervalSince1970)))")
        }
        for term in query.searchTerms {
            guard let condition = searchCondition(term, values: &values) else { continue }
            conditions.append(condition)
        }
        // The filters of issue 14, as the SQLite catalog's `filterMore` words them.
        if let hasGPS = query.hasGPS { conditions.append(hasGPS ? "gps_latitude IS NOT NULL" : "gps_latitude IS NULL") }
        if let needle = query.cameraNeedle {
            let value = parameter(.text(needle))
            conditions.append("(strpos(lower(camera_make), \(value)) > 0 OR strpos(lower(camera_model), \(value)) > 0)")
        }
        if let (lower, upper) = query.folderRange {
            conditions.append(
                "relative_path >= \(parameter(.bytes(lower))) AND relative_path < \(parameter(.bytes(upper)))")
        }
        if let damaged = query.damaged { conditions.append(damaged ? "damage IS NOT NULL" : "damage IS NULL") }
        if let undated = query.undated {
            conditions.append(undated ? "taken_local IS NULL" : "taken_local IS NOT NULL")
        }
        if let since = query.indexedSince {
            conditions.append("indexed_at >= \(parameter(.double(since.timeIntervalSince1970)))")
        }
        if query.duplicates == true { conditions.append("content_hash IN (\(AssetQuery.duplicateHashesSQL))") }
        return conditions
    }
}
