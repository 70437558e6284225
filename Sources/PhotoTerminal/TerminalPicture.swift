import CChafa
import PhotoFormats
import PhotoSupport

/// Draws pictures for a terminal with libchafa: one `ChafaTermInfo`, freed in `deinit`.
///
/// The terminal's own entry from chafa's database (found from the environment) is topped up
/// with chafa's fallback sequences, so that a protocol asked for by name can always be written.
public final class TerminalPicture {
    private let termInfo: OpaquePointer
    /// What chafa's database says of the environment's terminal, before topping up.
    public let hint: TerminalGraphics.DatabaseHint

    public init(environment: [String: String]) {
        let database = chafa_term_db_get_default()
        var strings = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let detected = strings.withUnsafeMutableBufferPointer { chafa_term_db_detect(database, $0.baseAddress) }
        for string in strings { free(string) }
        let info = detected ?? chafa_term_info_new()!
        hint = TerminalGraphics.DatabaseHint(
            kitty: chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1) != 0,
            iterm: chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE) != 0,
            sixel: chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_SIXELS) != 0,
            directColor: chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_SET_COLOR_FGBG_DIRECT) != 0,
            color256: chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_SET_COLOR_FGBG_256) != 0)
        if let fallback = chafa_term_db_get_fallback_info(database) {
            chafa_term_info_supplement(info, fallback)
            chafa_term_info_unref(fallback)
        }
        termInfo = info
    }

    deinit { chafa_term_info_unref(termInfo) }

    /// The bytes that draw `picture` in at most `columns` x `rows` cells (aspect kept), with
    /// `cellSize` the pixel size of one cell when the terminal says it (else 10 x 20).
    /// Symbols end each row but the last with a newline; pixel protocols leave the cursor as
    /// the terminal does. Nothing is appended after the picture.
    func render(
        _ picture: RGBImage, columns: Int, rows: Int, method kind: TerminalGraphics.Method,
        colors: TerminalGraphics.Colors, cellSize: (width: Int, height: Int)? = nil
    ) -> [UInt8] {
        let cell = cellSize ?? (10, 20)
        var width = Int32(max(columns, 1))
        var height = Int32(max(rows, 1))
        let fontRatio = Float(cell.width) / Float(cell.height)
        chafa_calc_canvas_geometry(Int32(picture.width), Int32(picture.height), &width, &height, fontRatio, 1, 0)

        let config = chafa_canvas_config_new()!
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, width, height)
        chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
        let pixelMode: ChafaPixelMode =
            switch kind {
            case .kitty: CHAFA_PIXEL_MODE_KITTY
            case .iterm: CHAFA_PIXEL_MODE_ITERM2
            case .sixel: CHAFA_PIXEL_MODE_SIXELS
            case .symbols: CHAFA_PIXEL_MODE_SYMBOLS
            }
        chafa_canvas_config_set_pixel_mode(config, pixelMode)
        let canvasMode: ChafaCanvasMode =
            switch colors {
            case .truecolor: CHAFA_CANVAS_MODE_TRUECOLOR
            case .indexed256: CHAFA_CANVAS_MODE_INDEXED_240
            case .indexed16: CHAFA_CANVAS_MODE_INDEXED_16
            // The default colours, no colour escape at all.
            case .monochrome: CHAFA_CANVAS_MODE_FGBG
            }
        chafa_canvas_config_set_canvas_mode(config, kind == .symbols ? canvasMode : CHAFA_CANVAS_MODE_TRUECOLOR)
        if kind == .symbols {
            let symbols = chafa_symbol_map_new()!
            defer { chafa_symbol_map_unref(symbols) }
            // Blocks (halves and quadrants among them) and box-drawing lines, as chafa's tool uses by
            // default: every terminal font has them, unlike the newer sextants. No letters, no wide glyphs.
            let tags =
                CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_BORDER.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue
            chafa_symbol_map_add_by_tags(symbols, ChafaSymbolTags(rawValue: tags))
            chafa_symbol_map_remove_by_tags(symbols, CHAFA_SYMBOL_TAG_WIDE)
            chafa_canvas_config_set_symbol_map(config, symbols)
            chafa_canvas_config_set_work_factor(config, 0.5)
        }

        let canvas = chafa_canvas_new(config)!
        defer { chafa_canvas_unref(canvas) }
        chafa_canvas_draw_all_pixels(
            canvas, CHAFA_PIXEL_RGB8, picture.pixels, Int32(picture.width), Int32(picture.height),
            Int32(picture.stride))
        guard let printed = chafa_canvas_print(canvas, termInfo) else { return [] }
        defer { photolib_gstring_free(printed) }
        let text = printed.pointee
        guard let start = text.str else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: Int(text.len)))
    }

    /// The cell geometry `render` will use for a picture of this size in at most `columns` x
    /// `rows` (chafa's fit, aspect kept).
    public static func fittedCells(
        width: Int, height: Int, columns: Int, rows: Int,
        cellSize: (width: Int, height: Int)? = nil
    ) -> (columns: Int, rows: Int) {
        let cell = cellSize ?? (10, 20)
        var fittedWidth = Int32(max(columns, 1))
        var fittedHeight = Int32(max(rows, 1))
        chafa_calc_canvas_geometry(
            Int32(width), Int32(height), &fittedWidth, &fittedHeight,
            Float(cell.width) / Float(cell.height), 1, 0)
        return (Int(fittedWidth), Int(fittedHeight))
    }
}

extension TerminalPicture {
    /// Decodes the JPEG at `path` at a size enough for `columns` x `rows` cells and draws it.
    /// The pictures drawn are previews photolib made, far within the standard pixel limit,
    /// which a file put in their place still meets before any pixel memory is allocated.
    public func render(
        jpegAt path: RawPath, columns: Int, rows: Int, method kind: TerminalGraphics.Method,
        colors: TerminalGraphics.Colors, cellSize: (width: Int, height: Int)? = nil,
        pixelLimit: PixelLimit = .standard
    ) throws -> [UInt8] {
        let cell = cellSize ?? (10, 20)
        // Symbols sample a few pixels per cell; pixel protocols want the cells' real pixels.
        let perCell = kind == .symbols ? (8, 8) : cell
        let source = PixelStorage<UInt8>()
        let pixels = PixelStorage<UInt8>()
        let picture = try DownscalingDecoder(path: path).decodeFile(
            path, minimumWidth: columns * perCell.0 / 2, minimumHeight: rows * perCell.1 / 2,
            limit: pixelLimit, source: source, pixels: pixels)
        return withExtendedLifetime(pixels) {
            render(picture, columns: columns, rows: rows, method: kind, colors: colors, cellSize: cellSize)
        }
    }
}
