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
        let text = cells.map { row in
            columns.indices.map { index in index < row.count ? Self.sanitized(row[index]) : "" }
        }
        guard !text.isEmpty else { return [] }
        let cellWidths = text.map { $0.map(DisplayWidth.of) }
        var widths = columns.indices.map { index in cellWidths.map { $0[index] }.max() ?? 0 }
        if let maximumWidth {
            var excess = widths.reduce(0, +) + DisplayWidth.of(columnSeparator) * (columns.count - 1) - maximumWidth
            let order = shrinkOrder + (flexibleColumn.map { [($0, minimumFlexibleWidth)] } ?? [])
            for (index, least) in order where excess > 0 && columns.indices.contains(index) {
                let header = showsHeader ? DisplayWidth.of(columns[index].header) : 0
                let floor = min(widths[index], max(least, minimumFlexibleWidth, header))
                let given = min(excess, widths[index] - floor)
                widths[index] -= given
                excess -= given
            }
        }
        let spaces = (0...(widths.max() ?? 0)).map { String(repeating: " ", count: $0) }
        return zip(text, cellWidths).map { row, rowWidths in
            var line = ""
            for index in row.indices {
                if index > 0 { line += columnSeparator }
                var cell = row[index]
                var width = rowWidths[index]
                if width > widths[index] {
                    cell =
                        columns[index].cut == .middle
                        ? DisplayWidth.truncateMiddle(cell, to: widths[index])
                        : DisplayWidth.truncate(cell, to: widths[index])
                    width = DisplayWidth.of(cell)
                }
                let padding = spaces[max(0, widths[index] - width)]
                if columns[index].alignment == .right {
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

    /// `text` with every control character (C0, DEL, C1) replaced by a space.
    static func sanitized(_ text: String) -> String { DisplayWidth.sanitized(text) }
}
