import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport
import PhotoTestSupport
import Testing

@testable import PhotoLibrary
@testable import photolib

/// The asset JSON as photolib wrote it before lists streamed (issue 16): a `JSONValue`
/// tree per asset, its companions found by listing the folder for each asset, its times
/// formatted with `String(format:)`. Kept here, unchanged, as the reference the streaming
/// writer must match byte for byte.
struct LegacyAssetJSON {
    let library: Library
    let shortIDs: [AssetID: String]
    private var renditionStore: RenditionStore { RenditionStore(library: library) }

    func shortID(_ asset: Asset) -> String { shortIDs[asset.id] ?? asset.id.hex }

    static func gpsStatus(_ metadata: PhotoMetadata) -> String? {
        metadata.gps.map { $0.isNoFixPlaceholder ? "placeholder" : "fix" }
    }

    func json(_ asset: Asset) -> JSONValue {
        let metadata = asset.metadata
        return .object([
            ("id", .string(asset.id.hex)),
            ("shortId", .string(shortID(asset))),
            ("path", .path(library.absolutePath(of: asset.file.relativePath))),
            ("relativePath", .path(asset.file.relativePath)),
            ("fileName", .path(asset.file.relativePath.lastComponent)),
            ("fileSize", .int(asset.file.size)),
            ("modifiedAt", .string(Self.iso8601(asset.file.modifiedAt))),
            ("fingerprint", .string(asset.file.fingerprint)),
            ("format", .string(metadata.format.rawValue)),
            ("mimeType", .string(metadata.mimeType)),
            ("width", optionalInt(metadata.displayWidth)),
            ("height", optionalInt(metadata.displayHeight)),
            ("pixelWidth", optionalInt(metadata.pixelWidth)),
            ("pixelHeight", optionalInt(metadata.pixelHeight)),
            ("orientation", .int(Int64(metadata.orientation))),
            ("takenAt", optionalString(metadata.takenAt?.iso8601)),
            (
                "camera",
                metadata.cameraMake == nil && metadata.cameraModel == nil
                    ? .null
                    : .object([
                        ("make", optionalString(metadata.cameraMake)),
                        ("model", optionalString(metadata.cameraModel)),
                    ])
            ),
            (
                "gps",
                metadata.gps.map { gps in
                    .object([
                        ("latitude", .double(gps.latitude)),
                        ("longitude", .double(gps.longitude)),
                        ("altitude", gps.altitude.map(JSONValue.double) ?? .null),
                    ])
                } ?? .null
            ),
            ("caption", optionalString(asset.caption)),
            ("captionSource", optionalString(asset.captionSource?.rawValue)),
            ("city", optionalString(asset.city)),
            ("citySource", optionalString(asset.citySource?.rawValue)),
            ("country", optionalString(asset.country)),
            ("favourite", .bool(asset.favourite)),
            ("liked", .bool(asset.liked)),
            ("trashed", .bool(asset.trashed)),
            ("missing", .bool(asset.missing)),
            ("damaged", .bool(asset.damage != nil)),
            ("damage", optionalString(asset.damage)),
            ("indexedAt", .string(Self.iso8601(asset.indexedAt))),
            ("region", optionalString(asset.region)),
            ("countryName", optionalString(asset.countryName)),
            ("rating", optionalInt(asset.rating)),
            ("ratingSource", asset.ratingSource.map { .string($0.rawValue) } ?? .null),
            ("keywords", .array(asset.keywords.map(JSONValue.string))),
            ("keywordsSource", asset.keywordsSource.map { .string($0.rawValue) } ?? .null),
            ("contentHash", optionalString(asset.contentHash)),
            ("takenAtSource", optionalString(metadata.takenAtSource?.rawValue)),
            ("gpsSource", optionalString(metadata.gpsSource?.rawValue)),
            ("gpsStatus", optionalString(Self.gpsStatus(metadata))),
            ("poppedAt", optionalString(asset.poppedAt.map(Self.iso8601))),
            ("trashedAt", optionalString(asset.trashedAt.map(Self.iso8601))),
            ("renditions", renditionsJSON(asset)),
            ("companions", companionsJSON(asset)),
        ])
    }

    private func companionsJSON(_ asset: Asset) -> JSONValue {
        guard !asset.trashed else { return .array([]) }
        return .array(
            Self.companions(of: library.absolutePath(of: asset.file.relativePath)).map { file in
                .object([("path", .path(file.path)), ("kind", .string(file.kind.rawValue)), ("size", .int(file.size))])
            })
    }

    private func renditionsJSON(_ asset: Asset) -> JSONValue {
        let existing = renditionStore.existingRenditions(of: asset, settings: library.settings)
        return .object(RenditionKind.allCases.map { kind in (kind.rawValue, Self.renditionJSON(existing[kind])) })
    }

    static func renditionJSON(_ file: RenditionFile?) -> JSONValue {
        guard let file else { return .null }
        return .object([
            ("path", .path(file.path)), ("width", .int(Int64(file.width))), ("height", .int(Int64(file.height))),
        ])
    }

    private func optionalInt(_ value: Int?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }
    private func optionalString(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// `Companions.of` as it was: the folder listed for every asset.
    static func companions(of path: RawPath) -> [Companions.File] {
        let siblings = siblings(of: path)
        guard Companions.primaryExtensions.contains(path.lowercasedExtension) else {
            return siblings.filter { $0.kind == .thumbnail }
        }
        return siblings
    }

    private static func siblings(of path: RawPath) -> [Companions.File] {
        let stem = Companions.stem(of: path)
        let folder = path.parent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.description) else { return [] }
        var found: [Companions.File] = []
        for name in names.sorted() {
            let candidate = folder.appending(name)
            guard candidate != path, let kind = Companions.kind(of: candidate),
                Companions.stem(of: candidate) == stem,
                let info = FileSystem.status(candidate), info.st_mode & S_IFMT == S_IFREG
            else { continue }
            found.append(Companions.File(path: candidate, kind: kind, size: Int64(info.st_size)))
        }
        return found
    }
}
