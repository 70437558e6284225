import PhotoCatalog
import PhotoFormats

extension DamageFinding {
    /// What a decode that made renditions of part of the image says about the original.
    static func partial(id: AssetID, damage: String) -> DamageFinding {
        DamageFinding(id: id, reason: "decoded in part (\(damage))", undecodable: false)
    }

    /// What a failed decode says about the original: nil when the failure was not the
    /// original's fault (a full disk, a folder in the way) or was a refusal (the pixel limit).
    static func undecodable(id: AssetID, error: any Error) -> DamageFinding? {
        guard let error = error as? ImagingError, error.kind == .badData else { return nil }
        if case .tooManyPixels = error.reason { return nil }
        return DamageFinding(id: id, reason: error.reasonDescription, undecodable: true)
    }
}
