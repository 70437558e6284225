/// Rows of text laid out in aligned columns, padded by display width (so CJK text and
/// emoji line up), fitted to the terminal: the shrinkable columns give way in their order
/// (paths cut in the middle, `2016/…/lighthouse.jpg`, text at its end), and a line still too
/// wide is cut at the edge, so that no row ever wraps.
///
/// Control characters in cells (a newline in a caption, a tab, an escape) become spaces,
/// so that one row stays one line and no cell can drive the terminal.
struct TableRenderer: Sendable {
    enum Alignment: Sendable {
        case left, right
    }

    /// Where a cell too wide for its column loses characters.
    enum Cut: Sendable {
        /// At the end: "Lovely piece of…".
        case end
        /// In the middle, keeping the file name: "2016/…/lighthouse.jpg".
        case middle
        /// A path: its last folder and its name kept whole when they fit ("…/day three/lighthouse.jpg"),
        /// else cut in the middle as `middle` is.
        case path
    }

    struct Column: Sendable {
        var header: String
        var alignment: Alignment = .left
        var cut: Cut = .end

        init(_ header: String, alignment: Alignment = .left, cut: Cut = .end) {
            self.header = header
            self.alignment = alignment
            self.cut = cut
        }
    }

    var columns: [Column]
    var rows: [[String]] = []
    /// The index of the column that shrinks when the table is too wide (a caption, a path),
    /// after those of `shrinkOrder`.
    var flexibleColumn: Int?
    /// Columns that give way first, in this order, each down to its floor (or its header,
    /// or `minimumFlexibleWidth`, whichever is wider); a column may come back with a lower
    /// floor, so that all give some before any gives all.
    var shrinkOrder: [(column: Int, floor: Int)] = []
    var showsHeader = true
    var columnSeparator = "  "
    /// The flexible column never shrinks below this many columns (or its header).
    var minimumFlexibleWidth = 8
    /// Columns left out whole, in this order, while `keptColumn` would otherwise be narrower
    /// than `keptWidth` (or its widest cell): at 80 columns a path is worth more than a caption.
    var droppable: [Int] = []
    var keptColumn: Int?
    var keptWidth = 0

    init(columns: [Column], flexibleColumn: Int? = nil) {
        self.columns = columns
        self.flexibleColumn = flexibleColumn
    }

    /// Adds a row; missing cells are empty, extra ones ignored.
    mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table as lines, each ending in a newline; `maximumWidth` nil means no limit
    /// (output to a pipe or file keeps every character).
    func render(maximumWidth: Int? = nil) -> String {
        lines(maximumWidth: maximumWidth).map { $0 + "\n" }.joined()
    }

    /// The table's lines, without newlines and without trailing spaces.
    func lines(maximumWidth: Int? = nil) -> [String] {
        let cells = (showsHeader ? [columns.map(\.header)] : []) + rows
        let all = cells.map { row in
            columns.indices.map { index in index < row.count ? Self.sanitized(row[index]) : "" }
        }
        guard !all.isEmpty else { return [] }
        let allWidths = all.map { $0.map(DisplayWidth.of) }
        var shown = Array(columns.indices)
        var widths = fitted(shown, cellWidths: allWidths, maximumWidth: maximumWidth)
        for column in droppable {
            guard let kept = keptColumn, let keptAt = shown.firstIndex(of: kept), let at = shown.firstIndex(of: column)
            else { break }
            let natural = allWidths.map { $0[kept] }.max() ?? 0
            guard widths[keptAt] < min(natural, keptWidth) else { break }
            shown.remove(at: at)
            widths = fitted(shown, cellWidths: allWidths, maximumWidth: maximumWidth)
        }
        let text = all.map { row in shown.map { row[$0] } }
        let cellWidths = allWidths.map { row in shown.map { row[$0] } }
        let shownColumns = shown.map { columns[$0] }
        let spaces = (0...(widths.max() ?? 0)).map { String(repeating: " ", count: $0) }
        return zip(text, cellWidths).map { row, rowWidths in
            var line = ""
            for index in row.indices {
                if index > 0 { line += columnSeparator }
                var cell = row[index]
                var width = rowWidths[index]
                if width > widths[index] {
                    switch shownColumns[index].cut {
                    case .middle: cell = DisplayWidth.truncateMiddle(cell, to: widths[index])
                    case .path: cell = Self.cutPath(cell, to: widths[index])
                    case .end: cell = DisplayWidth.truncate(cell, to: widths[index])
                    }
                    width = DisplayWidth.of(cell)
                }
                let padding = spaces[max(0, widths[index] - width)]
                if shownColumns[index].alignment == .right {
                    line += padding
                    line += cell
                } else {
                    line += cell
                    line += padding
                }
            }
            while line.utf8.last == UInt8(ascii: " ") { line.removeLast() }
            // Narrower than even the columns' floors: cut the line rather than let it wrap.
            if let maximumWidth, DisplayWidth.of(line) > maximumWidth {
                line = DisplayWidth.truncate(line, to: maximumWidth)
            }
            return line
        }
    }

    /// The widths of the columns `shown` (indices into `columns`), the shrinkable ones giving
    /// way in their order until the line fits `maximumWidth`.
    private func fitted(_ shown: [Int], cellWidths: [[Int]], maximumWidth: Int?) -> [Int] {
        var widths = shown.map { index in cellWidths.map { $0[index] }.max() ?? 0 }
        guard let maximumWidth else { return widths }
        var excess = widths.reduce(0, +) + DisplayWidth.of(columnSeparator) * (shown.count - 1) - maximumWidth
        let order = shrinkOrder + (flexibleColumn.map { [($0, minimumFlexibleWidth)] } ?? [])
        for (column, least) in order where excess > 0 {
            guard let index = shown.firstIndex(of: column) else { continue }
            let header = showsHeader ? DisplayWidth.of(columns[column].header) : 0
            let floor = min(widths[index], max(least, minimumFlexibleWidth, header))
            let given = min(excess, widths[index] - floor)
            widths[index] -= given
            excess -= given
        }
        return widths
    }

    /// A path cut to `width`: "…/" and its last folder and name; else as much of its start as
    /// fits, "…" and its name whole ("2016/a long…/lighthouse.jpg"); else cut in the middle.
    static func cutPath(_ path: String, to width: Int) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 2 {
            let tail = "…/" + parts.suffix(2).joined(separator: "/")
            if DisplayWidth.of(tail) <= width { return tail }
        }
        if parts.count > 1, let name = parts.last {
            let tail = "/" + name
            let room = width - DisplayWidth.of(tail)
            if room >= 2 {
                let head = DisplayWidth.truncate(String(path.dropLast(tail.count)), to: room)
                return head + tail
            }
        }
        return DisplayWidth.truncateMiddle(path, to: width)
    }

    /// `text` with every control character (C0, DEL, C1) replaced by a space.
    static func sanitized(_ text: String) -> String { DisplayWidth.sanitized(text) }
}
