import PhotoLibrary

/// `init`'s options, one per library setting, built from the settings' own definitions
/// (`LibrarySettings.definitions`): their names, ranges and defaults are written there
/// only, so help, parsing and `config` cannot disagree.
enum LibrarySettingOptions {
    /// What each setting is for, in words, and its placeholder (nil: the range, `<1-100>`).
    static let wording: [String: (valueName: String?, help: String)] = [
        "thumbnail-size": ("pixels", "Thumbnails fit within this square"),
        "preview-size": ("pixels", "Previews fit within this square"),
        "quality": (nil, "JPEG quality of renditions"),
        "max-megapixels": ("n", "Refuse to decode images larger than this"),
        "sidecars": (
            "mode", "write: give caption, city and favourite edits back to XMP sidecars; off: keep them in the catalog"
        ),
        "rendition-colour": (
            "colours", "srgb: untagged sRGB renditions; display-p3: Display P3, tagged, for wide-gamut screens"
        ),
    ]

    static let keys = LibrarySettings.definitions.map(option(for:))
    static let options = optionSpecs(keys)

    /// `--quality <1-100>  JPEG quality of renditions (1-100; default: 82).`
    static func option(for definition: LibrarySettings.Definition) -> Option<String> {
        let words = wording[definition.key] ?? (nil, "The \(definition.key) setting")
        // The range is shown once: as the placeholder, or else in the help.
        let range = words.valueName == nil ? "" : "\(shownValues(definition)); "
        return Option<String>(
            definition.key, words.valueName ?? shownValues(definition),
            help: "\(words.help) (\(range)default: \(definition.defaultValue)).")
    }

    /// `16-4096`, `write|off`.
    static func shownValues(_ definition: LibrarySettings.Definition) -> String {
        switch definition.values {
        case .wholeNumber(let range): "\(range.lowerBound)-\(range.upperBound)"
        case .oneOf(let choices): choices.joined(separator: "|")
        }
    }

    /// The default settings with every option given applied, each checked against its definition.
    static func settings(from command: ParsedCommand) throws -> LibrarySettings {
        var settings = LibrarySettings()
        for (definition, key) in zip(LibrarySettings.definitions, keys) {
            guard let text = command[key] else { continue }
            do {
                try settings.setValue(text.trimmingWhitespace(), forKey: definition.key)
            } catch {
                throw UsageError(
                    message: "Invalid value '\(text)' for '\(key.label)': "
                        + "expected \(definition.expectation)",
                    commandPath: command.path)
            }
        }
        return settings
    }

    /// `thumbnail-size (16-4096, default 256), …`, for help that lists the settings.
    static var summary: String {
        LibrarySettings.definitions.map { "\($0.key) (\(shownValues($0)), default \($0.defaultValue))" }
            .joined(separator: ", ")
    }
}
