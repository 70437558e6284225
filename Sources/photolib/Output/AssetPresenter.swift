import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport

/// Turns assets into what people and scripts read: the asset JSON (the same shape in
/// every command), `--format` fields, and table cells.
struct AssetPresenter {
    let library: Library
    private var renditionStore: RenditionStore { RenditionStore(library: library) }
    /// Short ids (the shortest unique prefix, at least 8 digits) for the assets shown.
    let shortIDs: [AssetID: String]

    init(library: Library, catalog: any Catalog, assets: [Asset]) throws {
        self.library = library
        self.shortIDs = try catalog.shortIDs(for: assets.map(\.id), minimumLength: AssetID.minimumDisplayLength)
    }

    /// A presenter for output that shows no short ids (`--ids`), which spares their lookups.
    init(library: Library) {
        self.library = library
        self.shortIDs = [:]
    }

    func shortID(_ asset: Asset) -> String { shortIDs[asset.id] ?? asset.id.hex }

    /// The asset JSON documented in photolib(1) under "ASSET JSON".
    func json(_ asset: Asset) -> JSONValue {
        let metadata = asset.metadata
        return .object([
            ("id", .string(asset.id.hex)),
            ("shortId", .string(shortID(asset))),
            ("path", .path(library.absolutePath(of: asset.file.relativePath))),
            ("relativePath", .path(asset.file.relativePath)),
            ("fileName", .path(asset.file.relativePath.lastComponent)),
            ("fileSize", .int(asset.file.size)),
            ("modifiedAt", .string(Timestamp.iso8601(asset.file.modifiedAt))),
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
            ("indexedAt", .string(Timestamp.iso8601(asset.indexedAt))),
            ("region", optionalString(asset.region)),
            ("countryName", optionalString(asset.countryName)),
            ("rating", optionalInt(asset.rating)),
            ("takenAtSource", optionalString(metadata.takenAtSource?.rawValue)),
            ("gpsSource", optionalString(metadata.gpsSource?.rawValue)),
            ("gpsStatus", optionalString(Self.gpsStatus(metadata))),
            ("poppedAt", optionalString(asset.poppedAt.map(Timestamp.iso8601))),
            ("trashedAt", optionalString(asset.trashedAt.map(Timestamp.iso8601))),
            ("renditions", renditionsJSON(asset)),
            ("companions", companionsJSON(asset)),
        ])
    }

    /// The names `--format` accepts, in the order the man page lists them.
    static let formatFields = [
        "id", "shortId", "path", "relativePath", "fileName", "fileSize", "modifiedAt", "fingerprint",
        "width", "height", "pixelWidth", "pixelHeight", "orientation", "takenAt", "make", "model",
        "latitude", "longitude", "altitude", "caption", "city", "country",
        "favourite", "liked", "trashed", "missing", "damaged", "indexedAt",
        "captionSource", "citySource", "region", "countryName", "rating", "poppedAt", "trashedAt",
        "takenAtSource", "gpsSource", "gpsStatus", "format", "mimeType", "baseName",
    ]

    /// "fix" for a position, "placeholder" for the 0,0 that cameras without a fix write
    /// (kept, but naming no city), nil without GPS.
    static func gpsStatus(_ metadata: PhotoMetadata) -> String? {
        metadata.gps.map { $0.isNoFixPlaceholder ? "placeholder" : "fix" }
    }

    /// The `--format` fields that are file names, as their exact bytes (not always UTF-8).
    func pathFields(_ asset: Asset) -> [String: [UInt8]] {
        [
            "path": library.absolutePath(of: asset.file.relativePath).bytes,
            "relativePath": asset.file.relativePath.bytes,
            "fileName": asset.file.relativePath.lastComponent.bytes,
            "baseName": Self.baseName(asset.file.relativePath),
        ]
    }

    /// The file name without its extension (`IMG_0001` for `IMG_0001.JPG`).
    static func baseName(_ path: RawPath) -> [UInt8] {
        let name = path.lastComponent.bytes
        return Array(name.dropLast(ExportName.fileExtension(of: path).count))
    }

    /// One asset's `--format` fields as text; absent values are nil (printed as nothing).
    func formatFields(_ asset: Asset) -> [String: String?] {
        let metadata = asset.metadata
        func text(_ value: Int?) -> String? { value.map(String.init) }
        return [
            "id": asset.id.hex, "shortId": shortID(asset),
            "path": library.absolutePath(of: asset.file.relativePath).description,
            "relativePath": asset.file.relativePath.description,
            "fileName": asset.file.relativePath.lastComponent.description,
            "baseName": String(decoding: Self.baseName(asset.file.relativePath), as: UTF8.self),
            "fileSize": String(asset.file.size), "modifiedAt": Timestamp.iso8601(asset.file.modifiedAt),
            "fingerprint": asset.file.fingerprint,
            "width": text(metadata.displayWidth), "height": text(metadata.displayHeight),
            "pixelWidth": text(metadata.pixelWidth), "pixelHeight": text(metadata.pixelHeight),
            "orientation": String(metadata.orientation), "takenAt": metadata.takenAt?.iso8601,
            "make": metadata.cameraMake, "model": metadata.cameraModel,
            "latitude": metadata.gps.map { String($0.latitude) },
            "longitude": metadata.gps.map { String($0.longitude) },
            "altitude": metadata.gps?.altitude.map { String($0) },
            "caption": asset.caption, "city": asset.city, "country": asset.country,
            "favourite": String(asset.favourite), "liked": String(asset.liked),
            "trashed": String(asset.trashed), "missing": String(asset.missing),
            "damaged": String(asset.damage != nil), "indexedAt": Timestamp.iso8601(asset.indexedAt),
            "captionSource": asset.captionSource?.rawValue, "citySource": asset.citySource?.rawValue,
            "region": asset.region, "countryName": asset.countryName, "rating": text(asset.rating),
            "poppedAt": asset.poppedAt.map(Timestamp.iso8601), "trashedAt": asset.trashedAt.map(Timestamp.iso8601),
            "takenAtSource": metadata.takenAtSource?.rawValue, "gpsSource": metadata.gpsSource?.rawValue,
            "gpsStatus": Self.gpsStatus(metadata),
            "format": metadata.format.rawValue, "mimeType": metadata.mimeType,
        ]
    }

    /// The files that belong to the asset's photo (`[{path, kind, size}]`): its RAW, its
    /// camera's .THM, its Live Photo movie, found beside the original by name.
    private func companionsJSON(_ asset: Asset) -> JSONValue {
        guard !asset.trashed else { return .array([]) }
        return .array(
            Companions.of(library.absolutePath(of: asset.file.relativePath)).map { file in
                .object([("path", .path(file.path)), ("kind", .string(file.kind.rawValue)), ("size", .int(file.size))])
            })
    }

    /// `{thumbnail: {path, width, height}, preview: …}`, null for one not made yet.
    private func renditionsJSON(_ asset: Asset) -> JSONValue {
        let existing = renditionStore.existingRenditions(of: asset, settings: library.settings)
        return .object(RenditionKind.allCases.map { kind in (kind.rawValue, Self.renditionJSON(existing[kind])) })
    }

    /// A rendition as `{path, width, height}`, or null.
    static func renditionJSON(_ file: RenditionFile?) -> JSONValue {
        guard let file else { return .null }
        return .object([
            ("path", .path(file.path)), ("width", .int(Int64(file.width))), ("height", .int(Int64(file.height))),
        ])
    }

    private func optionalInt(_ value: Int?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }
    private func optionalString(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}

/// Timestamps as photolib prints them: ISO 8601 in UTC, to the second.
enum Timestamp {
    static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
