// MARK: - A query's SELECT, WHERE and count, the same on both stores

extension AssetQuery {
    /// The SELECT of `columns` for this query in `dialect`, with every value bound: its
    /// conditions, its order and its limit (none when Swift finishes a name sort).
    package func selectSQL(
        _ columns: String = AssetFields.assetColumns.names, dialect: SQLDialect
    ) -> (sql: String, values: [CellValue]) {
        var arguments = SQLArguments(dialect)
        var sql = "SELECT \(columns) FROM assets" + whereClause(conditions(&arguments))
        sql += " ORDER BY " + orderTerms(cityKey: dialect.cityKey).joined(separator: ", ")
        if let limit = sqlLimit { sql += " LIMIT " + arguments.add(.integer(Int64(max(limit, 0)))) }
        return (sql, arguments.values)
    }

    /// How many assets match, as one statement.
    package func countSQL(dialect: SQLDialect) -> (sql: String, values: [CellValue]) {
        var arguments = SQLArguments(dialect)
        let sql = "SELECT count(*) FROM assets" + whereClause(conditions(&arguments))
        return (sql, arguments.values)
    }

    /// The WHERE conditions (joined by AND) that select this query's assets; their values are
    /// added to `arguments`. A new filter is written here once, for both stores.
    package func conditions(_ arguments: inout SQLArguments) -> [String] {
        let dialect = arguments.dialect
        var conditions: [String] = []
        func flag(_ column: String, _ wanted: Bool?) {
            guard let wanted else { return }
            conditions.append("\(column) = \(arguments.add(.bool(wanted)))")
        }
        func atLeast(_ column: String, _ value: CellValue?) {
            guard let value else { return }
            conditions.append("\(column) >= \(arguments.add(value))")
        }
        func isNull(_ column: String, _ wanted: Bool?) {
            guard let wanted else { return }
            conditions.append(wanted ? "\(column) IS NULL" : "\(column) IS NOT NULL")
        }

        flag("favourite", favourite)
        flag("liked", liked)
        switch trash {
        case .hidden: conditions.append(dialect.isFalse("trashed"))
        case .only: conditions.append(dialect.isTrue("trashed"))
        case .included: break
        }
        flag("missing", missing)
        isNull("burst_id", burst.map { !$0 })

        if let city {
            if city.utf8.allSatisfy({ $0 < 0x80 }) {
                // Both stores fold exactly the ASCII letters here (SQLite's NOCASE, which can use
                // the city index; `lower` under "C"), so the value is folded the same way.
                let value = arguments.add(.text(asciiLowercased(city)))
                conditions.append(
                    dialect == .sqlite ? "city = \(value) COLLATE NOCASE" : "\(dialect.caseless("city")) = \(value)")
            } else {
                conditions.append("\(dialect.folded("city")) = \(arguments.add(.text(SQLiteCatalog.fold(city))))")
            }
        }
        if let format { conditions.append("format = \(arguments.add(.text(format.rawValue)))") }
        for keyword in keywords {
            // At any level of a hierarchy: itself, what is below it, and a leaf or middle level.
            let levels = arguments.add(.text(KeywordColumns.levelsPattern(SQLiteCatalog.fold(keyword))))
            conditions.append(
                "id IN (SELECT asset_id FROM asset_keywords WHERE \(dialect.contains("'/' || folded || '/'", levels)))")
        }
        for person in people {
            conditions.append(dialect.contains("people_folded", arguments.add(.text(PeopleColumns.pattern(person)))))
        }
        if let rating {
            conditions.append(
                rating == 0 ? "(rating IS NULL OR rating = 0)" : "rating = \(arguments.add(.integer(Int64(rating))))")
        }
        atLeast("rating", minimumRating.map { .integer(Int64($0)) })
        if let captionContains {
            let text = arguments.add(.text(SQLiteCatalog.fold(captionContains)))
            conditions.append(dialect.contains(dialect.folded("caption"), text))
        }
        // A NULL taken_local fails both comparisons, so undated assets drop out. A bound given
        // with an offset compares instants for the assets whose offset is known.
        for (bound, instant, comparison) in [
            (takenAfter, takenAfterInstant, ">="), (takenBefore, takenBeforeInstant, "<"),
        ] {
            guard let bound else { continue }
            let local = "taken_local \(comparison) \(arguments.add(.text(bound)))"
            if let instant {
                conditions.append(
                    "((taken_offset IS NULL AND \(local)) "
                        + "OR (taken_offset IS NOT NULL AND taken_sort \(comparison) \(arguments.add(.text(instant)))))"
                )
            } else {
                conditions.append(local)
            }
        }
        atLeast("added_at", addedSince.map { .real($0.timeIntervalSince1970) })
        if let poppedSince {
            conditions.append(
                "popped_at IS NOT NULL AND popped_at >= \(arguments.add(.real(poppedSince.timeIntervalSince1970)))")
        }
        for term in searchTerms {
            if let condition = Self.searchCondition(term, &arguments) { conditions.append(condition) }
        }
        isNull("gps_latitude", hasGPS.map(!))
        if let cameraNeedle {
            let needle = arguments.add(.text(cameraNeedle))
            conditions.append(
                "(\(dialect.contains("lower(camera_make)", needle)) OR \(dialect.contains("lower(camera_model)", needle)))"
            )
        }
        if let (lower, upper) = folderRange {
            conditions.append(
                "relative_path >= \(arguments.add(.bytes(lower))) AND relative_path < \(arguments.add(.bytes(upper)))")
        }
        isNull("damage", damaged.map(!))
        isNull("taken_local", undated)
        atLeast("indexed_at", indexedSince.map { .real($0.timeIntervalSince1970) })
        if duplicates == true { conditions.append("content_hash IN (\(AssetQuery.duplicateHashesSQL))") }
        conditions += mediaConditions { arguments.add($0) }
        if let burstId { conditions.append("burst_id = \(arguments.add(.text(burstId)))") }
        if oneFramePerBurst {
            // A frame stands for its burst when no frame before it (by path, unique) matches
            // the same filters. Inside the subquery the filters' bare column names are the
            // other frame's (the nearest table); `assets` is the outer row (the inner one is
            // named `frame`). The partial index on burst_id serves the lookup.
            var others = self
            others.oneFramePerBurst = false
            others.burstId = nil
            let filters = others.conditions(&arguments).map { " AND \($0)" }.joined()
            conditions.append(
                "(burst_id IS NULL OR NOT EXISTS (SELECT 1 FROM assets AS frame WHERE frame.burst_id = assets.burst_id"
                    + " AND frame.relative_path < assets.relative_path\(filters)))")
        }
        return conditions
    }
}

/// `text` with its ASCII letters lowercased and every other character as it is: what SQL's
/// `lower()` does in both stores (SQLite's built-in one, PostgreSQL's under "C").
package func asciiLowercased(_ text: String) -> String {
    String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
}
