extension SQLiteCatalog {
    /// Ids starting with `prefix` (any case), in id order (`SQLRunner.ids(withPrefix:limit:)`).
    public func ids(withPrefix prefix: String, limit: Int) throws -> [AssetID] {
        try runner.ids(withPrefix: prefix, limit: limit)
    }

    /// The smallest text above every id that starts with `prefix`: the prefix with its last
    /// character's code raised by one. In ASCII '9' + 1 is ':' (below 'a') and 'f' + 1 is 'g',
    /// so the range `prefix <= id < bound` holds exactly the ids with that prefix, and the
    /// primary-key index answers it as one range scan.
    package static func prefixUpperBound(_ prefix: String) -> String {
        var bytes = Array(prefix.utf8)
        bytes[bytes.count - 1] += 1
        return String(decoding: bytes, as: UTF8.self)
    }

    /// For each id, the shortest prefix of at least `minimumLength` digits that no other
    /// asset's id shares.
    ///
    /// Only an id's two neighbours in id order can share the longest prefix with it, so each
    /// id costs two lookups in the primary-key index, whatever the size of the catalog.
    public func shortIDs(for ids: [AssetID], minimumLength: Int) throws -> [AssetID: String] {
        let below = try database.cachedStatement("SELECT id FROM assets WHERE id < ? ORDER BY id DESC LIMIT 1")
        let above = try database.cachedStatement("SELECT id FROM assets WHERE id > ? ORDER BY id LIMIT 1")
        var result: [AssetID: String] = [:]
        for id in ids where result[id] == nil {
            let neighbours = try [below, above].map { try $0.firstRow([.text(id.hex)], { $0.text(at: 0) }) }
            result[id] = Self.shortID(id, neighbours: neighbours, minimumLength: minimumLength)
        }
        return result
    }

    /// The shortest prefix of `id`, at least `minimumLength` digits, that its neighbours in
    /// id order (the ids just below and just above it, if any) do not share.
    package static func shortID(_ id: AssetID, neighbours: [String?], minimumLength: Int) -> String {
        let floor = min(max(minimumLength, 1), AssetID.length)
        let shared = neighbours.reduce(0) { shared, other in
            other.map { max(shared, commonPrefixLength(id.hex, $0)) } ?? shared
        }
        let length = min(max(shared + 1, floor), AssetID.length)
        return String(id.hex.prefix(length))
    }

    private static func commonPrefixLength(_ first: String, _ second: String) -> Int {
        zip(first.utf8, second.utf8).prefix { $0 == $1 }.count
    }
}
