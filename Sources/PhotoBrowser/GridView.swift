import PhotoCatalog
import PhotoTerminal

/// The grid of cells between the tab bar and the status line: each cell the asset's
/// thumbnail (or a spinner while it is drawn, or a placeholder), and under it `▶ 0:42` for a
/// video or Live Photo, ⧉ and the number of frames for a burst shown as one cell (≈ and the
/// number of members for a group of `browse --similar`), ★ for a favourite, ♥ for a liked one, and the caption or else the file name. The cell under the
/// cursor has bars on both sides and its caption in reverse; marked ones (`pick --multi`)
/// a ●.
struct GridView {
    let layout: GridLayout
    let window: AssetWindow
    /// The position shown in the top-left cell.
    let top: Int
    let cursor: Int
    let marked: Set<AssetID>
    let spinner: String
    /// The state of an asset's thumbnail, given the asset and its position.
    let picture: (Asset, Int) -> PictureState
    /// The mark of a cell that stands for several assets (`⧉3`); nil for any other.
    var badge: (Asset) -> String? = { _ in nil }

    /// The text under a cell, after `badge` when it stands for several assets.
    static func caption(of asset: Asset, badge: String? = nil) -> String {
        let flags = [asset.durationBadge, badge, (asset.favourite ? "★" : "") + (asset.liked ? "♥" : "")]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        let name = asset.caption?.isEmpty == false ? asset.caption! : asset.file.relativePath.lastComponent.description
        return flags.isEmpty ? name : "\(flags) \(name)"
    }

    func compose(into lines: inout [ScreenLine], images: inout [ScreenImage]) {
        let accent = TextStyle(bold: true, foreground: .yellow)
        for gridRow in 0..<layout.gridRows {
            let rowTop = GridLayout.gridTop + gridRow * layout.cellHeight
            let slots = (0..<layout.gridColumns).map { gridRow * layout.gridColumns + $0 }
            let assets = slots.map { window.asset(at: top + $0) }
            let areas = zip(slots, assets).map { slot, asset in
                asset.map { asset in
                    PictureArea(
                        state: picture(asset, top + slot), columns: layout.pictureColumns, rows: layout.pictureRows,
                        spinner: spinner, key: "\(asset.id.hex):\(asset.file.fingerprint)")
                }
            }
            for pictureRow in 0..<layout.pictureRows where rowTop + pictureRow < layout.statusRow {
                let screenRow = rowTop + pictureRow
                for (column, slot) in slots.enumerated() {
                    let isCursor = top + slot == cursor && assets[column] != nil
                    lines[screenRow].pad(to: column * layout.cellWidth)
                    lines[screenRow].text(isCursor ? "┃" : " ", accent)
                    if let area = areas[column] {
                        area.append(row: pictureRow, to: &lines[screenRow], screenRow: screenRow, images: &images)
                    } else {
                        lines[screenRow].pad(to: lines[screenRow].column + layout.pictureColumns)
                    }
                    lines[screenRow].text(isCursor ? "┃" : " ", accent)
                }
            }
            let captionRow = rowTop + layout.pictureRows
            guard captionRow < layout.statusRow else { continue }
            for (column, asset) in assets.enumerated() {
                guard let asset else { continue }
                let isCursor = top + slots[column] == cursor
                let start = column * layout.cellWidth
                lines[captionRow].pad(to: start)
                let text = DisplayWidth.truncate(
                    (marked.contains(asset.id) ? "● " : " ") + Self.caption(of: asset, badge: badge(asset)),
                    to: layout.cellWidth - 1)
                lines[captionRow].text(
                    DisplayWidth.pad(text, to: layout.cellWidth - 1),
                    isCursor ? TextStyle(bold: true, reverse: true) : marked.contains(asset.id) ? accent : .plain)
            }
        }
    }
}
