import PhotoCatalog

/// Cells that stand for several assets and open in place with `b` (`b` or Esc closes them):
/// a burst (its first frame by path that the filters let through,
/// `AssetQuery.oneFramePerBurst`, so that paging stays keyset queries of the catalog), and in
/// `--similar` a group of alike photos (`SimilarStacks`).
extension Browser {
    /// A burst or group opened in place: its members, and where the grid was.
    struct OpenBurst {
        /// The burst's id, or nil for a group of `--similar`.
        let id: String?
        /// The group of `--similar` open.
        let group: Int?
        let window: AssetWindow
        let gridCursor: Int
        let gridTop: Int
    }

    /// The mark drawn on a cell that stands for several assets (`⧉3`: a burst of three
    /// frames, read by `countBurstsOnScreen`; `≈3`: three alike); nil for any other asset, and
    /// inside an open one.
    func badge(of asset: Asset) -> String? {
        guard openBurst == nil else { return nil }
        if let similar { return similar.badge(ofCell: asset) }
        guard let burst = asset.metadata.burstId, let size = burstSizes[burst], size > 1 else { return nil }
        return "⧉" + String(size)
    }

    /// Counts the frames of each burst on screen (and the next screenful), once per burst
    /// until the results are read again: one indexed count per burst, never the library.
    func countBurstsOnScreen() throws {
        guard openBurst == nil, similar == nil else { return }
        for position in top..<(top + 2 * layout.cellsPerPage) {
            guard let asset = window.asset(at: position) else { continue }
            guard let burst = asset.metadata.burstId, burstSizes[burst] == nil else { continue }
            burstSizes[burst] = try catalog.count(matching: framesQuery(burst))
        }
    }

    /// `b`: opens the burst or group under the cursor, or closes the open one.
    func toggleBurst() throws {
        if openBurst != nil { return try closeBurst() }
        guard let asset = window.asset(at: cursor) else { return }
        let members = AssetWindow(catalog: catalog)
        members.pageSize = gridWindow.pageSize
        var group: Int?
        if let similar {
            group = similar.group(ofCell: asset)
            members.show(group.map(similar.members) ?? [])
        } else if let burst = asset.metadata.burstId {
            try members.open(framesQuery(burst))
        }
        guard members.total > 1 else {
            show(
                similar != nil
                    ? "alone in its group now"
                    : asset.metadata.burstId == nil ? "not a burst" : "the only frame of its burst shown here")
            return
        }
        openBurst = OpenBurst(
            id: group == nil ? asset.metadata.burstId : nil, group: group, window: members, gridCursor: cursor,
            gridTop: top)
        // The cursor on the member that stood for them (a burst's first frame by path is not
        // always its first in the sort's order).
        cursor = members.position(of: asset.id) ?? 0
        top = 0
        scrollToCursor()
    }

    /// Back to the grid where it was, read again (a member may have been deleted meanwhile).
    func closeBurst() throws {
        guard let open = openBurst else { return }
        openBurst = nil
        if let id = open.id { burstSizes[id] = nil }
        if similar != nil { try readSimilar() } else { try gridWindow.reload() }
        cursor = open.gridCursor
        top = open.gridTop
        clampCursor()
    }

    /// `--similar`: the groups' members read again, the cells and the open group shown anew.
    func readSimilar() throws {
        guard var stacks = similar else { return }
        try stacks.read(from: catalog)
        similar = stacks
        gridWindow.show(stacks.cells)
        if let open = openBurst, let group = open.group {
            open.window.show(stacks.members(group))
            if open.window.total == 0 { try closeBurst() }
        }
    }

    /// The status line's words for what is open, or for the cell under the cursor.
    func stackHint() -> String? {
        if let open = openBurst {
            let asset = window.asset(at: cursor)
            if let group = open.group, let similar {
                let distance = asset.flatMap { similar.distance(of: $0, in: group) }.map { ", distance \($0)" } ?? ""
                let what = similar.groups[group].isBurst ? "burst of" : "alike:"
                return "\(what) \(window.total)\(distance)" + (mode == .grid ? "  b/Esc close" : "")
            }
            return "burst of \(window.total)" + (mode == .grid ? "  b/Esc close" : "")
        }
        guard mode == .grid, let asset = window.asset(at: cursor), badge(of: asset) != nil else { return nil }
        return "b open"
    }

    /// The frames of `burst` among the results of the tab and the filters.
    private func framesQuery(_ burst: String) -> AssetQuery {
        var query = currentQuery()
        query.oneFramePerBurst = false
        query.burstId = burst
        return query
    }
}
