import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport

/// Turns assets into what people and scripts read: the asset JSON (the same shape in
/// every command), `--format` fields, and table cells.
struct AssetPresenter {
    let library: Library
    private let renditions: RenditionLookup
    /// Short ids (the shortest unique prefix, at least 8 digits) for the assets shown.
    let shortIDs: [AssetID: String]
    private let companionFinder = CompanionFinder()

    init(library: Library, catalog: any Catalog, assets: [Asset]) throws {
        self.library = library
        self.renditions = RenditionLookup(library: library)
        self.shortIDs = try catalog.shortIDs(for: assets.map(\.id), minimumLength: AssetID.minimumDisplayLength)
    }

    /// A presenter whose caller brings each asset's short id (a list that streams, which
    /// reads them with the assets), or shows none.
    init(library: Library) {
        self.library = library
        self.renditions = RenditionLookup(library: library)
        self.shortIDs = [:]
    }

    func shortID(_ asset: Asset) -> String { shortIDs[asset.id] ?? asset.id.hex }

    /// The asset JSON documented in photolib(1) under "ASSET JSON", as a value.
    func json(_ asset: Asset) -> JSONValue {
        JSONValueBuilder.object { write(asset, to: &$0) }
    }

    /// The asset JSON's members, in order, into `sink`: the one list of them, which both the
    /// `JSONValue` form and lists' straight-to-bytes form write. A new field is one line here
    /// (and one in photolib(1)).
    func write<Sink: JSONObjectSink>(_ asset: Asset, shortID: String? = nil, to sink: inout Sink) {
        let metadata = asset.metadata
        sink.string("id", asset.id.hex)
        sink.string("shortId", shortID ?? self.shortID(asset))
        sink.path("path", library.absolutePath(of: asset.file.relativePath))
        sink.path("relativePath", asset.file.relativePath)
        sink.path("fileName", asset.file.relativePath.lastComponent)
        sink.int("fileSize", asset.file.size)
        sink.string("modifiedAt", Timestamp.iso8601(asset.file.modifiedAt))
        sink.string("fingerprint", asset.file.fingerprint)
        sink.string("format", metadata.format.rawValue)
        sink.string("mimeType", metadata.mimeType)
        sink.int("width", metadata.displayWidth)
        sink.int("height", metadata.displayHeight)
        sink.int("pixelWidth", metadata.pixelWidth)
        sink.int("pixelHeight", metadata.pixelHeight)
        sink.int("orientation", Int64(metadata.orientation))
        sink.string("takenAt", metadata.takenAt?.iso8601)
        let hasCamera = metadata.cameraMake != nil || metadata.cameraModel != nil
        sink.object("camera", hasCamera ? metadata : nil) { camera, metadata in
            camera.string("make", metadata.cameraMake)
            camera.string("model", metadata.cameraModel)
        }
        sink.object("gps", metadata.gps) { object, gps in
            object.double("latitude", gps.latitude)
            object.double("longitude", gps.longitude)
            object.double("altitude", gps.altitude)
        }
        sink.string("caption", asset.caption)
        sink.string("captionSource", asset.captionSource?.rawValue)
        sink.string("city", asset.city)
        sink.string("citySource", asset.citySource?.rawValue)
        sink.string("country", asset.country)
        sink.bool("favourite", asset.favourite)
        sink.bool("liked", asset.liked)
        sink.bool("trashed", asset.trashed)
        sink.bool("missing", asset.missing)
        sink.bool("damaged", asset.damage != nil)
        sink.string("damage", asset.damage)
        sink.string("indexedAt", Timestamp.iso8601(asset.indexedAt))
        sink.string("region", asset.region)
        sink.string("countryName", asset.countryName)
        sink.int("rating", asset.rating)
        sink.string("ratingSource", asset.ratingSource?.rawValue)
        sink.strings("keywords", asset.keywords)
        sink.string("keywordsSource", asset.keywordsSource?.rawValue)
        sink.string("contentHash", asset.contentHash)
        sink.string("takenAtSource", metadata.takenAtSource?.rawValue)
        sink.string("gpsSource", metadata.gpsSource?.rawValue)
        sink.string("gpsStatus", Self.gpsStatus(metadata))
        sink.string("poppedAt", asset.poppedAt.map(Timestamp.iso8601))
        sink.string("trashedAt", asset.trashedAt.map(Timestamp.iso8601))
        writeRenditions(asset, to: &sink)
        // The files that belong to the asset's photo (its RAW, its camera's .THM, its Live
        // Photo movie), found beside the original by name; none for an asset in the trash.
        let companions =
            asset.trashed ? [] : companionFinder.companions(of: library.absolutePath(of: asset.file.relativePath))
        sink.objects("companions", companions) { object, file in
            object.path("path", file.path)
            object.string("kind", file.kind.rawValue)
            object.int("size", file.size)
        }
    }

