import PhotoFormats

/// The two renditions every asset gets.
public enum RenditionKind: String, Sendable, CaseIterable, Codable {
    /// Fits in `LibrarySettings.thumbnailSize` (256 by default): grids.
    case thumbnail
    /// Fits in `LibrarySettings.previewSize` (1280 by default): `peek` and detail views.
    case preview
}

/// What a rendition is: its kind, the box it fits in and its JPEG quality.
///
/// All three are part of the file name, so changing a setting gives new files instead of
/// serving renditions made with the old one.
public struct RenditionSpec: Sendable, Hashable, CustomStringConvertible {
    public var kind: RenditionKind
    /// The longest side, in pixels, after orientation.
    public var maxDimension: Int
    /// JPEG quality, 1...100.
    public var quality: Int
    /// The colours it is in (`rendition-colour`).
    public var colour: RenditionColour

    public init(kind: RenditionKind, maxDimension: Int, quality: Int, colour: RenditionColour = .srgb) {
        self.kind = kind
        self.maxDimension = maxDimension
        self.quality = quality
        self.colour = colour
    }

    /// The spec a library's settings give for `kind`.
    public static func standard(_ kind: RenditionKind, settings: LibrarySettings) -> RenditionSpec {
        let size = kind == .thumbnail ? settings.thumbnailSize : settings.previewSize
        return RenditionSpec(
            kind: kind, maxDimension: size, quality: settings.quality, colour: settings.renditionColour ?? .srgb)
    }

    /// The pixel size of this rendition of a `format` photo displayed at `displayWidth` x
    /// `displayHeight` (after EXIF orientation): the image scaled to fit `maxDimension`, never
    /// enlarged (nor, for a raw, past its half-size picture: `ImageFormat.renditionSourceSide`),
    /// each side at least 1. This is exactly the size `RenditionMaker` writes.
    public func fittedSize(
        displayWidth: Int, displayHeight: Int, format: ImageFormat
    ) -> (width: Int, height: Int) {
        let source = format.renditionSourceSide(displayWidth: displayWidth, displayHeight: displayHeight)
        return fitted(width: displayWidth, height: displayHeight, within: min(maxDimension, source))
    }

    /// `preview-1280-q82`: the part of a file name that says which spec made it; Display P3
    /// renditions add `-p3` (sRGB ones keep the names they always had).
    public var description: String {
        "\(kind.rawValue)-\(maxDimension)-q\(quality)" + (colour == .displayP3 ? "-p3" : "")
    }
}

/// Scales `width` x `height` down (never up) so that its longer side is at most `limit`,
/// rounding the shorter side to the nearest pixel.
func fitted(width: Int, height: Int, within limit: Int) -> (width: Int, height: Int) {
    let limit = max(1, limit)
    guard width > 0, height > 0 else { return (0, 0) }
    guard max(width, height) > limit else { return (width, height) }
    if width >= height {
        return (limit, max(1, (2 * height * limit + width) / (2 * width)))
    }
    return (max(1, (2 * width * limit + height) / (2 * height)), limit)
}
