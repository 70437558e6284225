/// One key press (or mouse report) read from a terminal in raw mode.
public enum Key: Sendable, Equatable {
    /// A printable character (letters, digits, punctuation, space, any Unicode).
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    /// Ctrl with a letter, lowercase (`control("c")` for Ctrl-C); Tab, Enter and Backspace
    /// have cases of their own.
    case control(Character)
    case mouse(MouseEvent)
    /// A sequence this reader does not know (a function key, say), to be ignored.
    case unknown
}

/// A mouse report in SGR form (`ESC [ < button ; column ; row M`), 0-based.
public struct MouseEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case press(button: Int)
        case release
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var column: Int
    public var row: Int

    public init(kind: Kind, column: Int, row: Int) {
        self.kind = kind
        self.column = column
        self.row = row
    }
}
