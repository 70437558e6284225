import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport
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

    /// The asset JSON followed by `preview` (null, with `previewError`, when none could be
    /// made) and `actions`.
    func json(_ asset: Asset, preview: PreviewOutcome) -> JSONValue {
        var members = presenter.json(asset).objectValue ?? []
        switch preview {
        case .made(let file): members.append(("preview", AssetPresenter.renditionJSON(file)))
        case .failed(let reason):
            members.append(("preview", .null))
            members.append(("previewError", .string(reason)))
        }
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

    /// Caption, City, Taken, Camera, Video (for a movie), Keywords and People (when there are some) and State, as label and value: what peek shows of an
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
        // A video's or Live Photo's length and codecs: `▶ 0:42 · hevc, aac`.
        if let badge = asset.durationBadge {
            let codecs = [metadata.video?.videoCodec, metadata.video?.audioCodec].compactMap { $0 }
            rows.append(
                (asset.metadata.kind == .live ? "Live" : "Video", ([badge] + codecs).joined(separator: " · ")))
        }
        // Only when there are some: most photos have none, and the lines are few.
        if !asset.keywords.isEmpty { rows.append(("Keywords", asset.keywords.joined(separator: ", "))) }
        if !asset.people.isEmpty { rows.append(("People", asset.people.joined(separator: ", "))) }
        var state = [asset.favourite ? "★ favourite" : "☆ not a favourite", asset.liked ? "♥ liked" : "♡ not liked"]
        if let rating = asset.rating, rating != 0 { state.append(rating < 0 ? "rejected" : "rated \(rating)") }
        if asset.trashed { state.append("in the trash") }
        if asset.missing { state.append("missing") }
        rows.append(("State", state.joined(separator: " · ")))
        return rows
    }
}

/// The preview of an asset that `peek` and `pop` show, or why there is none (a photo that
/// cannot be decoded still has facts and actions: deleting it from the preview must work).
enum PreviewOutcome {
    case made(RenditionFile)
    case failed(String)

    /// The asset's preview, made if missing; `asset` gains the content hash making it found.
    init(for asset: inout Asset, source: PreviewSource) {
        do {
            self = .made(try source.preview(for: &asset))
        } catch {
            self = .failed(Diagnostics.reason(error))
        }
    }

    var file: RenditionFile? {
        if case .made(let file) = self { return file }
        return nil
    }

    /// The line shown where the picture would be when there is none.
    var missingLine: String? {
        if case .failed(let reason) = self { return "no preview: \(TableRenderer.sanitized(reason))\n" }
        return nil
    }
}

extension String {
    /// nil for the empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
