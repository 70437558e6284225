/// What a terminal shows after the bytes a program wrote to it: a small VT emulator that
/// knows the sequences photolib's browser writes (and a little more), for tests that read
/// the screen as a person would, and for the browse benchmark.
///
/// Cursor addressing and movement, erasing, line wrap on and off, the alternate screen, and
/// the private modes (kept, so that a test can say whether the cursor is visible or the mouse
/// still reported); colours are ignored except reverse video, which marks the selection.
/// Every character takes one cell (the tests' captions are narrow text). OSC, DCS and APC
/// strings (pixel pictures) are skipped.
struct ScreenModel {
    private(set) var columns: Int
    private(set) var rows: Int
    /// The main screen and the alternate one, changed in place (a copy per character would
    /// make parsing a 200x60 frame take as long as drawing it).
    private var buffers: [[[Cell]]]
    private(set) var onAlternateScreen = false
    private(set) var cursor = (row: 0, column: 0)
    private var savedCursor = (row: 0, column: 0)
    /// DEC private modes set with `CSI ? n h` and not reset since (25 is set at start: the
    /// cursor is visible; 7 too: lines wrap).
    private(set) var privateModes: Set<Int> = [25, 7]
    private var reverse = false
    private var pending: [UInt8] = []

    struct Cell: Equatable {
        var character: Character = " "
        var reverse = false
    }

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        buffers = [Self.blank(columns: columns, rows: rows), Self.blank(columns: columns, rows: rows)]
    }

    private static func blank(columns: Int, rows: Int) -> [[Cell]] {
        Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    private var active: Int { onAlternateScreen ? 1 : 0 }

    private var cells: [[Cell]] { buffers[active] }

    /// The screen's rows as text, trailing spaces removed.
    var lines: [String] {
        cells.map { row in
            var line = String(row.map(\.character))
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    var text: String { lines.joined(separator: "\n") }

    /// The text of row `row` shown in reverse video (the selected cell's caption, a tab).
    func reversedText(row: Int) -> String {
        var text = Substring(String(cells[row].filter(\.reverse).map(\.character)))
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }

    var cursorVisible: Bool { privateModes.contains(25) }
    var mouseReported: Bool { privateModes.contains(1000) || privateModes.contains(1006) }

    mutating func resize(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        func fit(_ screen: [[Cell]]) -> [[Cell]] {
            (0..<rows).map { row in
                (0..<columns).map { column in
                    row < screen.count && column < screen[row].count ? screen[row][column] : Cell()
                }
            }
        }
        buffers = buffers.map(fit)
        cursor = (min(cursor.row, rows - 1), min(cursor.column, columns - 1))
    }

    mutating func feed(_ bytes: [UInt8]) {
        pending += bytes
        var index = 0
        while index < pending.count {
            guard let consumed = step(at: index) else { break }
            index += consumed
        }
        pending.removeFirst(index)
    }

    /// Interprets what starts at `index`; the bytes used, nil when more are needed.
    private mutating func step(at index: Int) -> Int? {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            guard index + 1 < pending.count else { return nil }
            switch pending[index + 1] {
            case UInt8(ascii: "["): return controlSequence(at: index)
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"):
                return skipString(at: index)
            case UInt8(ascii: "7"):
                savedCursor = cursor
                return 2
            case UInt8(ascii: "8"):
                cursor = savedCursor
                return 2
            default: return 2
            }
        case 0x0D:
            cursor.column = 0
            return 1
        case 0x0A:
            lineFeed()
            return 1
        case 0x08:
            cursor.column = max(0, cursor.column - 1)
            return 1
        case 0x07, 0x00:
            return 1
        case 0x01...0x1F:
            return 1
        default:
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            guard index + length <= pending.count else { return nil }
            var value = UInt32(length == 1 ? byte : byte & (0xFF >> (length + 1)))
            for offset in 1..<length { value = value << 6 | UInt32(pending[index + offset] & 0x3F) }
            put(Character(Unicode.Scalar(value) ?? "?"))
            return length
        }
    }

    private mutating func put(_ character: Character) {
        if cursor.column >= columns {
            if privateModes.contains(7) {
                cursor.column = 0
                lineFeed()
            } else {
                cursor.column = columns - 1
            }
        }
        buffers[active][cursor.row][cursor.column] = Cell(character: character, reverse: reverse)
        cursor.column += 1
    }

    private mutating func lineFeed() {
        if cursor.row == rows - 1 {
            buffers[active].removeFirst()
            buffers[active].append(Array(repeating: Cell(), count: columns))
        } else {
            cursor.row += 1
        }
    }

    /// OSC, DCS, APC, PM: up to BEL or ESC \.
    private func skipString(at index: Int) -> Int? {
        var end = index + 2
        while end < pending.count {
            if pending[end] == 0x07 { return end + 1 - index }
            if pending[end] == 0x1B, end + 1 < pending.count, pending[end + 1] == UInt8(ascii: "\\") {
                return end + 2 - index
            }
            end += 1
        }
        return nil
    }

    private mutating func controlSequence(at index: Int) -> Int? {
        var end = index + 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return nil }
        let body = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        let isPrivate = body.hasPrefix("?")
        let numbers = (isPrivate ? String(body.dropFirst()) : body).split(
            separator: ";", omittingEmptySubsequences: false
        )
        .map { Int($0) }
        func number(_ position: Int, default value: Int) -> Int {
            position < numbers.count ? numbers[position] ?? value : value
        }
        switch Character(Unicode.Scalar(pending[end])) {
        case "H", "f":
            cursor = (
                min(rows - 1, max(0, number(0, default: 1) - 1)), min(columns - 1, max(0, number(1, default: 1) - 1))
            )
        case "A": cursor.row = max(0, cursor.row - number(0, default: 1))
        case "B": cursor.row = min(rows - 1, cursor.row + number(0, default: 1))
        case "C": cursor.column = min(columns, cursor.column + number(0, default: 1))
        case "D": cursor.column = max(0, cursor.column - number(0, default: 1))
        case "G": cursor.column = min(columns - 1, max(0, number(0, default: 1) - 1))
        case "J":
            switch number(0, default: 0) {
            case 2, 3: buffers[active] = Self.blank(columns: columns, rows: rows)
            default:
                eraseLine(from: cursor.column)
                for row in (cursor.row + 1)..<rows { buffers[active][row] = Array(repeating: Cell(), count: columns) }
            }
        case "K":
            switch number(0, default: 0) {
            case 2: buffers[active][cursor.row] = Array(repeating: Cell(), count: columns)
            case 1: for column in 0...min(cursor.column, columns - 1) { buffers[active][cursor.row][column] = Cell() }
            default: eraseLine(from: cursor.column)
            }
        case "m":
            for code in numbers.map({ $0 ?? 0 }) {
                if code == 0 { reverse = false }
                if code == 7 { reverse = true }
                if code == 27 { reverse = false }
            }
        case "h" where isPrivate:
            for mode in numbers.compactMap({ $0 }) {
                privateModes.insert(mode)
                if mode == 1049, !onAlternateScreen {
                    savedCursor = cursor
                    onAlternateScreen = true
                    buffers[1] = Self.blank(columns: columns, rows: rows)
                }
            }
        case "l" where isPrivate:
            for mode in numbers.compactMap({ $0 }) {
                privateModes.remove(mode)
                if mode == 1049, onAlternateScreen {
                    onAlternateScreen = false
                    cursor = savedCursor
                }
            }
        default: break
        }
        return end + 1 - index
    }

    private mutating func eraseLine(from column: Int) {
        guard column < columns else { return }
        for index in column..<columns { buffers[active][cursor.row][index] = Cell() }
    }
}
