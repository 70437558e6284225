import PhotoTerminal

/// Where a picture stands while the screen is composed.
enum PictureState {
    case ready(DrawnPicture)
    /// Being drawn (or its rendition made): a spinner shows.
    case pending
    /// Cannot be shown: a placeholder shows, never an error screen.
    case failed(String)
    /// Pictures are off (`--image none`).
    case none
}

/// A box of cells that shows one picture, centred, composed one screen row at a time (rows
/// are built left to right, so a grid row of cells is composed across all its cells at once).
struct PictureArea {
    let state: PictureState
    let columns: Int
    let rows: Int
    /// The frame of the spinner, for pending pictures.
    let spinner: String
    /// Identifies a pixel picture on screen (`ScreenImage.key`).
    let key: String

    static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    private var picture: DrawnPicture? {
        if case .ready(let picture) = state { return picture }
        return nil
    }

    private var offsets: (row: Int, column: Int) {
        guard let picture else { return (0, 0) }
        return (max(0, (rows - picture.rows) / 2), max(0, (columns - picture.columns) / 2))
    }

    /// Appends row `row` of the box (`columns` cells) to `line`, which is at `screenRow`;
    /// a pixel picture is added to `images` on its first row.
    func append(row: Int, to line: inout ScreenLine, screenRow: Int, images: inout [ScreenImage]) {
        let end = line.column + columns
        switch state {
        case .ready(let picture):
            let (top, left) = offsets
            let index = row - top
            if index >= 0, index < picture.rows {
                line.pad(to: line.column + left)
                if picture.pixels.isEmpty {
                    if index < picture.lines.count {
                        line.raw(picture.lines[index], columns: min(picture.columns, end - line.column))
                    }
                } else {
                    if index == 0 {
                        images.append(
                            ScreenImage(row: screenRow, column: line.column, key: key, bytes: picture.pixels))
                    }
                    line.skip(min(picture.columns, end - line.column))
                }
            }
        case .pending:
            if row == rows / 2 {
                line.pad(to: line.column + columns / 2)
                line.text(spinner, TextStyle(foreground: .cyan))
            }
        case .failed:
            if row == rows / 2 {
                let text = columns >= 14 ? "✕ no picture" : "✕"
                line.pad(to: line.column + max(0, (columns - DisplayWidth.of(text)) / 2))
                line.text(text, TextStyle(dim: true))
            }
        case .none:
            break
        }
        line.pad(to: end)
    }
}
