import PhotoCatalog
import PhotoLibrary

/// `browse --similar` and `pick --similar`: the groups `photolib similar` finds, worked out
/// once when the session starts (a few seconds at most for a large library, as `similar`
/// takes), each shown as one cell, the member to keep, that opens into its members.
///
/// Only the members are held, read again by id when the catalog changes: a member deleted or
/// gone missing leaves its group, the next member becomes the cell, and a group left with one
/// member shows it without a count.
struct SimilarStacks {
    struct Group {
        /// The member to keep first, then the others nearest first (`SimilarGroup.members`).
        var ids: [AssetID]
        var distances: [AssetID: Int]
        var isBurst: Bool
    }

    let groups: [Group]
    /// The members as last read, those trashed or missing left out.
    private(set) var shown: [AssetID: Asset] = [:]
    /// The group each cell (the first member shown of its group) stands for.
    private(set) var groupOfCell: [AssetID: Int] = [:]

    init(_ found: [SimilarGroup]) {
        groups = found.map { group in
            Group(
                ids: group.members.map(\.asset.id),
                distances: Dictionary(group.members.map { ($0.asset.id, $0.distance) }) { first, _ in first },
                isBurst: group.isBurst)
        }
        update(found.flatMap { $0.members.map(\.asset) })
    }

    /// Reads every member again.
    mutating func read(from catalog: any Catalog) throws {
        update(try catalog.assets(ids: groups.flatMap(\.ids)))
    }

    private mutating func update(_ assets: [Asset]) {
        shown = Dictionary(assets.filter { !$0.trashed && !$0.missing }.map { ($0.id, $0) }) { first, _ in first }
        groupOfCell = [:]
        for (index, group) in groups.enumerated() {
            if let first = group.ids.first(where: { shown[$0] != nil }) { groupOfCell[first] = index }
        }
    }

    /// One cell per group that has a member left, in the groups' order.
    var cells: [Asset] {
        groups.compactMap { group in group.ids.lazy.compactMap { shown[$0] }.first }
    }

    /// The members of group `index` still shown, the one to keep first.
    func members(_ index: Int) -> [Asset] {
        groups[index].ids.compactMap { shown[$0] }
    }

    /// The group whose cell `asset` is.
    func group(ofCell asset: Asset) -> Int? { groupOfCell[asset.id] }

    /// `≈3` for three alike, `⧉3` for three frames of a burst; nil for a group of one.
    func badge(ofCell asset: Asset) -> String? {
        guard let index = group(ofCell: asset) else { return nil }
        let count = members(index).count
        return count > 1 ? (groups[index].isBurst ? "⧉" : "≈") + String(count) : nil
    }

    /// How far `asset`'s fingerprint is from the kept member's, in group `index`.
    func distance(of asset: Asset, in index: Int) -> Int? { groups[index].distances[asset.id] }
}
