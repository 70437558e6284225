import PhotoSupport

// MARK: - Counts and keyset paging, the same on both stores

extension SQLRunner {
    package func count(matching query: AssetQuery) throws -> Int {
        let (sql, values) = query.countSQL(dialect: dialect)
        return try integer(sql, values)
    }

    /// Each sort is one or two segments, each ordered by columns that an index serves: the
    /// assets with the sort value (taken, city, popped) by it and then by path, followed by
    /// those without it, by path. That is exactly `assets(matching:)`'s order, without its
    /// `x IS NULL` term, which no index serves and which made every page sort the whole table
    /// (23 ms for the first page of 100,000, 670 ms for the last with OFFSET).
    package func assets(matching query: AssetQuery, at position: AssetPagePosition, limit: Int) throws -> [Asset] {
        guard limit > 0 else { return [] }
        let segments = PageSegment.segments(for: query.sort, dialect: dialect).map { $0.turned(query.reverse) }
        var anchor: [CellValue]?
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
            let (sql, values) = segments[segment].pageSQL(
                query, after: anchor, forward: forward, limit: limit - result.count, dialect: dialect)
            result += try assets(sql, values)
            anchor = nil
            segment += forward ? 1 : -1
        }
        return forward ? result : result.reversed()
    }

    /// The anchor's sort values (taken, city as the order keys it, popped, path) as the
    /// catalog holds them now (exact, REAL timestamps included); the caller's values when it
    /// is gone, the city's ASCII letters lowercased, which both stores' keys compare alike.
    private func sortValues(of asset: Asset) throws -> [CellValue] {
        let stored = try rows(
            "SELECT taken_local, \(dialect.cityKey), popped_at, relative_path FROM assets WHERE id = "
                + dialect.placeholder(1), [.text(asset.id.hex)]
        ) { row -> [CellValue] in
            [
                CellValue(row.optionalText(0)), CellValue(row.optionalText(1)), CellValue(row.optionalDouble(2)),
                .bytes(row.bytes(3)),
            ]
        }.first
        return stored ?? [
            CellValue(asset.metadata.takenAt?.localTime), CellValue(asset.city.map(asciiLowercased)),
            CellValue(asset.poppedAt?.timeIntervalSince1970), .bytes(asset.file.relativePath.bytes),
        ]
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
