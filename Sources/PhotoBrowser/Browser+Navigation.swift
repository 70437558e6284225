import PhotoCatalog
import PhotoLibrary

extension Browser {
    /// The start of the grid row that holds `position`.
    func rowStart(_ position: Int) -> Int {
        max(0, position - position % layout.gridColumns)
    }

    func move(by offset: Int) {
        guard window.total > 0 else { return }
        cursor = min(max(0, cursor + offset), window.total - 1)
        scrollToCursor()
    }

    /// A screenful at a time: the view and the cursor move together.
    func page(by pages: Int) {
        guard window.total > 0 else { return }
        let step = layout.cellsPerPage * pages
        let lastTop = max(0, rowStart(window.total - 1) - (layout.gridRows - 1) * layout.gridColumns)
        top = min(max(0, top + step), lastTop)
        cursor = min(max(0, cursor + step), window.total - 1)
        scrollToCursor()
    }

    /// Home and End: straight to the first or last page, read as such (no walk through the middle).
    func jump(toEnd: Bool) throws {
        try window.jump(toEnd: toEnd)
        guard window.total > 0 else { return }
        cursor = toEnd ? window.total - 1 : 0
        top = toEnd ? max(0, rowStart(cursor) - (layout.gridRows - 1) * layout.gridColumns) : 0
    }

    /// Keeps the cursor's row on screen, scrolling as little as possible.
    func scrollToCursor() {
        if cursor < top { top = rowStart(cursor) }
        if cursor >= top + layout.cellsPerPage {
            top = max(0, rowStart(cursor) - (layout.gridRows - 1) * layout.gridColumns)
        }
        top = rowStart(top)
    }

    /// After the results changed under the cursor: keeps it within them.
    func clampCursor() {
        guard window.total > 0 else {
            cursor = 0
            top = 0
            return
        }
        cursor = min(max(0, cursor), window.total - 1)
        scrollToCursor()
    }

    /// Another collection, or another filter: its results from the start.
    func reopen() throws {
        filterChanged = false
        openBurst = nil
        burstSizes = [:]
        try gridWindow.open(currentQuery())
        cursor = 0
        top = 0
    }

    /// The typed filter changed since the results were read: read them now.
    func reopenIfNeeded() throws {
        guard filterChanged else { return }
        filterChanged = false
        try reopen()
    }

    func switchTab(by offset: Int) throws {
        tabs.step(offset)
        try reopen()
    }

    /// `pick --multi`: marks the asset under the cursor, or unmarks it.
    func toggleMark() {
        guard let asset = window.asset(at: cursor) else { return }
        if let index = marked.firstIndex(where: { $0.id == asset.id }) {
            marked.remove(at: index)
        } else {
            marked.append(asset)
        }
    }

    func scrollDetail(by rows: Int) {
        guard let asset = detailAsset else { return }
        let view = DetailView(
            asset: asset, facts: presentation.facts(asset), details: details(of: asset, width: layout.columns - 1),
            picture: options.method == nil ? .none : .pending, spinner: "", failure: nil, scroll: 0)
        let limit = max(0, view.documentRows(columns: layout.columns, rows: layout.rows) - (layout.rows - 1))
        detailScroll = min(max(0, detailScroll + rows), limit)
    }
}
