/// Where a page of a query's results lies, for `Catalog.assets(matching:at:limit:)`.
///
/// Pages are found from a neighbouring asset rather than from a row number (keyset paging):
/// a browser scrolling through 100,000 photos asks for "the 60 after this one", which an index
/// answers at once, where "the 60 after the first 99,000" would walk 99,000 rows. The anchor is
/// an asset the caller holds; the store places it by its current sort values (so an asset
/// whose city changed under a city sort is placed where it now is), and by the values the
/// caller holds when it is no longer in the catalog.
public enum AssetPagePosition: Sendable, Equatable {
    /// The first assets of the query's order.
    case first
    /// The last assets of the query's order.
    case last
    /// The assets right after this one in the query's order (it is not included).
    case after(Asset)
    /// The assets right before this one in the query's order (it is not included), still
    /// returned in the query's order.
    case before(Asset)
}

extension Catalog {
    /// A fallback for stores without a paged query of their own: reads every matching asset
    /// and cuts the page out. As slow as `assets(matching:)`, and an anchor no longer in the
    /// results gives an empty page; a store should answer with a query of its own (SQLite does).
    public func pageByReadingAll(
        _ query: AssetQuery, at position: AssetPagePosition, limit: Int
    ) throws -> [Asset] {
        var all = query
        all.limit = nil
        let assets = try self.assets(matching: all)
        let limit = max(0, limit)
        switch position {
        case .first:
            return Array(assets.prefix(limit))
        case .last:
            return Array(assets.suffix(limit))
        case .after(let anchor):
            guard let index = assets.firstIndex(where: { $0.id == anchor.id }) else { return [] }
            return Array(assets[(index + 1)...].prefix(limit))
        case .before(let anchor):
            guard let index = assets.firstIndex(where: { $0.id == anchor.id }) else { return [] }
            return Array(assets[..<index].suffix(limit))
        }
    }
}

extension Catalog {
    /// Stores that cannot tell answer nil: callers read again on a timer.
    public func externalChangeStamp() throws -> Int64? { nil }
}