    /// The names `--format` accepts, in the order the man page lists them.
    static let formatFields = [
        "id", "shortId", "path", "relativePath", "fileName", "fileSize", "modifiedAt", "fingerprint",
        "width", "height", "pixelWidth", "pixelHeight", "orientation", "takenAt", "make", "model",
        "latitude", "longitude", "altitude", "caption", "city", "country",
        "favourite", "liked", "trashed", "missing", "damaged", "indexedAt",
        "captionSource", "citySource", "region", "countryName", "rating", "poppedAt", "trashedAt",
        "takenAtSource", "gpsSource", "gpsStatus", "format", "mimeType", "ratingSource", "keywords",
        "keywordsSource", "baseName", "contentHash",
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
    func formatFields(_ asset: Asset, shortID: String? = nil) -> [String: String?] {
        let metadata = asset.metadata
        func text(_ value: Int?) -> String? { value.map(String.init) }
        return [
            "id": asset.id.hex, "shortId": shortID ?? self.shortID(asset),
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
            "ratingSource": asset.ratingSource?.rawValue, "keywords": KeywordColumns.logText(asset.keywords),
            "keywordsSource": asset.keywordsSource?.rawValue, "contentHash": asset.contentHash,
        ]
    }

    /// `{thumbnail: {path, width, height}, preview: …}`, null for one not made yet.
    private func writeRenditions<Sink: JSONObjectSink>(_ asset: Asset, to sink: inout Sink) {
        let existing = renditions.existing(of: asset)
        sink.object("renditions") { object in
            for (kind, file) in zip(renditions.kinds, existing) {
                object.object(kind.jsonKey, file) { Self.write($1, to: &$0) }
            }
        }
    }

    /// A rendition's `{path, width, height}`.
    static func write<Sink: JSONObjectSink>(_ file: RenditionFile, to sink: inout Sink) {
        sink.path("path", file.path)
        sink.int("width", file.width)
        sink.int("height", file.height)
    }

    /// A rendition as `{path, width, height}`, or null.
    static func renditionJSON(_ file: RenditionFile?) -> JSONValue {
        guard let file else { return .null }
        return JSONValueBuilder.object { write(file, to: &$0) }
    }

}

extension RenditionKind {
    /// `rawValue` as a key of the asset JSON.
    fileprivate var jsonKey: StaticString {
        switch self {
        case .thumbnail: "thumbnail"
        case .preview: "preview"
        }
    }
}

/// Timestamps as photolib prints them: ISO 8601 in UTC, to the second.
enum Timestamp {
    static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let year = Int(parts.tm_year) + 1900
        guard (0...9999).contains(year) else {
            return String(
                format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, Int(parts.tm_mon) + 1,
                Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        }
        // Digit by digit: String(format:) cost a list of 100,000 assets a quarter of a second.
        let text = [UInt8](unsafeUninitializedCapacity: 20) { buffer, count in
            func put(_ value: Int, digits: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, digits: 4, at: 0)
            put(Int(parts.tm_mon) + 1, digits: 2, at: 5)
            put(Int(parts.tm_mday), digits: 2, at: 8)
            put(Int(parts.tm_hour), digits: 2, at: 11)
            put(Int(parts.tm_min), digits: 2, at: 14)
            put(Int(parts.tm_sec), digits: 2, at: 17)
            for (offset, separator) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "Z")]
                as [(Int, Unicode.Scalar)]
            {
                buffer[offset] = UInt8(ascii: separator)
            }
            count = 20
        }
        return String(decoding: text, as: UTF8.self)
    }
}
