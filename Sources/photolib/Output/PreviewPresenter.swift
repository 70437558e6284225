import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoTerminal

/// What `peek` and `pop` show of an asset: the picture, the facts under it, and the actions,
/// as text for a terminal or as the asset JSON with `preview` and `actions` added.
struct PreviewPresenter {
    let presenter: AssetPresenter
    /// `--library DIR` for the printed commands, when the library was named that way.
    let libraryArgument: String?

    func actions(for asset: Asset) -> [(action: PreviewAction, command: String)] {
        ActionCommandLine.offered(for: asset, reference: presenter.shortID(asset), libraryArgument: libraryArgument)
    }

    /// The asset JSON followed by `preview` and `actions`.
    func json(_ asset: Asset, preview: RenditionFile) -> JSONValue {
        var members = presenter.json(asset).objectValue ?? []
        members.append(("preview", AssetPresenter.renditionJSON(preview)))
        members.append(
            (
                "actions",
                .array(
                    actions(for: asset).map { action, command in
                        .object([
                            ("name", .string(action.name)), ("title", .string(action.title)),
                            ("style", .string(action.style.rawValue)), ("command", .string(command)),
                        ])
                    })
            ))
        return .object(members)
    }

    /// The lines under the picture: caption, city, date, camera, flags, then the actions with their commands.
    func facts(_ asset: Asset, colored: Bool) -> String {
        var text = Self.factRows(asset).map {
            "\($0.0.padding(toLength: 9, withPad: " ", startingAt: 0))\(TerminalText.escaped($0.1))\n"
        }.joined()
        text += "Actions\n"
        let offered = actions(for: asset)
        let width = offered.map(\.action.title.count).max() ?? 0
        for (action, command) in offered {
            let title = action.title.padding(toLength: width, withPad: " ", startingAt: 0)
            let shown = colored && action.style == .destructive ? "\u{1B}[31m\(title)\u{1B}[0m" : title
            text += "  \(shown)   \(TerminalText.escaped(command))\n"
        }
        return text
    }

    /// Caption, City, Taken, Camera and State, as label and value: what peek shows of an
    /// asset, and what the browser's peek and pop show.
    static func factRows(_ asset: Asset) -> [(label: String, value: String)] {
        let metadata = asset.metadata
        var rows: [(String, String)] = []
        rows.append(("Caption", asset.caption ?? "(none)"))
        rows.append(
            (
                "City",
                [asset.city, asset.region, asset.countryName ?? asset.country].compactMap { $0 }.joined(separator: ", ")
                    .nonEmpty ?? "(unknown)"
            ))
        rows.append(
            (
                "Taken",
                metadata.takenAt.map {
                    $0.localTime.replacingOccurrences(of: "T", with: " ")
                        + ($0.utcOffset.map { " \($0)" } ?? "")
                } ?? "(no date)"
            ))
        rows.append(
            (
                "Camera",
                [metadata.cameraMake, metadata.cameraModel].compactMap { $0 }.joined(separator: " ").nonEmpty
                    ?? "(unknown)"
            ))
        var state = [asset.favourite ? "★ favourite" : "☆ not a favourite", asset.liked ? "♥ liked" : "♡ not liked"]
        if asset.trashed { state.append("in the trash") }
        if asset.missing { state.append("missing") }
        rows.append(("State", state.joined(separator: " · ")))
        return rows
    }
}

extension String {
    /// nil for the empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}

/// The picture options `peek` and `pop` share, and the drawing itself.
enum PictureOptions {
    static let options: [OptionSpec] = [
        .value(
            "image", "mode",
            help: "How to draw the picture: auto, kitty, iterm, sixel, symbols or none (default: auto)."),
        .value("height", "rows", help: "The most terminal rows the picture may take."),
        .flag("json", help: "Print JSON (the default when stdout is not a terminal)."),
    ]

    /// JSON with `--json`, or when stdout is not a terminal and no drawing method was named
    /// (a named method draws even into a pipe). Checks `--image` on the way.
    static func wantsJSON(_ command: ParsedCommand, context: CommandContext) throws -> Bool {
        let named = try requestedMode(command) != "auto"
        return command.flag("json") || !(context.stdoutIsTerminal || named)
    }

    private static func requestedMode(_ command: ParsedCommand) throws -> String {
        let mode = command.value("image") ?? "auto"
        guard mode == "auto" || mode == "none" || TerminalGraphics.Method(rawValue: mode) != nil else {
            throw UsageError(
                message: "Invalid value '\(mode)' for '--image <mode>': expected one of auto, kitty, "
                    + "iterm, sixel, symbols, none", commandPath: command.path)
        }
        return mode
    }

    /// The drawing method asked for (nil for `none`; `auto` decides from the environment) and its colours.
    static func method(
        _ command: ParsedCommand, picture: TerminalPicture, context: CommandContext
    ) throws
        -> (method: TerminalGraphics.Method?, colors: TerminalGraphics.Colors)
    {
        let detected = TerminalGraphics.detect(environment: context.environment, hint: picture.hint)
        switch try requestedMode(command) {
        case "auto": return (detected.method, detected.colors)
        case "none": return (nil, detected.colors)
        case let mode:
            // A method named outright draws in true colour: the person knows their terminal.
            return (TerminalGraphics.Method(rawValue: mode), .truecolor)
        }
    }

}
