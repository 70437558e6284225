import PhotoCatalog

/// The part of a query's results a browser holds: a run of assets around what is on screen,
/// with the position of the first in the whole order, read page by page with keyset queries
/// (never the whole catalog, never an OFFSET).
///
/// Positions are exact while moving from the first or the last page; another process adding
/// or removing assets meanwhile can shift them by that many until the next Home or End, or
/// until the window reaches either end, where they are set right again.
final class AssetWindow {
    let catalog: any Catalog
    private(set) var query = AssetQuery()
    /// How many assets the query matches.
    private(set) var total = 0
    /// The position of `assets[0]` in the whole order.
    private(set) var start = 0
    private(set) var assets: [Asset] = []
    /// The asset just before `assets[0]`, when known: a reload starts after it.
    private var beforeStart: Asset?
    /// Rows read at a time, at least: a screenful.
    var pageSize = 60
    /// Holding a list given whole (`show`: the groups of `browse --similar`, worked out up
    /// front) rather than a query's pages: nothing is read, its owner gives it again.
    private(set) var isFixed = false

    init(catalog: any Catalog) {
        self.catalog = catalog
    }

    /// Shows `query` from its first asset (or its last).
    func open(_ query: AssetQuery, atEnd: Bool = false) throws {
        isFixed = false
        self.query = query
        total = try catalog.count(matching: query)
        try jump(toEnd: atEnd)
    }

    /// Shows `list` as it is, all of it held.
    func show(_ list: [Asset]) {
        isFixed = true
        assets = list
        total = list.count
        start = 0
        beforeStart = nil
    }

    /// Goes to the first page (or the last), whatever is loaded.
    func jump(toEnd: Bool) throws {
        guard !isFixed else { return }
        assets = try catalog.assets(matching: query, at: toEnd ? .last : .first, limit: pageSize * 2)
        beforeStart = nil
        start = toEnd ? max(0, total - assets.count) : 0
        if assets.count < pageSize * 2 { total = assets.count }
    }

    /// The asset at `position`, when loaded.
    func asset(at position: Int) -> Asset? {
        let index = position - start
        return assets.indices.contains(index) ? assets[index] : nil
    }

    /// The position of the asset with this id, when loaded.
    func position(of id: AssetID) -> Int? {
        assets.firstIndex { $0.id == id }.map { $0 + start }
    }

    /// Reads whatever of `range` is not loaded yet (clamped to the results), extending the
    /// window page by page, and lets go of assets far from it.
    func load(_ range: Range<Int>) throws {
        let wanted = max(0, range.lowerBound)..<min(total, range.upperBound)
        guard !wanted.isEmpty, !isFixed else { return }
        if assets.isEmpty { try jump(toEnd: wanted.lowerBound > total / 2) }
        while wanted.lowerBound < start, let first = assets.first {
            let limit = max(pageSize, start - wanted.lowerBound)
            let earlier = try catalog.assets(matching: query, at: .before(first), limit: limit)
            assets.insert(contentsOf: earlier, at: 0)
            beforeStart = nil
            if earlier.count < limit {
                // The beginning: whatever position was believed, this is 0.
                start = 0
                break
            }
            start -= earlier.count
        }
        while wanted.upperBound > start + assets.count, let last = assets.last {
            let limit = max(pageSize, wanted.upperBound - start - assets.count)
            let later = try catalog.assets(matching: query, at: .after(last), limit: limit)
            assets += later
            if later.count < limit {
                total = start + assets.count
                break
            }
        }
        trim(keeping: wanted)
    }

    /// Reads the count and the loaded assets again (after an action here, or a change made
    /// by another process), keeping the window where it is.
    func reload() throws {
        guard !isFixed else { return }
        total = try catalog.count(matching: query)
        let limit = max(assets.count, pageSize)
        if start > 0, beforeStart == nil, let first = assets.first {
            beforeStart = try catalog.assets(matching: query, at: .before(first), limit: 1).first
            if beforeStart == nil { start = 0 }
        }
        let position: AssetPagePosition = start > 0 ? beforeStart.map { .after($0) } ?? .first : .first
        assets = try catalog.assets(matching: query, at: position, limit: limit)
        if assets.count < limit {
            start = max(0, total - assets.count)
        }
    }

    /// Keeps at most four pages around `range`.
    private func trim(keeping range: Range<Int>) {
        let keep = pageSize * 4
        guard assets.count > keep else { return }
        let center = (range.lowerBound + range.upperBound) / 2 - start
        let from = min(max(0, center - keep / 2), assets.count - keep)
        if from > 0 {
            beforeStart = assets[from - 1]
            start += from
        }
        assets = Array(assets[from..<(from + keep)])
    }
}
