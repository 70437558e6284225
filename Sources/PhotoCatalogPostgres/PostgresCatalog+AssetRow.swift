import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoSupport

// MARK: - Rows to values: the one place that knows the column order

extension PostgresCatalog {
    /// The columns `asset(fromRow:)` reads, in its order (the SQLite catalog's order too).
    static let assetColumns = """
        id, relative_path, file_size, modified_ns, fingerprint, pixel_width, pixel_height, orientation, \
        taken_local, taken_offset, camera_make, camera_model, gps_latitude, gps_longitude, gps_altitude, \
        embedded_caption, caption, caption_source, city, city_source, country, \
        favourite, liked, trashed, missing, damage, indexed_at, \
        popped_at, trashed_at, trash_path, \
        region, country_name, rating, undecodable, taken_source, gps_source, format, mime_type, \
        rating_source, keywords, keywords_source, content_hash
        """

    /// How many columns `assetColumns` names.
    static let assetColumnCount: Int32 = 42

    static func asset(fromRow row: PGRow) throws -> Asset {
        var takenAt: CaptureDate?
        if let localTime = row.optionalText(8) {
            takenAt = CaptureDate(localTime: localTime, utcOffset: row.optionalText(9))
        }
        var gps: GPSCoordinate?
        if let latitude = row.optionalDouble(12), let longitude = row.optionalDouble(13) {
            gps = GPSCoordinate(latitude: latitude, longitude: longitude, altitude: row.optionalDouble(14))
        }
        let metadata = PhotoMetadata(
            pixelWidth: row.optionalInt(5), pixelHeight: row.optionalInt(6),
            orientation: Int(row.int64(7)), takenAt: takenAt,
            cameraMake: row.optionalText(10), cameraModel: row.optionalText(11),
            gps: gps, caption: row.optionalText(15),
            takenAtSource: row.optionalText(34).flatMap(MetadataSource.init(rawValue:)),
            gpsSource: row.optionalText(35).flatMap(MetadataSource.init(rawValue:)),
            format: ImageFormat(rawValue: row.text(36)) ?? .jpeg, mimeType: row.text(37))
        return Asset(
            id: try assetID(fromRow: row, column: 0),
            file: fileFacts(fromRow: row, pathColumn: 1),
            metadata: metadata,
            caption: row.optionalText(16),
            captionSource: row.optionalText(17).flatMap(TextSource.init(rawValue:)),
            city: row.optionalText(18),
            citySource: row.optionalText(19).flatMap(TextSource.init(rawValue:)),
            country: row.optionalText(20),
            favourite: row.bool(21), liked: row.bool(22), trashed: row.bool(23), missing: row.bool(24),
            damage: row.optionalText(25),
            indexedAt: Date(timeIntervalSince1970: row.double(26)),
            poppedAt: row.optionalDouble(27).map(Date.init(timeIntervalSince1970:)),
            trashedAt: row.optionalDouble(28).map(Date.init(timeIntervalSince1970:)),
            trashLocation: row.optionalBytes(29).map(RawPath.init(bytes:)),
            region: row.optionalText(30),
            countryName: row.optionalText(31),
            rating: row.optionalInt(32),
            undecodable: row.bool(33),
            ratingSource: row.optionalText(38).flatMap(TextSource.init(rawValue:)),
            keywords: KeywordColumns.keywords(row.optionalText(39)),
            keywordsSource: row.optionalText(40).flatMap(TextSource.init(rawValue:)),
            contentHash: row.optionalText(41))
    }

    /// The columns `indexRecord(fromRow:)` reads, in its order.
    static let indexRecordColumns =
        "id, relative_path, file_size, modified_ns, fingerprint, missing, indexed_at, sidecar_stamp, trashed"

    static func indexRecord(fromRow row: PGRow) throws -> IndexRecord {
        IndexRecord(
            id: try assetID(fromRow: row, column: 0), file: fileFacts(fromRow: row, pathColumn: 1),
            missing: row.bool(5), indexedAt: row.double(6), sidecarStamp: row.optionalText(7),
            trashed: row.bool(8))
    }

    /// The id in `column`; the schema's CHECK keeps anything else out.
    static func assetID(fromRow row: PGRow, column: Int32) throws -> AssetID {
        let text = row.text(column)
        guard let id = AssetID(lowercaseHex: text) else {
            throw PGError(.client, message: "the catalog holds an asset id that is not 16 hex digits: '\(text)'")
        }
        return id
    }

