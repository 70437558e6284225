import PhotoSupport

/// The settings by name, as `photolib config` shows and sets them and `photolib init` takes them.
extension LibrarySettings {
    /// One setting: its name, the values it may take and its default. The one place these
    /// are written; `config`, `init` and their help are built from them.
    public struct Definition: Sendable, Equatable {
        public enum Values: Sendable, Equatable {
            case wholeNumber(ClosedRange<Int>)
            case oneOf([String])
        }

        /// Kebab-case, as `config` and `init`'s options name it.
        public let key: String
        public let values: Values

        /// The key's name in settings.json: `max-megapixels` is `maxMegapixels`.
        public var fileKey: String {
            let words = key.split(separator: "-")
            return words.prefix(1).joined()
                + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }

        /// The value a new library has, as `config` prints it.
        public var defaultValue: String { LibrarySettings().value(forKey: key) ?? "" }

        /// True when `text` is a value the setting may take.
        public func accepts(_ text: String) -> Bool {
            switch values {
            case .wholeNumber(let range): Int(text).map(range.contains) ?? false
            case .oneOf(let choices): choices.contains(text)
            }
        }

        /// What a valid value is, for messages: "a whole number in 16...4096", "write or off".
        public var expectation: String {
            switch values {
            case .wholeNumber(let range): "a whole number in \(range.lowerBound)...\(range.upperBound)"
            case .oneOf(let choices):
                choices.count < 2
                    ? choices.joined()
                    : choices.dropLast().joined(separator: ", ") + " or " + choices[choices.count - 1]
            }
        }
    }

    /// Every setting, in the order `config` lists them.
    public static let definitions: [Definition] = [
        Definition(key: "thumbnail-size", values: .wholeNumber(16...4096)),
        Definition(key: "preview-size", values: .wholeNumber(64...16384)),
        Definition(key: "quality", values: .wholeNumber(1...100)),
        // 1000: a decode may hold 2 MiB a megapixel of it (PixelLimit.decodeBudget), 2 GB at
        // most, and every photo a camera makes fits.
        Definition(key: "max-megapixels", values: .wholeNumber(1...1000)),
        Definition(key: "sidecars", values: .oneOf(SidecarMode.allCases.map(\.rawValue))),
        Definition(key: "rendition-colour", values: .oneOf(RenditionColour.allCases.map(\.rawValue))),
    ]

    /// The settings as read from a file, each value its definition refuses replaced by the
    /// default, and for each such value why, naming its key as the file does:
    /// "maxMegapixels is 100000, expected a whole number in 1...1000; using 250". A hostile or
    /// mistyped settings.json must not lift the pixel limit or the memory budget.
    public func validated() -> (settings: LibrarySettings, warnings: [String]) {
        var settings = self
        var warnings: [String] = []
        for definition in Self.definitions {
            guard let value = value(forKey: definition.key), !definition.accepts(value) else { continue }
            // The default is accepted (LibrarySettingsTests), so this cannot throw.
            try? settings.setValue(definition.defaultValue, forKey: definition.key)
            warnings.append(
                "\(definition.fileKey) is \(value), expected \(definition.expectation); using \(definition.defaultValue)"
            )
        }
        return (settings, warnings)
    }

    /// Setting names in the order `config` lists them.
    public static var keys: [String] { definitions.map(\.key) }

    public static func definition(forKey key: String) -> Definition? {
        definitions.first { $0.key == key }
    }

    /// The value of a setting as text; nil for an unknown name.
    public func value(forKey key: String) -> String? {
        switch key {
        case "thumbnail-size": String(thumbnailSize)
        case "preview-size": String(previewSize)
        case "quality": String(quality)
        case "max-megapixels": String(maxMegapixels)
        case "sidecars": sidecars.rawValue
        case "rendition-colour": (renditionColour ?? .srgb).rawValue
        default: nil
        }
    }

    /// Sets a setting from text, checked against its definition.
    public mutating func setValue(_ text: String, forKey key: String) throws(SettingsError) {
        guard let definition = Self.definition(forKey: key) else {
            throw SettingsError(key: key, reason: .unknownKey)
        }
        guard definition.accepts(text) else {
            throw SettingsError(key: key, reason: .invalidValue(text, expected: definition.expectation))
        }
        let number = Int(text) ?? 0
        switch key {
        case "thumbnail-size": thumbnailSize = number
        case "preview-size": previewSize = number
        case "quality": quality = number
        case "max-megapixels": maxMegapixels = number
        case "sidecars": sidecars = SidecarMode(rawValue: text) ?? sidecars
        // sRGB is stored as no value, so that the settings file stays as it was.
        case "rendition-colour": renditionColour = RenditionColour(rawValue: text).flatMap { $0 == .srgb ? nil : $0 }
        default: throw SettingsError(key: key, reason: .unknownKey)
        }
    }
}

/// A setting that does not exist, or a value it cannot take.
public struct SettingsError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case unknownKey
        case invalidValue(String, expected: String)
    }

    public var key: String
    public var reason: Reason

    public init(key: String, reason: Reason) {
        self.key = key
        self.reason = reason
    }

    public var kind: ErrorKind { .usage }

    public var description: String {
        switch reason {
        case .unknownKey: "no setting '\(key)' (settings: \(LibrarySettings.keys.joined(separator: ", ")))"
        case .invalidValue(let value, let expected): "invalid value '\(value)' for \(key): expected \(expected)"
        }
    }
}
