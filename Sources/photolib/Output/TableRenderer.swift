/// Rows of text laid out in aligned columns, padded by display width (so CJK text and
/// emoji line up), with one flexible column cut short with "…" to fit the terminal.
///
/// Control characters in cells (a newline in a caption, a tab, an escape) become spaces,
/// so that one row stays one line and no cell can drive the terminal.
struct TableRenderer: Sendable {
    enum Alignment: Sendable {
        case left, right
    }

    struct Column: Sendable {
        var header: String
        var alignment: Alignment = .left

        init(_ header: String, alignment: Alignment = .left) {
            self.header = header
            self.alignment = alignment
        }
    }

    var columns: [Column]
    var rows: [[String]] = []
    /// The index of the column that shrinks when the table is too wide (a caption, a path).
    var flexibleColumn: Int?
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
        if let maximumWidth, let flexible = flexibleColumn, columns.indices.contains(flexible) {
            let total = widths.reduce(0, +) + DisplayWidth.of(columnSeparator) * (columns.count - 1)
            if total > maximumWidth {
                let header = showsHeader ? DisplayWidth.of(columns[flexible].header) : 0
                let floor = min(widths[flexible], max(minimumFlexibleWidth, header))
                widths[flexible] = max(floor, widths[flexible] - (total - maximumWidth))
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
                    cell = DisplayWidth.truncate(cell, to: widths[index])
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
            return line
        }
    }

    /// `text` with every control character (C0, DEL, C1) replaced by a space.
    static func sanitized(_ text: String) -> String { DisplayWidth.sanitized(text) }
}
