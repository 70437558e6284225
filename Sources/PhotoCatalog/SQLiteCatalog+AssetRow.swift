import Foundation
import PhotoFormats
import PhotoSupport

// MARK: - Rows to values: the one place that knows the column order

extension SQLiteCatalog {
    /// The columns `asset(fromRow:)` reads, in its order: select them as `SELECT \(assetColumns) FROM assets`.
    static let assetColumns = """
        id, relative_path, file_size, modified_ns, fingerprint, pixel_width, pixel_height, orientation, \
        taken_local, taken_offset, camera_make, camera_model, gps_latitude, gps_longitude, gps_altitude, \
        embedded_caption, caption, caption_source, city, city_source, country, \
        favourite, liked, trashed, missing, damage, indexed_at, \
        popped_at, trashed_at, trash_path, \
        region, country_name, rating, undecodable, taken_source, gps_source, format, mime_type, \
        rating_source, keywords, keywords_source, content_hash
        """

    /// How many columns `assetColumns` names: a query may select more after them.
    static let assetColumnCount = Int32(assetColumns.split(separator: ",").count)

    /// The asset in the current row of a statement that selected `assetColumns`.
    static func asset(fromRow row: SQLiteStatement) throws -> Asset {
        var takenAt: CaptureDate?
        if let localTime = row.optionalText(at: 8) {
            takenAt = CaptureDate(localTime: localTime, utcOffset: row.optionalText(at: 9))
        }
        var gps: GPSCoordinate?
        if let latitude = row.optionalDouble(at: 12), let longitude = row.optionalDouble(at: 13) {
            gps = GPSCoordinate(latitude: latitude, longitude: longitude, altitude: row.optionalDouble(at: 14))
        }
        let metadata = PhotoMetadata(
            pixelWidth: row.optionalInt(at: 5), pixelHeight: row.optionalInt(at: 6),
            orientation: Int(row.int64(at: 7)), takenAt: takenAt,
            cameraMake: row.optionalText(at: 10), cameraModel: row.optionalText(at: 11),
            gps: gps, caption: row.optionalText(at: 15),
            takenAtSource: row.optionalText(at: 34).flatMap(MetadataSource.init(rawValue:)),
            gpsSource: row.optionalText(at: 35).flatMap(MetadataSource.init(rawValue:)),
            format: ImageFormat(rawValue: row.text(at: 36)) ?? .jpeg, mimeType: row.text(at: 37))
        return Asset(
            id: try assetID(fromRow: row, column: 0),
            file: fileFacts(fromRow: row, pathColumn: 1),
            metadata: metadata,
            caption: row.optionalText(at: 16),
            captionSource: row.optionalText(at: 17).flatMap(TextSource.init(rawValue:)),
            city: row.optionalText(at: 18),
            citySource: row.optionalText(at: 19).flatMap(TextSource.init(rawValue:)),
            country: row.optionalText(at: 20),
            favourite: row.bool(at: 21), liked: row.bool(at: 22), trashed: row.bool(at: 23),
            missing: row.bool(at: 24),
            damage: row.optionalText(at: 25),
            indexedAt: Date(timeIntervalSince1970: row.double(at: 26)),
            poppedAt: row.optionalDouble(at: 27).map(Date.init(timeIntervalSince1970:)),
            trashedAt: row.optionalDouble(at: 28).map(Date.init(timeIntervalSince1970:)),
            trashLocation: row.isNull(at: 29) ? nil : RawPath(bytes: row.blob(at: 29)),
            region: row.optionalText(at: 30),
            countryName: row.optionalText(at: 31),
            rating: row.optionalInt(at: 32),
            undecodable: row.bool(at: 33),
            ratingSource: row.optionalText(at: 38).flatMap(TextSource.init(rawValue:)),
            keywords: KeywordColumns.keywords(row.optionalText(at: 39)),
            keywordsSource: row.optionalText(at: 40).flatMap(TextSource.init(rawValue:)),
            contentHash: row.optionalText(at: 41))
    }

    /// The columns `indexRecord(fromRow:)` reads, in its order.
    static let indexRecordColumns =
        "id, relative_path, file_size, modified_ns, fingerprint, missing, indexed_at, sidecar_stamp, trashed"

    static func indexRecord(fromRow row: SQLiteStatement) throws -> IndexRecord {
        IndexRecord(
            id: try assetID(fromRow: row, column: 0), file: fileFacts(fromRow: row, pathColumn: 1),
            missing: row.bool(at: 5), indexedAt: row.double(at: 6), sidecarStamp: row.optionalText(at: 7),
            trashed: row.bool(at: 8))
    }

