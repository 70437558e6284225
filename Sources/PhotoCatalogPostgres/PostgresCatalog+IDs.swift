import PhotoCatalog

extension PostgresCatalog {
    /// Ids starting with `prefix` (any case), in id order (`SQLRunner.ids(withPrefix:limit:)`).
    public func ids(withPrefix prefix: String, limit: Int) throws -> [AssetID] {
        try reconnecting { try runner.ids(withPrefix: prefix, limit: limit) }
    }

    /// For each id, the shortest prefix of at least `minimumLength` digits no other asset
    /// shares. Only an id's two neighbours in id order can share the longest prefix with it;
    /// both are found on the server for a whole slice of ids at once, since a round trip per
    /// id would cost more than the lookups themselves.
    public func shortIDs(for ids: [AssetID], minimumLength: Int) throws -> [AssetID: String] {
        let floor = min(max(minimumLength, 1), AssetID.length)
        let unique = Array(Set(ids))
        var result: [AssetID: String] = [:]
        result.reserveCapacity(unique.count)
        for start in stride(from: 0, to: unique.count, by: 10_000) {
            let slice = unique[start..<min(start + 10_000, unique.count)]
            let rows = try reconnecting {
                try connection.execute(
                    """
                    SELECT wanted.id,
                        (SELECT max(id) FROM assets WHERE id < wanted.id),
                        (SELECT min(id) FROM assets WHERE id > wanted.id)
                    FROM unnest($1::text[]) AS wanted (id)
                    """, [.textArray(slice.map(\.hex))]
                ).rows
            }
            for row in rows {
                let id = try Self.assetID(fromRow: row, column: 0)
                let shared =
                    [row.optionalText(1), row.optionalText(2)].compactMap { $0 }
                    .map { other in zip(id.hex.utf8, other.utf8).prefix { $0 == $1 }.count }.max() ?? 0
                result[id] = String(id.hex.prefix(min(max(shared + 1, floor), AssetID.length)))
            }
        }
        return result
    }
}
