import PhotoCatalog
import PhotoLibrary
import PhotoTerminal

/// The picture options `peek` and `pop` share, and how big the picture may be.
enum PictureOptions {
    static let image = Option<String>(
        "image", "mode", help: "How to draw the picture: auto, kitty, iterm, sixel, symbols or none (default: auto).")
    static let height = Option<Int>(
        "height", "rows", range: 1...1000, help: "The most terminal rows the picture may take.")
    static let json = Flag("json", help: "Print JSON instead of the text view.")

    static let options = optionSpecs([image, height, json])

    /// JSON with `--json` only: a pipe (`pop | less`) gets the text view a person reads, without
    /// the picture. Checks `--image` on the way.
    static func wantsJSON(_ command: ParsedCommand, context: CommandContext) throws -> Bool {
        _ = try requestedMode(command)
        return command[json]
    }

    private static func requestedMode(_ command: ParsedCommand) throws -> String {
        let mode = command[image] ?? "auto"
        guard mode == "auto" || mode == "none" || TerminalGraphics.Method(rawValue: mode) != nil else {
            throw UsageError(
                message: "Invalid value '\(mode)' for '--image <mode>': expected one of auto, kitty, "
                    + "iterm, sixel, symbols, none", commandPath: command.path)
        }
        return mode
    }

    /// The drawing method asked for and its colours: nil for `none`, and for `auto` when
    /// stdout is not a terminal or the terminal is dumb; `auto` decides from the environment.
    static func method(
        _ command: ParsedCommand, picture: TerminalPicture, context: CommandContext
    ) throws
        -> (method: TerminalGraphics.Method?, colors: TerminalGraphics.Colors)
    {
        let detected = TerminalGraphics.detect(environment: context.environment, hint: picture.hint)
        switch try requestedMode(command) {
        case "auto":
            let draws = context.stdoutIsTerminal && TerminalGraphics.allowsEscapes(environment: context.environment)
            return (draws ? detected.method : nil, detected.colors)
        case "none": return (nil, detected.colors)
        case let mode:
            // A method named outright draws in true colour (the person knows their terminal),
            // in none under NO_COLOR.
            let colors: TerminalGraphics.Colors =
                TerminalGraphics.allowsColor(environment: context.environment) ? .truecolor : .monochrome
            return (TerminalGraphics.Method(rawValue: mode), colors)
        }
    }

    /// The rows the picture may take: `--height` (else `preferred`), and on a terminal no more
    /// than what is left once `textLines` lines of text and the prompt's line are shown, so
    /// that the picture never scrolls off the top. Nil when not even two rows are left.
    static func rows(
        _ command: ParsedCommand, preferred: Int, textLines: Int, context: CommandContext
    ) throws -> Int? {
        let asked = try command[height] ?? preferred
        guard context.stdoutIsTerminal else { return asked }
        let left = context.terminal.rows - textLines - 1
        return left >= 2 ? min(asked, left) : nil
    }
}
