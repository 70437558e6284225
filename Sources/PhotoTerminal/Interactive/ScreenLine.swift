/// How a run of text looks: the few SGR attributes every terminal has, in the 8 basic colours
/// (which follow the person's own terminal theme).
public struct TextStyle: Sendable, Equatable {
    public enum Color: Int, Sendable { case black, red, green, yellow, blue, magenta, cyan, white }

    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false
    public var foreground: Color?
    public var background: Color?

    public init(
        bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false,
        foreground: Color? = nil, background: Color? = nil
    ) {
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
        self.foreground = foreground
        self.background = background
    }

    public static let plain = TextStyle()

    /// The SGR sequence that sets exactly this style from the default one.
    var sequence: [UInt8] {
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if underline { codes.append("4") }
        if reverse { codes.append("7") }
        if let foreground { codes.append(String(30 + foreground.rawValue)) }
        if let background { codes.append(String(40 + background.rawValue)) }
        return codes.isEmpty ? [] : Array("\u{1B}[\(codes.joined(separator: ";"))m".utf8)
    }
}

/// One screen row as it is built, exactly `width` columns once finished: text in styles (made
/// printable, cut at the edge), the rows of pictures drawn elsewhere, and gaps over pixel
/// pictures that must not be overwritten.
public struct ScreenLine: Sendable {
    public let width: Int
    public private(set) var column = 0
    private var bytes: [UInt8] = []

    private static let reset: [UInt8] = Array("\u{1B}[0m".utf8)

    public init(width: Int) {
        self.width = max(0, width)
        bytes.reserveCapacity(width + 16)
    }

    /// Adds `text` (controls replaced, wide characters counted as two) in `style`, cut at the
    /// right edge.
    public mutating func text(_ text: String, _ style: TextStyle = .plain) {
        let room = width - column
        guard room > 0, !text.isEmpty else { return }
        var shown = DisplayWidth.sanitized(text)
        var columns = DisplayWidth.of(shown)
        if columns > room {
            shown = DisplayWidth.truncate(shown, to: room)
            columns = DisplayWidth.of(shown)
        }
        let sequence = style.sequence
        bytes += sequence
        bytes += Array(shown.utf8)
        if !sequence.isEmpty { bytes += Self.reset }
        column += columns
    }

    /// Adds bytes drawn elsewhere (a row of a symbols picture) that take `columns` cells and
    /// leave the default style behind them.
    public mutating func raw(_ drawn: [UInt8], columns: Int) {
        guard columns <= width - column else { return }
        bytes += drawn
        bytes += Self.reset
        column += columns
    }

    /// Moves right over `columns` cells without writing them (a pixel picture lies there).
    public mutating func skip(_ columns: Int) {
        let count = min(columns, width - column)
        guard count > 0 else { return }
        bytes += Array("\u{1B}[\(count)C".utf8)
        column += count
    }

    /// Spaces up to `target` (nothing when already there or past it), in `style`.
    public mutating func pad(to target: Int, _ style: TextStyle = .plain) {
        let count = min(target, width) - column
        guard count > 0 else { return }
        text(String(repeating: " ", count: count), style)
    }

    /// The row's bytes, padded with spaces to its full width.
    public func finished() -> [UInt8] {
        var line = self
        line.pad(to: width)
        return line.bytes
    }
}
