import PhotoCatalog
import PhotoLibrary
import PhotoTerminal

/// Enter on the grid of `browse`: pop's detail view, full screen. The preview as large as the
/// terminal, then every field `photolib pop` prints (the facts, the actions, the file, the
/// renditions, every EXIF entry), scrolled with the arrows; Esc goes back to the grid.
struct DetailView {
    let asset: Asset
    let facts: [(label: String, value: String)]
    let details: [String]
    let picture: PictureState
    let spinner: String
    let failure: String?
    /// The first document row shown.
    let scroll: Int

    /// The picture's box on a `columns` x `rows` screen: everything above the status line.
    static func pictureBox(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        (max(1, columns), max(1, rows - 1))
    }

    /// The text below the picture, a line each.
    func textLines(width: Int) -> [(String, TextStyle)] {
        var lines: [(String, TextStyle)] = [("", .plain)]
        for (label, value) in facts { lines.append((DisplayWidth.pad(label, to: 9) + value, .plain)) }
        if let failure { lines.append(("Picture  " + failure, TextStyle(foreground: .red))) }
        lines.append(("Actions", TextStyle(bold: true)))
        for action in PreviewAction.offered(for: asset) {
            let style = action.style == .destructive ? TextStyle(foreground: .red) : TextStyle.plain
            lines.append(("  \(PeekView.key(for: action.action))  \(action.title)", style))
        }
        lines.append(("  c  Edit Caption", .plain))
        lines += details.map { ($0, .plain) }
        return lines.flatMap { line, style in Self.wrapped(line, width: width - 1).map { ($0, style) } }
    }

    /// A line cut into pieces of at most `width` columns (paths are longer than terminals are
    /// wide, and must be read whole), the later pieces indented.
    static func wrapped(_ line: String, width: Int) -> [String] {
        guard width > 8, DisplayWidth.of(line) > width else { return [line] }
        var pieces: [String] = []
        var piece = ""
        var used = 0
        for character in DisplayWidth.sanitized(line) {
            let columns = DisplayWidth.of(character)
            if used + columns > width {
                pieces.append(piece)
                piece = "      "
                used = 6
            }
            piece.append(character)
            used += columns
        }
        pieces.append(piece)
        return pieces
    }

    /// The rows the picture takes at the top of the document: none when pictures are off.
    private func pictureRows(_ box: (columns: Int, rows: Int)) -> Int {
        if case .none = picture { return 0 }
        return box.rows
    }

    /// How many rows the document has, for scrolling limits.
    func documentRows(columns: Int, rows: Int) -> Int {
        pictureRows(Self.pictureBox(columns: columns, rows: rows)) + textLines(width: columns).count
    }

    /// Fills rows 0 ..< `rows` - 1.
    func compose(into lines: inout [ScreenLine], images: inout [ScreenImage], columns: Int, rows: Int) {
        let box = Self.pictureBox(columns: columns, rows: rows)
        let area = PictureArea(
            state: picture, columns: box.columns, rows: box.rows, spinner: spinner,
            key: "pop:\(asset.id.hex):\(asset.file.fingerprint):\(box.columns)x\(box.rows)")
        let text = textLines(width: columns)
        // A pixel picture cannot be shown in part: once scrolled, only the text shows.
        let pixelPicture: Bool
        if case .ready(let drawn) = picture { pixelPicture = !drawn.pixels.isEmpty } else { pixelPicture = false }
        let top = pictureRows(box)
        let skipped = pixelPicture && scroll > 0 ? top : 0
        for row in 0..<(rows - 1) {
            let documentRow = row + scroll + skipped
            if documentRow < top {
                area.append(row: documentRow, to: &lines[row], screenRow: row, images: &images)
            } else if documentRow - top < text.count {
                let (content, style) = text[documentRow - top]
                lines[row].text(" " + content, style)
            }
        }
    }
}
