import PhotoCatalog
import PhotoFormats

// MARK: - Pages: counts, keyset paging and the change stamp, as the SQLite catalog has them

extension PostgresCatalog {
    public func count(matching query: AssetQuery) throws -> Int {
        var values: [PGValue] = []
        let conditions = Self.filter(for: query, values: &values)
        var sql = "SELECT count(*) FROM assets"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        return try reconnecting { Int(try connection.execute(sql, values).rows.first?.int64(0) ?? 0) }
    }

    /// The server's current snapshot (the next transaction id and those still running),
    /// hashed. Any transaction that writes takes an id, and its commit takes it off the
    /// running list, so every commit by any session changes the snapshot, and a change to
    /// the catalog is never missed: the stamp read after a commit differs from every one read
    /// before it. It costs no table read and no work on writes (no trigger, no counter row
    /// that every writer would queue on). It moves for more than SQLite's `data_version`
    /// does: this connection's own writes and writes elsewhere on the server (other libraries,
    /// other databases) move it too, and the caller then reads a page again for nothing.
    public func externalChangeStamp() throws -> Int64? {
        try reconnecting {
            try connection.execute("SELECT hashtextextended(pg_current_snapshot()::text, 0)").rows.first?.int64(0)
        }
    }

    /// The SQLite catalog's segments (`PageSegment`) in PostgreSQL's words: the assets with
    /// the sort value by it and then by path, followed by those without it, by path; text in
    /// byte order (the columns are `COLLATE "C"`), the city folded by `lower` (ASCII letters
    /// only, SQLite's NOCASE), the path as bytes.
    public func assets(matching query: AssetQuery, at position: AssetPagePosition, limit: Int) throws -> [Asset] {
        guard limit > 0 else { return [] }
        let segments = PGPageSegment.segments(for: query.sort).map { $0.turned(query.reverse) }
        var anchor: [PGValue]?
        var segment: Int
        let forward: Bool
        switch position {
        case .first: (segment, forward) = (0, true)
        case .last: (segment, forward) = (segments.count - 1, false)
        case .after(let asset), .before(let asset):
            let values = try sortValues(of: asset)
            anchor = values
            segment = segments.count == 1 || values[segments[0].keys[0].column] != .null ? 0 : 1
            if case .after = position { forward = true } else { forward = false }
        }
        var result: [Asset] = []
        while segments.indices.contains(segment), result.count < limit {
            result += try page(
                query, segment: segments[segment], after: anchor, forward: forward, limit: limit - result.count)
            anchor = nil
            segment += forward ? 1 : -1
        }
        return forward ? result : result.reversed()
    }

    /// The anchor's sort values (taken, folded city, popped, path) as the catalog holds them
    /// now; the caller's values when it is gone.
    private func sortValues(of asset: Asset) throws -> [PGValue] {
        let stored = try reconnecting {
            try connection.execute(
                "SELECT taken_sort, lower(city), popped_at, relative_path FROM assets WHERE id = $1",
                [.text(asset.id.hex)]
            ).rows.first.map { row -> [PGValue] in
                [
                    row.optionalText(0).map(PGValue.text) ?? .null,
                    row.optionalText(1).map(PGValue.text) ?? .null,
                    row.optionalDouble(2).map(PGValue.double) ?? .null,
                    .bytes(row.bytes(3)),
                ]
            }
        }
        if let stored { return stored }
        return [
            asset.metadata.takenAt.map { .text(CaptureDateText.sortText($0)) } ?? .null,
            asset.city.map { .text(Self.asciiLowercased($0)) } ?? .null,
            asset.poppedAt.map { .double($0.timeIntervalSince1970) } ?? .null,
            .bytes(asset.file.relativePath.bytes),
        ]
    }

    /// Up to `limit` rows of one segment, strictly after (or, backwards, before) `anchor`,
    /// in the direction of travel.
    private func page(
        _ query: AssetQuery, segment: PGPageSegment, after anchor: [PGValue]?, forward: Bool, limit: Int
    ) throws -> [Asset] {
        var values: [PGValue] = []
        var conditions = Self.filter(for: query, values: &values)
        if let condition = segment.condition { conditions.append(condition) }
        let keys = segment.keys
        func comparison(_ key: PGPageKey) -> String { key.descending == forward ? "<" : ">" }
        func parameter(_ value: PGValue) -> String {
            values.append(value)
            return "$\(values.count)"
        }
        if let anchor {
            let first = keys[0]
            if keys.count == 1 {
                conditions.append("\(first.expression) \(comparison(first)) \(parameter(anchor[first.column]))")
            } else {
                // The leading range lets the index find the start; the OR breaks ties by path.
                let second = keys[1]
                let value = parameter(anchor[first.column])
                conditions.append(
                    "\(first.expression) \(comparison(first))= \(value) AND (\(first.expression) \(comparison(first)) "
                        + "\(value) OR (\(first.expression) = \(value) AND \(second.expression) \(comparison(second)) "
                        + "\(parameter(anchor[second.column]))))")
            }
        }
        var sql = "SELECT \(Self.assetColumns) FROM assets"
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql +=
            " ORDER BY "
            + keys.map { "\($0.expression) \($0.descending == forward ? "DESC" : "ASC")" }.joined(separator: ", ")
            + " LIMIT \(parameter(.int(Int64(limit))))"
        return try reconnecting { try connection.execute(sql, values).rows.map(Self.asset(fromRow:)) }
    }

    /// `lower` under "C": ASCII letters folded, every other character as it is.
    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}

/// One column of a page's order; `column` indexes the anchor's sort values.
struct PGPageKey {
    var expression: String
    var column: Int
    var descending = false

    static let taken = PGPageKey(expression: "taken_sort", column: 0)
    static let city = PGPageKey(expression: "lower(city)", column: 1)
    static let popped = PGPageKey(expression: "popped_at", column: 2, descending: true)
    static let path = PGPageKey(expression: "relative_path", column: 3)
}

/// A run of a sort's order that one index serves.
struct PGPageSegment {
    var condition: String?
    var keys: [PGPageKey]

    static func segments(for sort: AssetQuery.Sort) -> [PGPageSegment] {
        func split(_ key: PGPageKey, _ column: String) -> [PGPageSegment] {
            [
                PGPageSegment(condition: "\(column) IS NOT NULL", keys: [key, .path]),
                PGPageSegment(condition: "\(column) IS NULL", keys: [.path]),
            ]
        }
        switch sort {
        // Not `Sort.paged`: the browsers refuse them (`BrowserSession`); path order is the fallback.
        case .path, .size, .name, .added: return [PGPageSegment(condition: nil, keys: [.path])]
        case .taken: return split(.taken, "taken_sort")
        case .city: return split(.city, "city")
        case .popped: return split(.popped, "popped_at")
        }
    }
}

extension PGPageSegment {
    /// The run in the opposite order (`--reverse`): every key turned, so the index is walked
    /// backwards; the segments stay in their order, the assets without the value last.
    func turned(_ reverse: Bool) -> PGPageSegment {
        guard reverse else { return self }
        var turned = self
        for index in turned.keys.indices { turned.keys[index].descending.toggle() }
        return turned
    }
}