    private static func fileFacts(fromRow row: PGRow, pathColumn: Int32) -> FileFacts {
        FileFacts(
            relativePath: RawPath(bytes: row.bytes(pathColumn)), size: row.int64(pathColumn + 1),
            modifiedNanoseconds: row.int64(pathColumn + 2), fingerprint: row.text(pathColumn + 3))
    }
}

// MARK: - Values to rows

extension PostgresCatalog {
    /// The columns of the temporary table an index batch is copied into, with their types
    /// (binary COPY needs each one exact), in the order `scannedValues` fills them.
    static let scannedColumns: [(name: String, type: UInt32)] = [
        ("id", PGType.text), ("relative_path", PGType.bytea), ("file_size", PGType.int8),
        ("modified_ns", PGType.int8), ("fingerprint", PGType.text), ("pixel_width", PGType.int8),
        ("pixel_height", PGType.int8), ("orientation", PGType.int8), ("taken_local", PGType.text),
        ("taken_offset", PGType.text), ("camera_make", PGType.text), ("camera_model", PGType.text),
        ("gps_latitude", PGType.float8), ("gps_longitude", PGType.float8), ("gps_altitude", PGType.float8),
        ("embedded_caption", PGType.text), ("damage", PGType.text), ("indexed_at", PGType.float8),
        ("caption", PGType.text), ("caption_source", PGType.text), ("caption_folded", PGType.text),
        ("city", PGType.text), ("city_source", PGType.text), ("city_folded", PGType.text),
        ("region", PGType.text), ("country", PGType.text), ("country_name", PGType.text),
        ("rating", PGType.int8), ("sidecar_stamp", PGType.text), ("undecodable", PGType.bool),
        ("taken_source", PGType.text), ("gps_source", PGType.text), ("format", PGType.text),
        ("mime_type", PGType.text), ("rating_source", PGType.text), ("keywords", PGType.text),
        ("keywords_folded", PGType.text), ("keywords_source", PGType.text), ("content_hash", PGType.text),
    ]

    static func scannedValues(_ scanned: ScannedFile, now: Double) -> [PGValue] {
        let metadata = scanned.metadata
        let text = scanned.text
        return [
            .text(scanned.id.hex), .bytes(scanned.file.relativePath.bytes), .int(scanned.file.size),
            .int(scanned.file.modifiedNanoseconds), .text(scanned.file.fingerprint),
            PGValue(metadata.pixelWidth), PGValue(metadata.pixelHeight), PGValue(metadata.orientation),
            PGValue(metadata.takenAt?.localTime), PGValue(metadata.takenAt?.utcOffset),
            PGValue(metadata.cameraMake), PGValue(metadata.cameraModel),
            PGValue(metadata.gps?.latitude), PGValue(metadata.gps?.longitude), PGValue(metadata.gps?.altitude),
            PGValue(metadata.caption), PGValue(scanned.damage), .double(now),
            PGValue(text.caption), PGValue(text.captionSource?.rawValue), PGValue(text.caption.map(fold)),
            PGValue(text.city), PGValue(text.citySource?.rawValue), PGValue(text.city.map(fold)),
            PGValue(text.region), PGValue(text.countryCode), PGValue(text.countryName),
            PGValue(text.rating), PGValue(scanned.sidecarStamp), .bool(scanned.undecodable),
            PGValue(metadata.takenAt == nil ? nil : metadata.takenAtSource?.rawValue),
            PGValue(metadata.gps == nil ? nil : metadata.gpsSource?.rawValue),
            .text(metadata.format.rawValue), .text(metadata.mimeType),
            PGValue(text.ratingSource?.rawValue), PGValue(KeywordColumns.text(text.keywords)),
            PGValue(KeywordColumns.foldedJSON(text.keywords)), PGValue(text.keywordsSource?.rawValue),
            PGValue(scanned.contentHash),
        ]
    }

    /// The columns a user's caption edit owns: an index pass leaves them alone when `caption_source` is 'user'.
    static let userCaptionColumns = ["caption", "caption_source", "caption_folded"]
    /// The columns a user's city edit owns, kept when `city_source` is 'user'.
    static let userCityColumns = ["city", "city_source", "city_folded", "region", "country", "country_name"]
    /// The columns a user's rating owns, kept when `rating_source` is 'user'.
    static let userRatingColumns = ["rating", "rating_source"]
    /// The columns a user's keyword edit owns, kept when `keywords_source` is 'user'.
    static let userKeywordColumns = ["keywords", "keywords_folded", "keywords_source"]

    /// The form in which captions and cities are compared: the SQLite catalog's own function,
    /// so that both find the same assets.
    static func fold(_ text: String) -> String { SQLiteCatalog.fold(text) }
}