    /// The id in `column`; the schema's CHECK keeps anything else out, so a bad one means a damaged file.
    static func assetID(fromRow row: SQLiteStatement, column: Int32) throws -> AssetID {
        let text = row.text(at: column)
        guard let id = AssetID(lowercaseHex: text) else {
            throw SQLiteError.corrupt("assets.id '\(text)' is not 16 hex digits", sql: row.sql)
        }
        return id
    }

    /// Path, size, modification time and fingerprint, read from four columns starting at `pathColumn`.
    private static func fileFacts(fromRow row: SQLiteStatement, pathColumn: Int32) -> FileFacts {
        FileFacts(
            relativePath: RawPath(bytes: row.blob(at: pathColumn)), size: row.int64(at: pathColumn + 1),
            modifiedNanoseconds: row.int64(at: pathColumn + 2), fingerprint: row.text(at: pathColumn + 3))
    }
}

// MARK: - Values to rows

extension SQLiteCatalog {
    /// The values of a scanned file for the columns an index pass writes, in the order of
    /// `scannedColumns`.
    static func scannedValues(_ scanned: ScannedFile, now: Double) -> [SQLiteValue] {
        let metadata = scanned.metadata
        let text = scanned.text
        return [
            .text(scanned.id.hex), .blob(scanned.file.relativePath.bytes), .integer(scanned.file.size),
            .integer(scanned.file.modifiedNanoseconds), .text(scanned.file.fingerprint),
            SQLiteValue(metadata.pixelWidth), SQLiteValue(metadata.pixelHeight), SQLiteValue(metadata.orientation),
            SQLiteValue(metadata.takenAt?.localTime), SQLiteValue(metadata.takenAt?.utcOffset),
            SQLiteValue(metadata.cameraMake), SQLiteValue(metadata.cameraModel),
            SQLiteValue(metadata.gps?.latitude), SQLiteValue(metadata.gps?.longitude),
            SQLiteValue(metadata.gps?.altitude),
            SQLiteValue(metadata.caption), SQLiteValue(scanned.damage), .real(now),
            SQLiteValue(text.caption), SQLiteValue(text.captionSource?.rawValue),
            SQLiteValue(text.city), SQLiteValue(text.citySource?.rawValue), SQLiteValue(text.region),
            SQLiteValue(text.countryCode), SQLiteValue(text.countryName),
            SQLiteValue(text.rating), SQLiteValue(scanned.sidecarStamp), SQLiteValue(scanned.undecodable),
            SQLiteValue(metadata.takenAt == nil ? nil : metadata.takenAtSource?.rawValue),
            SQLiteValue(metadata.gps == nil ? nil : metadata.gpsSource?.rawValue),
            .text(metadata.format.rawValue), .text(metadata.mimeType),
            SQLiteValue(text.ratingSource?.rawValue), SQLiteValue(KeywordColumns.text(text.keywords)),
            SQLiteValue(KeywordColumns.foldedJSON(text.keywords)), SQLiteValue(text.keywordsSource?.rawValue),
            SQLiteValue(scanned.contentHash),
        ]
    }

    /// The columns `scannedValues` fills, in its order. `embedded_caption` is the EXIF caption
    /// (what `PhotoMetadata.caption` reads back); `caption` is the one chosen by precedence.
    static let scannedColumns = """
        id, relative_path, file_size, modified_ns, fingerprint, pixel_width, pixel_height, orientation, \
        taken_local, taken_offset, camera_make, camera_model, gps_latitude, gps_longitude, gps_altitude, \
        embedded_caption, damage, indexed_at, caption, caption_source, city, city_source, region, \
        country, country_name, rating, sidecar_stamp, undecodable, taken_source, gps_source, format, mime_type, \
        rating_source, keywords, keywords_folded, keywords_source, content_hash
        """

    /// The columns a user's caption edit owns: an index pass leaves them alone when `caption_source` is 'user'.
    static let userCaptionColumns = ["caption", "caption_source"]
    /// The columns a user's city edit owns, kept when `city_source` is 'user'.
    static let userCityColumns = ["city", "city_source", "region", "country", "country_name"]
    /// The columns a user's rating owns, kept when `rating_source` is 'user'.
    static let userRatingColumns = ["rating", "rating_source"]
    /// The columns a user's keyword edit owns, kept when `keywords_source` is 'user'.
    static let userKeywordColumns = ["keywords", "keywords_folded", "keywords_source"]
}

extension AssetID {
    /// Like `init(hex:)` for text already in lowercase, as the catalog stores it, checked on
    /// its bytes: listing 100,000 index records spent a third of its time in the Character-based check.
    package init?(lowercaseHex text: String) {
        let isLowercaseHex =
            text.utf8.count == AssetID.length
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        guard isLowercaseHex else { return nil }
        hex = text
    }
}
