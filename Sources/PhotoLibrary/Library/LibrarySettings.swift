import Foundation
import PhotoFormats

/// A library's settings, kept as JSON in `.photolib/settings.json`.
public struct LibrarySettings: Codable, Sendable, Equatable {
    /// Bumped when the file's shape changes.
    public var version: Int = 1
    /// Thumbnails fit within this many pixels on each side.
    public var thumbnailSize: Int = 256
    /// Previews fit within this many pixels on each side.
    public var previewSize: Int = 1280
    /// JPEG quality of renditions, 1...100.
    public var quality: Int = 82
    /// Images with more pixels than this are refused before decoding.
    public var maxMegapixels: Int = PixelLimit.standard.megapixels
    /// Whether edits are given back to XMP sidecars (`write`) or kept in the catalog only (`off`).
    public var sidecars: SidecarMode = .off
    /// The colours renditions are made in: sRGB (untagged) unless this says Display P3.
    /// Optional so that a library left at sRGB keeps the settings file it had.
    public var renditionColour: RenditionColour?
    /// Where the catalog lives: nil for the library's own SQLite file, else a PostgreSQL URL
    /// (never with a password) shared by every machine that opens the library.
    public var catalog: String?
    /// The PostgreSQL schema that holds this library's tables (with `catalog` only).
    public var postgresSchema: String?
    /// The marker that ties the catalog to this library: the id also kept in the catalog
    /// (`catalog_info.library_id`), so that a catalog from elsewhere is recognised and refused.
    public var libraryID: String?
    /// The catalog's schema version when this library last opened it.
    public var catalogSchema: Int?

    public init() {}

    /// `maxMegapixels` as the limit every decode and transform checks.
    public var pixelLimit: PixelLimit { PixelLimit(megapixels: maxMegapixels) }

    /// Reads settings, filling keys the file lacks with defaults (older libraries).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = LibrarySettings()
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? defaults.version
        thumbnailSize = try container.decodeIfPresent(Int.self, forKey: .thumbnailSize) ?? defaults.thumbnailSize
        previewSize = try container.decodeIfPresent(Int.self, forKey: .previewSize) ?? defaults.previewSize
        quality = try container.decodeIfPresent(Int.self, forKey: .quality) ?? defaults.quality
        maxMegapixels = try container.decodeIfPresent(Int.self, forKey: .maxMegapixels) ?? defaults.maxMegapixels
        sidecars = try container.decodeIfPresent(SidecarMode.self, forKey: .sidecars) ?? defaults.sidecars
        // A value this version does not know gives sRGB, the renditions every viewer shows right.
        renditionColour = (try? container.decodeIfPresent(String.self, forKey: .renditionColour))
            .flatMap { $0.flatMap(RenditionColour.init(rawValue:)) }
        catalog = try container.decodeIfPresent(String.self, forKey: .catalog)
        postgresSchema = try container.decodeIfPresent(String.self, forKey: .postgresSchema)
        libraryID = try container.decodeIfPresent(String.self, forKey: .libraryID)
        catalogSchema = try container.decodeIfPresent(Int.self, forKey: .catalogSchema)
    }
}

extension LibrarySettings {
    /// True when an image of `width` x `height` pixels is within `maxMegapixels`, so that
    /// photolib may decode it (and it may have renditions); false when either is unknown.
    public func allowsDecoding(width: Int?, height: Int?) -> Bool {
        guard let width, let height, width > 0, height > 0 else { return false }
        return pixelLimit.admits(width: width, height: height)
    }
}

/// The colours renditions are made in (`rendition-colour`).
public enum RenditionColour: String, Codable, Sendable, CaseIterable {
    /// Untagged sRGB: what every viewer assumes; the default.
    case srgb
    /// Display P3, tagged with its profile: more saturated colours on wide-gamut screens.
    case displayP3 = "display-p3"

    /// The renditions' colour target in the imaging layer.
    var target: ColourTarget { self == .srgb ? .sRGB : .displayP3 }
}

extension LibrarySettings {
    /// The renditions' colour target.
    var colourTarget: ColourTarget { (renditionColour ?? .srgb).target }
}

/// What photolib does with XMP sidecars when an action changes a caption, city or favourite.
public enum SidecarMode: String, Codable, Sendable, CaseIterable {
    /// Write `photo.jpg.xmp` (or update the sidecar that exists) with `SidecarWriter`.
    case write
    /// Keep edits in the catalog only.
    case off
}
