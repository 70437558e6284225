/// A picture drawn with a pixel protocol (kitty, iTerm2, sixel) at a cell of the screen.
public struct ScreenImage: Sendable, Equatable {
    public var row: Int
    public var column: Int
    /// What the picture is (asset, size): the same key at the same place is not drawn again.
    public var key: String
    public var bytes: [UInt8]

    public init(row: Int, column: Int, key: String, bytes: [UInt8]) {
        self.row = row
        self.column = column
        self.key = key
        self.bytes = bytes
    }

    public static func == (left: ScreenImage, right: ScreenImage) -> Bool {
        left.row == right.row && left.column == right.column && left.key == right.key
    }
}

/// What the whole screen should show: every row, each exactly as wide as the screen
/// (`ScreenLine.finished()`), and the pixel pictures over them.
public struct ScreenFrame: Sendable {
    public var rows: [[UInt8]]
    public var images: [ScreenImage]

    public init(rows: [[UInt8]], images: [ScreenImage] = []) {
        self.rows = rows
        self.images = images
    }
}

/// Turns frames into the fewest bytes that bring the screen from the previous frame to the
/// next: only rows that changed are written. When the pixel pictures change, the screen is
/// cleared and written whole, since text written around a picture cannot erase what an
/// earlier, larger one left.
///
/// Each frame is wrapped in a synchronized update (`CSI ? 2026 h` … `l`): terminals that know
/// it show the frame at once, without tearing; the others ignore it. It also marks where a
/// frame ends, which the benchmark and tests rely on.
public struct FrameWriter: Sendable {
    private var previous: ScreenFrame?
    /// kitty keeps its pictures apart from the text: they are deleted with a command of their own.
    public var usesKittyImages: Bool

    public static let frameStart = Array("\u{1B}[?2026h".utf8)
    public static let frameEnd = Array("\u{1B}[?2026l".utf8)

    public init(usesKittyImages: Bool = false) {
        self.usesKittyImages = usesKittyImages
    }

    /// Forgets what the screen shows: the next frame is written whole (after a resize, a
    /// suspension, or Ctrl-L).
    public mutating func invalidate() {
        previous = nil
    }

    /// The bytes that show `frame`, and remembers it as the screen's content; none when the
    /// screen shows it already.
    public mutating func bytes(for frame: ScreenFrame) -> [UInt8] {
        var output = Self.frameStart
        let whole =
            previous == nil || previous!.rows.count != frame.rows.count || previous!.images != frame.images
        guard whole || previous!.rows != frame.rows else { return [] }
        if whole {
            if usesKittyImages { output += Array("\u{1B}_Ga=d\u{1B}\\".utf8) }
            output += Array("\u{1B}[0m\u{1B}[2J".utf8)
        }
        for (index, row) in frame.rows.enumerated() {
            guard whole || previous!.rows[index] != row else { continue }
            output += Array("\u{1B}[\(index + 1);1H".utf8)
            output += row
        }
        if whole {
            for image in frame.images {
                output += Array("\u{1B}[\(image.row + 1);\(image.column + 1)H".utf8)
                output += image.bytes
            }
        }
        output += Self.frameEnd
        previous = frame
        return output
    }
}
