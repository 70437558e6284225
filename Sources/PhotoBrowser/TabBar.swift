import PhotoCatalog
import PhotoTerminal

/// The first row: the collections as tabs, the shown one in reverse, scrolled sideways so that
/// it is always on screen (‹ and › say that more are off the edges).
struct TabBar {
    let tabs: CollectionTabs

    /// A tab as shown: its title and count.
    static func label(_ tab: CollectionCount) -> String {
        "\(DisplayWidth.sanitized(tab.collection.title)) \(tab.count)"
    }

    /// The screen columns each tab's label covers, for mouse clicks, and the row itself.
    func compose(width: Int) -> (line: ScreenLine, spans: [(range: Range<Int>, index: Int)]) {
        let labels = tabs.tabs.map { " " + Self.label($0) + " " }
        let widths = labels.map(DisplayWidth.of)
        // The first tab shown: far enough right that the selected one fits with a margin.
        var first = 0
        func span(_ from: Int, _ through: Int) -> Int {
            (from...through).reduce(0) { $0 + widths[$1] + 1 } + (from > 0 ? 2 : 0) + 2
        }
        while first < tabs.selected, span(first, tabs.selected) > width { first += 1 }
        var line = ScreenLine(width: width)
        var spans: [(Range<Int>, Int)] = []
        if first > 0 { line.text("‹ ", TextStyle(dim: true)) }
        for index in first..<labels.count {
            if line.column + widths[index] + 2 > width, index > tabs.selected {
                line.pad(to: width - 1)
                line.text("›", TextStyle(dim: true))
                break
            }
            let start = line.column
            line.text(labels[index], index == tabs.selected ? TextStyle(bold: true, reverse: true) : .plain)
            spans.append((start..<line.column, index))
            if index < labels.count - 1 { line.text("│", TextStyle(dim: true)) }
        }
        return (line, spans)
    }
}

/// The last row: where the cursor is, what the keys do, and the latest message or question.
struct StatusLine {
    var position: String
    var hints: String
    var message: String?
    var messageStyle: TextStyle = .plain

    func compose(width: Int) -> ScreenLine {
        var line = ScreenLine(width: width)
        if let message {
            line.text(" " + message + " ", messageStyle)
            line.text(" ")
        }
        line.text(" \(position) ", TextStyle(bold: true))
        line.text(" " + hints, TextStyle(dim: true))
        return line
    }
}
