import Foundation

/// The size of the terminal a command draws on: character cells and, when the terminal
/// says, the pixels of one cell (which pictures need to keep their shape).
struct TerminalSize: Sendable, Equatable {
    var columns: Int
    var rows: Int
    var cellWidth: Int?
    var cellHeight: Int?

    /// What a command assumes when nothing says otherwise.
    static let standard = TerminalSize(columns: 80, rows: 24)

    init(columns: Int, rows: Int, cellWidth: Int? = nil, cellHeight: Int? = nil) {
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
    }

    /// The pixel size of a cell, when known.
    var cell: (width: Int, height: Int)? {
        guard let cellWidth, let cellHeight else { return nil }
        return (cellWidth, cellHeight)
    }

    /// The size of the terminal on `descriptor`; when it is none, `$COLUMNS` and `$LINES`
    /// from `environment`, else 80x24.
    static func of(descriptor: Int32, environment: [String: String]) -> TerminalSize {
        func positive(_ name: String) -> Int? { environment[name].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return TerminalSize(columns: positive("COLUMNS") ?? 80, rows: positive("LINES") ?? 24)
        }
        let columns = Int(size.ws_col)
        guard size.ws_row > 0 else { return TerminalSize(columns: columns, rows: positive("LINES") ?? 24) }
        let rows = Int(size.ws_row)
        let hasPixels = size.ws_xpixel > 0 && size.ws_ypixel > 0
        return TerminalSize(
            columns: columns, rows: rows,
            cellWidth: hasPixels ? Int(size.ws_xpixel) / columns : nil,
            cellHeight: hasPixels ? Int(size.ws_ypixel) / rows : nil)
    }
}
