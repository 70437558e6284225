/// One column of a page's order; `column` indexes the anchor's sort values (taken, city,
/// popped, path: `SQLRunner.sortValues`).
package struct PageKey {
    package var expression: String
    package var column: Int
    package var descending = false

    static let taken = PageKey(expression: "taken_local", column: 0)
    static func city(_ dialect: SQLDialect) -> PageKey { PageKey(expression: dialect.cityKey, column: 1) }
    static let popped = PageKey(expression: "popped_at", column: 2, descending: true)
    static let path = PageKey(expression: "relative_path", column: 3)
}

/// A run of a sort's order that one index serves (text in byte order: PostgreSQL's columns
/// are `COLLATE "C"`; the city without case, `SQLDialect.cityKey`; the path as bytes).
package struct PageSegment {
    package var condition: String?
    package var keys: [PageKey]

    package static func segments(for sort: AssetQuery.Sort, dialect: SQLDialect) -> [PageSegment] {
        func split(_ key: PageKey, _ column: String) -> [PageSegment] {
            [
                PageSegment(condition: "\(column) IS NOT NULL", keys: [key, .path]),
                PageSegment(condition: "\(column) IS NULL", keys: [.path]),
            ]
        }
        switch sort {
        // Not `Sort.paged`: the browsers refuse them (`BrowserSession`); path order is the fallback.
        case .path, .size, .name, .added: return [PageSegment(condition: nil, keys: [.path])]
        case .taken: return split(.taken, "taken_local")
        case .city: return split(.city(dialect), "city")
        case .popped: return split(.popped, "popped_at")
        }
    }

    /// The run in the opposite order (`--reverse`): every key turned, so the index is walked
    /// backwards; the segments stay in their order, the assets without the value last.
    package func turned(_ reverse: Bool) -> PageSegment {
        guard reverse else { return self }
        var turned = self
        for index in turned.keys.indices { turned.keys[index].descending.toggle() }
        return turned
    }

    /// The SELECT of up to `limit` assets of this segment matching `query`, strictly after
    /// (or, backwards, before) `anchor`'s sort values, in the direction of travel.
    func pageSQL(
        _ query: AssetQuery, after anchor: [CellValue]?, forward: Bool, limit: Int, dialect: SQLDialect
    ) -> (sql: String, values: [CellValue]) {
        var arguments = SQLArguments(dialect)
        var conditions = query.conditions(&arguments)
        if let condition { conditions.append(condition) }
        func comparison(_ key: PageKey) -> String { key.descending == forward ? "<" : ">" }
        if let anchor {
            let first = keys[0]
            let value = arguments.add(anchor[first.column])
            if keys.count == 1 {
                conditions.append("\(first.expression) \(comparison(first)) \(value)")
            } else {
                // The leading range lets the index find the start; the OR breaks ties by path.
                let second = keys[1]
                conditions.append(
                    "\(first.expression) \(comparison(first))= \(value) AND (\(first.expression) \(comparison(first)) "
                        + "\(value) OR (\(first.expression) = \(value) AND \(second.expression) \(comparison(second)) "
                        + "\(arguments.add(anchor[second.column]))))")
            }
        }
        let order = keys.map { "\($0.expression) \($0.descending == forward ? "DESC" : "ASC")" }
        let sql =
            "SELECT \(AssetFields.assetColumns.names) FROM assets" + whereClause(conditions)
            + " ORDER BY " + order.joined(separator: ", ") + " LIMIT " + arguments.add(.integer(Int64(limit)))
        return (sql, arguments.values)
    }
}
