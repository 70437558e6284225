import PhotoSupport

/// The settings by name, as `photolib config` shows and sets them.
extension LibrarySettings {
    /// Setting names in the order `config` lists them (kebab-case, as `init`'s options).
    public static let keys = ["thumbnail-size", "preview-size", "quality", "max-megapixels", "sidecars"]

    /// The value of a setting as text; nil for an unknown name.
    public func value(forKey key: String) -> String? {
        switch key {
        case "thumbnail-size": String(thumbnailSize)
        case "preview-size": String(previewSize)
        case "quality": String(quality)
        case "max-megapixels": String(maxMegapixels)
        case "sidecars": sidecars.rawValue
        default: nil
        }
    }

    /// Sets a setting from text, checked as `init` checks its options.
    public mutating func setValue(_ text: String, forKey key: String) throws(SettingsError) {
        func number(_ range: ClosedRange<Int>) throws(SettingsError) -> Int {
            guard let value = Int(text), range.contains(value) else {
                throw SettingsError(
                    key: key,
                    reason: .invalidValue(text, expected: "a whole number in \(range.lowerBound)...\(range.upperBound)")
                )
            }
            return value
        }
        switch key {
        case "thumbnail-size": thumbnailSize = try number(Self.thumbnailSizeRange)
        case "preview-size": previewSize = try number(Self.previewSizeRange)
        case "quality": quality = try number(Self.qualityRange)
        case "max-megapixels": maxMegapixels = try number(Self.maxMegapixelsRange)
        case "sidecars":
            guard let mode = SidecarMode(rawValue: text) else {
                throw SettingsError(key: key, reason: .invalidValue(text, expected: "write or off"))
            }
            sidecars = mode
        default:
            throw SettingsError(key: key, reason: .unknownKey)
        }
    }

    public static let thumbnailSizeRange = 16...4096
    public static let previewSizeRange = 64...16384
    public static let qualityRange = 1...100
    public static let maxMegapixelsRange = 1...100_000
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
