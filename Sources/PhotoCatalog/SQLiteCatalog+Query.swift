extension SQLiteCatalog {
    public func assets(matching query: AssetQuery) throws -> [Asset] {
        let (sql, values) = query.selectSQL(dialect: .sqlite)
        return query.arrangedByName(try runner.assets(sql, values))
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
    /// every value as a bound parameter (`AssetQuery.selectSQL`, shared with PostgreSQL).
    static func sql(for query: AssetQuery, columns: String = assetColumns) -> (sql: String, values: [SQLiteValue]) {
        let (sql, values) = query.selectSQL(columns, dialect: .sqlite)
        return (sql, values.map(SQLiteValue.init))
    }
}
