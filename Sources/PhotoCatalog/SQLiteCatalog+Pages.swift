import PhotoFormats
import PhotoSupport

// MARK: - Pages: counts and keyset paging for browsers

extension SQLiteCatalog {
    public func count(matching query: AssetQuery) throws -> Int {
        let (conditions, values) = Self.filter(for: query)
        var sql = "SELECT count(*) FROM assets"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        return Int(try database.cachedStatement(sql).firstRow(values) { $0.int64(at: 0) } ?? 0)
    }

    /// SQLite's `data_version`: it changes when another connection commits, never for this
    /// one's own writes, and costs no I/O.
    public func externalChangeStamp() throws -> Int64? {
        try database.integerValue("PRAGMA data_version")
    }

    /// Each sort is one or two segments, each ordered by columns that an index serves: the
    /// assets with the sort value (taken, city, popped) by it and then by path, followed by
    /// those without it, by path. That is exactly `assets(matching:)`'s order, without its
    /// `x IS NULL` term, which no index serves and which made every page sort the whole table
    /// (23 ms for the first page of 100,000, 670 ms for the last with OFFSET).
    public func assets(matching query: AssetQuery, at position: AssetPagePosition, limit: Int) throws -> [Asset] {
        guard limit > 0 else { return [] }
        let segments = PageSegment.segments(for: query.sort).map { $0.turned(query.reverse) }
        var anchor: [SQLiteValue]?
        var segment: Int
        switch position {
        case .first: segment = 0
        case .last: segment = segments.count - 1
        case .after(let asset), .before(let asset):
            let values = try sortValues(of: asset)
            anchor = values
            segment = segments.count == 1 || values[segments[0].keys[0].column] != .null ? 0 : 1
        }
        let forward = position.isForward
        var result: [Asset] = []
        while segments.indices.contains(segment), result.count < limit {
            result += try page(
                query, segment: segments[segment], after: anchor, forward: forward, limit: limit - result.count)
            anchor = nil
            segment += forward ? 1 : -1
        }
        return forward ? result : result.reversed()
    }

    /// The anchor's sort values (taken, city, popped, path) as the catalog holds them now
    /// (exact, REAL timestamps included); the caller's values when it is gone.
    private func sortValues(of asset: Asset) throws -> [SQLiteValue] {
        let stored = try database.cachedStatement(
            "SELECT taken_sort, city, popped_at, relative_path FROM assets WHERE id = ?"
        ).firstRow([.text(asset.id.hex)]) { row in
            [
                row.optionalText(at: 0).map(SQLiteValue.text) ?? .null,
                row.optionalText(at: 1).map(SQLiteValue.text) ?? .null,
                row.optionalDouble(at: 2).map(SQLiteValue.real) ?? .null,
                SQLiteValue.blob(row.blob(at: 3)),
            ]
        }
        return stored ?? [
            SQLiteValue(asset.metadata.takenAt.map(CaptureDateText.sortText)), SQLiteValue(asset.city),
            SQLiteValue(asset.poppedAt?.timeIntervalSince1970), .blob(asset.file.relativePath.bytes),
        ]
    }

    /// Up to `limit` rows of one segment, strictly after (or, backwards, before) `anchor`,
    /// in the direction of travel.
    private func page(
        _ query: AssetQuery, segment: PageSegment, after anchor: [SQLiteValue]?, forward: Bool, limit: Int
    ) throws -> [Asset] {
        var (conditions, values) = Self.filter(for: query)
        if let condition = segment.condition { conditions.append(condition) }
        let keys = segment.keys
        func comparison(_ key: PageKey) -> String { key.descending == forward ? "<" : ">" }
        if let anchor {
            let first = keys[0]
            if keys.count == 1 {
                conditions.append("\(first.expression) \(comparison(first)) ?")
                values.append(anchor[first.column])
            } else {
                // The leading range lets the index find the start; the OR breaks ties by path.
                let second = keys[1]
                conditions.append(
                    "\(first.expression) \(comparison(first))= ? AND (\(first.expression) \(comparison(first)) ? "
                        + "OR (\(first.expression) = ? AND \(second.expression) \(comparison(second)) ?))")
                values += [anchor[first.column], anchor[first.column], anchor[first.column], anchor[second.column]]
            }
        }
        var sql = "SELECT \(Self.assetColumns) FROM assets"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql +=
            " ORDER BY "
            + keys.map { "\($0.expression) \($0.descending == forward ? "DESC" : "ASC")" }.joined(separator: ", ")
            + " LIMIT ?"
        values.append(.integer(Int64(limit)))
        return try database.cachedStatement(sql).rows(values, Self.asset(fromRow:))
    }
}

extension AssetPagePosition {
    /// True when the page runs forward from its position (first, after).
    var isForward: Bool {
        switch self {
        case .first, .after: true
        case .last, .before: false
        }
    }
}

/// One column of a page's order; `column` indexes the anchor's sort values.
struct PageKey {
    var expression: String
    var column: Int
    var descending = false

    static let taken = PageKey(expression: "taken_sort", column: 0)
    static let city = PageKey(expression: "city COLLATE NOCASE", column: 1)
    static let popped = PageKey(expression: "popped_at", column: 2, descending: true)
    static let path = PageKey(expression: "relative_path", column: 3)
}

/// A run of a sort's order that one index serves.
struct PageSegment {
    var condition: String?
    var keys: [PageKey]

    static func segments(for sort: AssetQuery.Sort) -> [PageSegment] {
        func split(_ key: PageKey, _ column: String) -> [PageSegment] {
            [
                PageSegment(condition: "\(column) IS NOT NULL", keys: [key, .path]),
                PageSegment(condition: "\(column) IS NULL", keys: [.path]),
            ]
        }
        switch sort {
        // Not `Sort.paged`: the browsers refuse them (`BrowserSession`); path order is the fallback.
        case .path, .size, .name, .added: return [PageSegment(condition: nil, keys: [.path])]
        case .taken: return split(.taken, "taken_sort")
        case .city: return split(.city, "city")
        case .popped: return split(.popped, "popped_at")
        }
    }
}

extension PageSegment {
    /// The run in the opposite order (`--reverse`): every key turned, so the index is walked
    /// backwards; the segments stay in their order, the assets without the value last.
    func turned(_ reverse: Bool) -> PageSegment {
        guard reverse else { return self }
        var turned = self
        for index in turned.keys.indices { turned.keys[index].descending.toggle() }
        return turned
    }
}
