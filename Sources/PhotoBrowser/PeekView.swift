import PhotoCatalog
import PhotoLibrary
import PhotoTerminal

/// Space on the grid: a sheet over the grid with the preview rendition as large as the
/// window allows, the facts `photolib peek` shows, and the actions with peek's titles in
/// peek's order (following the asset's state), each with its key; Delete in red.
struct PeekView {
    let asset: Asset
    let facts: [(label: String, value: String)]
    let picture: PictureState
    let spinner: String
    /// The reason the picture cannot be shown, when it cannot.
    let failure: String?

    /// The text column beside the picture on a wide terminal.
    static let sideColumns = 44

    /// The box the picture gets in a sheet over the grid area of a `columns` x `rows` screen.
    static func pictureBox(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        let inner = (columns: columns - 4, rows: rows - 4)
        if inner.columns >= 2 * sideColumns {
            return (inner.columns - sideColumns - 2, inner.rows)
        }
        return (max(0, inner.columns), max(0, inner.rows - 8))
    }

    /// The keys of the actions, by action.
    static func key(for action: AssetAction) -> String {
        switch action {
        case .favourite, .unfavourite, .toggleFavourite: "f"
        case .like, .unlike: "l"
        case .delete: "d"
        case .restore: "u"
        case .caption: "c"
        case .city, .rating, .keywordAdd, .keywordRemove, .personAdd, .personRemove: ""
        }
    }

    /// The lines of text under (or beside) the picture.
    private func textLines(width: Int) -> [(String, TextStyle)] {
        var lines: [(String, TextStyle)] = []
        for (label, value) in facts {
            lines.append((DisplayWidth.pad(label, to: 9) + value, .plain))
        }
        if let failure { lines.append(("Picture  " + failure, TextStyle(foreground: .red))) }
        lines.append(("", .plain))
        lines.append(("Actions", TextStyle(bold: true)))
        return lines
    }

    /// The actions row(s): `f Make Favourite`, `l Like`, `d Delete` (red), then caption editing.
    private func actionItems() -> [(key: String, title: String, style: TextStyle)] {
        var items = PreviewAction.offered(for: asset).map { action in
            (
                Self.key(for: action.action), action.title,
                action.style == .destructive ? TextStyle(bold: true, foreground: .red) : TextStyle(bold: true)
            )
        }
        items.append(("c", "Edit Caption", TextStyle(bold: true)))
        return items
    }

    /// Fills rows 1 ..< `rows` - 1 of `lines` (the grid area) with the sheet.
    func compose(into lines: inout [ScreenLine], images: inout [ScreenImage], columns: Int, rows: Int) {
        let top = GridLayout.gridTop
        let bottom = rows - 2
        guard bottom - top >= 2, columns >= 10 else { return }
        let box = Self.pictureBox(columns: columns, rows: rows)
        let sideBySide = columns - 4 >= 2 * Self.sideColumns
        let border = TextStyle(foreground: .cyan)
        let badge = asset.durationBadge.map { $0 + " " } ?? ""
        let title = " Peek: " + badge + DisplayWidth.sanitized(asset.file.relativePath.description) + " "
        lines[top].text("╭─", border)
        lines[top].text(DisplayWidth.truncate(title, to: columns - 4), TextStyle(bold: true))
        lines[top].text(String(repeating: "─", count: max(0, columns - 3 - lines[top].column)) + "╮", border)
        let textWidth = sideBySide ? Self.sideColumns : columns - 4
        let text = textLines(width: textWidth)
        let actions = actionItems()
        // Stacked, the text and the actions under the picture always show: a line more of
        // text (why the picture cannot be shown) takes a row from the placeholder.
        let pictureRows = sideBySide ? box.rows : max(0, min(box.rows, bottom - top - 1 - text.count - 1))
        let area = PictureArea(
            state: picture, columns: box.columns, rows: pictureRows, spinner: spinner,
            key: "peek:\(asset.id.hex):\(asset.file.fingerprint):\(box.columns)x\(box.rows)")
        for row in (top + 1)..<bottom {
            let inner = row - top - 1
            lines[row].text("│ ", border)
            var textIndex = inner
            if sideBySide {
                area.append(row: inner, to: &lines[row], screenRow: row, images: &images)
                lines[row].text("  ")
            } else if inner < pictureRows {
                area.append(row: inner, to: &lines[row], screenRow: row, images: &images)
                textIndex = -1
            } else {
                textIndex = inner - pictureRows
            }
            if textIndex >= 0, textIndex < text.count {
                lines[row].text(text[textIndex].0, text[textIndex].1)
            } else if textIndex == text.count {
                for (index, item) in actions.enumerated() {
                    if index > 0 { lines[row].text("   ") }
                    lines[row].text(item.key + " ", TextStyle(dim: true))
                    lines[row].text(item.title, item.style)
                }
            }
            lines[row].pad(to: columns - 2)
            lines[row].text(" │", border)
        }
        lines[bottom].text("╰" + String(repeating: "─", count: max(0, columns - 2)) + "╯", border)
    }
}
