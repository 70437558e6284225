/// Where things go on a terminal of a given size: the tab bar on the first row, the status
/// line on the last, and between them a grid of cells, each a picture with a caption under it.
///
/// Cells are about 20 columns wide (as many columns as fit), the picture two columns
/// narrower and a third as tall as it is wide (a 3:2 photo in cells twice as tall as wide),
/// or a row less when that fits one more row of cells, then a caption row and a blank row.
struct GridLayout: Equatable {
    let columns: Int
    let rows: Int
    let gridColumns: Int
    let gridRows: Int
    let cellWidth: Int
    let cellHeight: Int
    let pictureColumns: Int
    let pictureRows: Int

    /// The narrowest cell.
    static let minimumCellWidth = 20
    /// The first grid row (below the tab bar).
    static let gridTop = 1

    init(columns: Int, rows: Int, showsPictures: Bool = true) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        let available = max(1, self.rows - 2)
        gridColumns = max(1, self.columns / Self.minimumCellWidth)
        cellWidth = max(1, self.columns / gridColumns)
        pictureColumns = max(1, cellWidth - 2)
        let wanted = showsPictures ? max(2, (pictureColumns + 1) / 3) : 0
        // One row shorter when that fits another row of cells (12 photos instead of 8 at 80x24).
        let candidates = [wanted, wanted - 1].filter { $0 >= 0 }.map { rows in
            // Never taller than the grid area, so that one row of cells always fits.
            let pictureRows = min(rows, max(0, available - 2))
            let cellHeight = pictureRows + (available >= pictureRows + 2 ? 2 : 1)
            return (pictureRows: pictureRows, cellHeight: cellHeight, gridRows: max(1, available / cellHeight))
        }
        let best = candidates.max { $0.gridRows < $1.gridRows } ?? candidates[0]
        pictureRows = best.pictureRows
        cellHeight = best.cellHeight
        gridRows = best.gridRows
    }

    var cellsPerPage: Int { gridColumns * gridRows }

    /// The row of the status line.
    var statusRow: Int { rows - 1 }

    /// Too small to show anything useful: a message instead.
    var isTooSmall: Bool { columns < 20 || rows < 5 }

    /// The screen row and column of the top-left corner of the cell at `slot` (0 is top left of the screen's page).
    func origin(ofSlot slot: Int) -> (row: Int, column: Int) {
        (Self.gridTop + (slot / gridColumns) * cellHeight, (slot % gridColumns) * cellWidth)
    }

    /// The slot under a screen position, if any.
    func slot(atRow row: Int, column: Int) -> Int? {
        guard row >= Self.gridTop, column >= 0, column < gridColumns * cellWidth else { return nil }
        let gridRow = (row - Self.gridTop) / cellHeight
        guard gridRow < gridRows else { return nil }
        return gridRow * gridColumns + column / cellWidth
    }
}
