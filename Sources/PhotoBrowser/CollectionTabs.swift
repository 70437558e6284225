import Foundation
import PhotoCatalog

/// The segmented control: every collection the catalog has (All, Favourites, Liked, each
/// city, each year, Recently Added, Recently Popped, Trash, and whatever kinds it grows),
/// with counts, and the one shown.
struct CollectionTabs {
    private(set) var tabs: [CollectionCount] = [CollectionCount(.all, 0)]
    private(set) var selected = 0

    var current: AssetCollection { tabs[selected].collection }

    init() {}

    /// One tab, before the catalog is asked for the others (and their counts).
    init(showing collection: AssetCollection) {
        tabs = [CollectionCount(collection, 0)]
    }

    /// Reads the collections again, keeping the one shown (All when it is gone).
    mutating func refresh(from catalog: any Catalog, now: Date) throws {
        let shown = current
        tabs = try catalog.collections(now: now)
        if tabs.isEmpty { tabs = [CollectionCount(.all, 0)] }
        selected = tabs.firstIndex { $0.collection == shown } ?? 0
    }

    /// Shows `collection` when the catalog has it (a city with no photo yet has no tab).
    mutating func select(_ collection: AssetCollection) -> Bool {
        guard let index = tabs.firstIndex(where: { $0.collection == collection }) else { return false }
        selected = index
        return true
    }

    /// Shows the tab at `index` (0-based); false when there is none.
    mutating func select(index: Int) -> Bool {
        guard tabs.indices.contains(index) else { return false }
        selected = index
        return true
    }

    /// The next tab (or the previous), wrapping around.
    mutating func step(_ offset: Int) {
        selected = ((selected + offset) % tabs.count + tabs.count) % tabs.count
    }
}
