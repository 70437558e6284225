/// How many terminal columns text takes, as `wcwidth` would say, approximately:
/// East Asian wide characters and emoji take two, combining marks none.
public enum DisplayWidth {
    /// The columns `text` takes on a terminal.
    public static func of(_ text: String) -> Int {
        simpleWidth(text) ?? text.reduce(0) { $0 + of($1) }
    }

    /// The width of text made only of printable ASCII and Latin scalars below U+0300 (no
    /// combining marks, no wide characters), where each scalar is one column; nil for any
    /// other text. Most captions and paths are such text, and this skips grapheme breaking.
    public static func simpleWidth(_ text: String) -> Int? {
        var isASCII = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            isASCII = false
            break
        }
        if isASCII { return text.utf8.count }
        var count = 0
        for scalar in text.unicodeScalars {
            guard scalar.value >= 0xA0 && scalar.value < 0x300 || scalar.value >= 0x20 && scalar.value < 0x7F else {
                return nil
            }
            count += 1
        }
        return count
    }

    /// The columns one grapheme cluster takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        // An emoji presentation selector or a ZWJ sequence turns text into a wide emoji.
        if scalars.contains(where: { $0.value == 0xFE0F }) || isWide(first) || first.properties.isEmojiPresentation {
            return 2
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, in broad ranges).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` with every control character (C0, DEL, C1) replaced by a space, so that what a
    /// file says (a caption with an escape in it) never reaches a terminal as a command.
    public static func sanitized(_ text: String) -> String {
        // C1 controls are U+0080…U+009F, encoded C2 80…C2 9F; text without those bytes is clean.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) { return text }
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }

    /// `text` cut to at most `width` columns, ending in "…" when anything was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        if simpleWidth(text) != nil {
            return String(String.UnicodeScalarView(text.unicodeScalars.prefix(width - 1))) + "…"
        }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// `text` cut to at most `width` columns by taking characters out of its middle, so that
    /// a path keeps its start and its file name: `2016/…/lighthouse.jpg`. The end gets the
    /// larger share: the whole last component when it fits.
    public static func truncateMiddle(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 2 else { return truncate(text, to: width) }
        let characters = Array(text)
        let lastComponent = text.split(separator: "/").last.map { of(String($0)) + 1 } ?? 0
        let tailWidth = min(width - 2, max((width - 1) * 2 / 3, lastComponent))
        var tail: [Character] = []
        var used = 0
        for character in characters.reversed() {
            let columns = of(character)
            if used + columns > tailWidth { break }
            tail.insert(character, at: 0)
            used += columns
        }
        let head = truncate(String(characters.dropLast(tail.count)), to: width - used)
        // `truncate` ends its cut in "…", which stands for the middle; an uncut head needs one.
        return (head.hasSuffix("…") ? head : head + "…") + String(tail)
    }

    /// `text` padded with spaces to `width` columns, on the right (or on the left).
    public static func pad(_ text: String, to width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return left ? padding + text : text + padding
    }

    /// Words of `text` laid out in lines of at most `width` columns; a longer word
    /// gets a line of its own.
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let wordWidth = of(String(word))
            if !line.isEmpty, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if !line.isEmpty {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
