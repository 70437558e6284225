import Foundation
import PhotoFormats
import PhotoSupport

/// The fields of an asset, each declared once: the columns of `assets` that hold them (with
/// how a row's cell is read and how an asset gives its value), and the fields the asset JSON
/// and `--format` templates show. Both stores' SELECT lists, row mapping, index writes and
/// `catalog copy` follow `columns`; photolib's JSON writer and templates follow `shown`.
/// A new field is a property of `Asset`, its column here and its field here (then a
/// migration for each store and its line in photolib(1)).
public enum AssetFields {
    /// The columns of `assets`. A column's place in this list plays no part in the SQL: each
    /// store selects and writes the names in this order and reads them back by the position
    /// `read` computes. (The GPS columns read latitude, longitude, altitude in this order.)
    package static let columns: [AssetColumn] = [
        AssetColumn("id", .text, read: { row, at, stored in stored.asset.id = try id(row, at) }) {
            .text($0.asset.id.hex)
        },
        AssetColumn("relative_path", .bytes, read: { $2.asset.file.relativePath = RawPath(bytes: $0.bytes($1)) }) {
            .bytes($0.asset.file.relativePath.bytes)
        },
        AssetColumn("file_size", .integer, read: { $2.asset.file.size = $0.int64($1) }) {
            .integer($0.asset.file.size)
        },
        AssetColumn("modified_ns", .integer, read: { $2.asset.file.modifiedNanoseconds = $0.int64($1) }) {
            .integer($0.asset.file.modifiedNanoseconds)
        },
        AssetColumn("fingerprint", .text, read: { $2.asset.file.fingerprint = $0.text($1) }) {
            .text($0.asset.file.fingerprint)
        },
        AssetColumn("pixel_width", .smallInteger, read: { $2.asset.metadata.pixelWidth = $0.optionalInt($1) }) {
            CellValue($0.asset.metadata.pixelWidth)
        },
        AssetColumn("pixel_height", .smallInteger, read: { $2.asset.metadata.pixelHeight = $0.optionalInt($1) }) {
            CellValue($0.asset.metadata.pixelHeight)
        },
        AssetColumn("orientation", .smallInteger, read: { $2.asset.metadata.orientation = Int($0.int64($1)) }) {
            .integer(Int64($0.asset.metadata.orientation))
        },
        AssetColumn(
            "taken_local", .text,
            read: { $2.asset.metadata.takenAt = $0.optionalText($1).map { CaptureDate(localTime: $0) } }
        ) { CellValue($0.asset.metadata.takenAt?.localTime) },
        AssetColumn("taken_offset", .text, read: { $2.asset.metadata.takenAt?.utcOffset = $0.optionalText($1) }) {
            CellValue($0.asset.metadata.takenAt?.utcOffset)
        },
        AssetColumn("taken_zone", .text, read: { $2.asset.metadata.takenAt?.zone = $0.optionalText($1) }) {
            CellValue($0.asset.metadata.takenAt?.zone)
        },
        // The instant in UTC when the offset is known, else the wall clock: `--sort taken`.
        AssetColumn("taken_sort", .text, role: .derived) {
            CellValue($0.asset.metadata.takenAt.map(CaptureDateText.sortText))
        },
        AssetColumn("camera_make", .text, read: { $2.asset.metadata.cameraMake = $0.optionalText($1) }) {
            CellValue($0.asset.metadata.cameraMake)
        },
        AssetColumn("camera_model", .text, read: { $2.asset.metadata.cameraModel = $0.optionalText($1) }) {
            CellValue($0.asset.metadata.cameraModel)
        },
        AssetColumn(
            "gps_latitude", .real,
            read: { $2.asset.metadata.gps = $0.optionalDouble($1).map { GPSCoordinate(latitude: $0, longitude: 0) } }
        ) { CellValue($0.asset.metadata.gps?.latitude) },
        AssetColumn(
            "gps_longitude", .real,
            read: { row, at, stored in
                // A position needs both: without a longitude there is none.
                if let longitude = row.optionalDouble(at) {
                    stored.asset.metadata.gps?.longitude = longitude
                } else {
                    stored.asset.metadata.gps = nil
                }
            }
        ) { CellValue($0.asset.metadata.gps?.longitude) },
        AssetColumn("gps_altitude", .real, read: { $2.asset.metadata.gps?.altitude = $0.optionalDouble($1) }) {
            CellValue($0.asset.metadata.gps?.altitude)
        },
        // The EXIF caption, which `PhotoMetadata.caption` reads back; `caption` is the one
        // chosen by precedence.
        AssetColumn("embedded_caption", .text, read: { $2.asset.metadata.caption = $0.optionalText($1) }) {
            CellValue($0.asset.metadata.caption)
        },
        AssetColumn("caption", .text, read: { $2.asset.caption = $0.optionalText($1) }) {
            CellValue($0.asset.caption)
        },
        AssetColumn("caption_source", .text, read: { $2.asset.captionSource = source($0, $1) }) {
            CellValue($0.asset.captionSource?.rawValue)
        },
        AssetColumn("city", .text, read: { $2.asset.city = $0.optionalText($1) }) { CellValue($0.asset.city) },
        AssetColumn("city_source", .text, read: { $2.asset.citySource = source($0, $1) }) {
            CellValue($0.asset.citySource?.rawValue)
        },
        AssetColumn("country", .text, read: { $2.asset.country = $0.optionalText($1) }) {
            CellValue($0.asset.country)
        },
        AssetColumn("favourite", .bool, indexed: false, read: { $2.asset.favourite = $0.bool($1) }) {
            .bool($0.asset.favourite)
        },
        AssetColumn("liked", .bool, indexed: false, read: { $2.asset.liked = $0.bool($1) }) { .bool($0.asset.liked) },
        AssetColumn("trashed", .bool, indexed: false, read: { $2.asset.trashed = $0.bool($1) }) {
            .bool($0.asset.trashed)
        },
        AssetColumn("missing", .bool, indexed: false, read: { $2.asset.missing = $0.bool($1) }) {
            .bool($0.asset.missing)
        },
        AssetColumn("damage", .text, read: { $2.asset.damage = $0.optionalText($1) }) { CellValue($0.asset.damage) },
        // Times as the exact seconds stored (`StoredAsset`), and as dates for the asset.
        AssetColumn(
            "indexed_at", .real,
            read: { row, at, stored in
                stored.indexedAt = row.double(at)
                stored.asset.indexedAt = Date(timeIntervalSince1970: stored.indexedAt)
            }
        ) { .real($0.indexedAt) },
        AssetColumn(
            "popped_at", .real, indexed: false,
            read: { row, at, stored in
                stored.poppedAt = row.optionalDouble(at)
                stored.asset.poppedAt = stored.poppedAt.map(Date.init(timeIntervalSince1970:))
            }
        ) { CellValue($0.poppedAt) },
        AssetColumn(
            "trashed_at", .real, indexed: false,
            read: { row, at, stored in
                stored.trashedAt = row.optionalDouble(at)
                stored.asset.trashedAt = stored.trashedAt.map(Date.init(timeIntervalSince1970:))
            }
        ) { CellValue($0.trashedAt) },
        AssetColumn(
            "trash_path", .bytes, indexed: false,
            read: { $2.asset.trashLocation = $0.optionalBytes($1).map(RawPath.init(bytes:)) }
        ) { $0.asset.trashLocation.map { .bytes($0.bytes) } ?? .null },
        AssetColumn("region", .text, read: { $2.asset.region = $0.optionalText($1) }) { CellValue($0.asset.region) },
        AssetColumn("country_name", .text, read: { $2.asset.countryName = $0.optionalText($1) }) {
            CellValue($0.asset.countryName)
        },
        AssetColumn("rating", .smallInteger, read: { $2.asset.rating = $0.optionalInt($1) }) {
            CellValue($0.asset.rating)
        },
        AssetColumn("undecodable", .bool, read: { $2.asset.undecodable = $0.bool($1) }) {
            .bool($0.asset.undecodable)
        },
        AssetColumn(
            "taken_source", .text,
            read: { $2.asset.metadata.takenAtSource = $0.optionalText($1).flatMap(MetadataSource.init(rawValue:)) }
        ) { stored in
            let metadata = stored.asset.metadata
            return CellValue(metadata.takenAt == nil ? nil : metadata.takenAtSource?.rawValue)
        },
        AssetColumn(
            "gps_source", .text,
            read: { $2.asset.metadata.gpsSource = $0.optionalText($1).flatMap(MetadataSource.init(rawValue:)) }
        ) { stored in
            let metadata = stored.asset.metadata
            return CellValue(metadata.gps == nil ? nil : metadata.gpsSource?.rawValue)
        },
        AssetColumn(
            "format", .text, read: { $2.asset.metadata.format = ImageFormat(rawValue: $0.text($1)) ?? .jpeg }
        ) { .text($0.asset.metadata.format.rawValue) },
        AssetColumn("mime_type", .text, read: { $2.asset.metadata.mimeType = $0.text($1) }) {
            .text($0.asset.metadata.mimeType)
        },
        AssetColumn("rating_source", .text, read: { $2.asset.ratingSource = source($0, $1) }) {
            CellValue($0.asset.ratingSource?.rawValue)
        },
        AssetColumn("keywords", .text, read: { $2.asset.keywords = KeywordColumns.keywords($0.optionalText($1)) }) {
            CellValue(KeywordColumns.text($0.asset.keywords))
        },
        AssetColumn("keywords_source", .text, read: { $2.asset.keywordsSource = source($0, $1) }) {
            CellValue($0.asset.keywordsSource?.rawValue)
        },
        AssetColumn("people", .text, read: { $2.asset.people = PeopleColumns.people($0.optionalText($1)) }) {
            CellValue(PeopleColumns.text($0.asset.people))
        },
        AssetColumn("people_source", .text, read: { $2.asset.peopleSource = source($0, $1) }) {
            CellValue($0.asset.peopleSource?.rawValue)
        },
        AssetColumn("content_hash", .text, read: { $2.asset.contentHash = $0.optionalText($1) }) {
            CellValue($0.asset.contentHash)
        },
        // Written by edits only: an index pass keeps them, and the columns they guard.
        AssetColumn("taken_by_user", .bool, indexed: false, read: { $2.asset.takenAtByUser = $0.bool($1) }) {
            .bool($0.asset.takenAtByUser)
        },
        AssetColumn("gps_by_user", .bool, indexed: false, read: { $2.asset.gpsByUser = $0.bool($1) }) {
            .bool($0.asset.gpsByUser)
        },
        AssetColumn("gps_from_track", .bool, indexed: false, read: { $2.asset.gpsFromTrack = $0.bool($1) }) {
            .bool($0.asset.gpsFromTrack)
        },
        // The fingerprint's two halves (whole picture, centre): `visual_hash` holds 16 digits.
        AssetColumn("visual_hash", .text, read: { $2.asset.visualHash = $0.optionalText($1) }) {
            CellValue($0.asset.visualHash.map { String($0.prefix(16)) })
        },
        AssetColumn(
            "visual_centre_hash", .text,
            read: { row, column, stored in
                if let centre = row.optionalText(column), let whole = stored.asset.visualHash, whole.count == 16 {
                    stored.asset.visualHash = whole + centre
                }
            }
        ) { $0.asset.visualHash.flatMap { $0.count == 32 ? String($0.suffix(16)) : nil }.map(CellValue.text) ?? .null },
        AssetColumn("taken_subsecond", .text, read: { $2.asset.metadata.takenSubsecond = $0.optionalText($1) }) {
            CellValue($0.asset.metadata.takenSubsecond)
        },
        AssetColumn("kind", .text, read: { $2.asset.metadata.kind = MediaKind(rawValue: $0.text($1)) ?? .photo }) {
            .text($0.asset.metadata.kind.rawValue)
        },
        // A movie's facts (a video's, a Live Photo's clip): nil for a still.
        AssetColumn("duration", .real, read: { $2.asset.metadata.setVideo(\.duration, $0.optionalDouble($1)) }) {
            CellValue($0.asset.metadata.video?.duration)
        },
        AssetColumn("video_codec", .text, read: { $2.asset.metadata.setVideo(\.videoCodec, $0.optionalText($1)) }) {
            CellValue($0.asset.metadata.video?.videoCodec)
        },
        AssetColumn("audio_codec", .text, read: { $2.asset.metadata.setVideo(\.audioCodec, $0.optionalText($1)) }) {
            CellValue($0.asset.metadata.video?.audioCodec)
        },
        AssetColumn("frame_rate", .real, read: { $2.asset.metadata.setVideo(\.frameRate, $0.optionalDouble($1)) }) {
            CellValue($0.asset.metadata.video?.frameRate)
        },
        // An animation's frames (GIF, WebP): nil for a still.
        AssetColumn("frames", .integer, read: { $2.asset.metadata.frames = $0.optionalInt($1) }) {
            CellValue($0.asset.metadata.frames)
        },
        AssetColumn("image_data_hash", .text, read: { $2.asset.file.imageDataHash = $0.optionalText($1) }) {
            CellValue($0.asset.file.imageDataHash)
        },
        AssetColumn("colour", .text, read: { $2.asset.metadata.colour = $0.optionalText($1) }) {
            CellValue($0.asset.metadata.colour)
        },
        AssetColumn("burst_id", .text, read: { $2.asset.metadata.burstId = $0.optionalText($1) }) {
            CellValue($0.asset.metadata.burstId)
        },
        AssetColumn("added_at", .real, role: .record, indexed: false, read: { $2.addedAt = $0.double($1) }) {
            .real($0.addedAt)
        },
        AssetColumn("sidecar_stamp", .text, role: .record, read: { $2.sidecarStamp = $0.optionalText($1) }) {
            CellValue($0.sidecarStamp)
        },
        // Folded forms for searching (SQLite folds captions and cities as it compares).
        AssetColumn("keywords_folded", .text, role: .derived) {
            CellValue(KeywordColumns.foldedJSON($0.asset.keywords))
        },
        AssetColumn("people_folded", .text, role: .derived) { CellValue(PeopleColumns.folded($0.asset.people)) },
        AssetColumn("caption_folded", .text, role: .derived, stores: .postgresOnly) {
            CellValue($0.asset.caption.map(SQLiteCatalog.fold))
        },
        AssetColumn("city_folded", .text, role: .derived, stores: .postgresOnly) {
            CellValue($0.asset.city.map(SQLiteCatalog.fold))
        },
    ]

    /// The fields of the asset JSON, in its order, and of `--format` templates. Computed ones
    /// (`shortId`, `path`, `baseName`, `renditions`, `companions`) photolib fills in.
    public static let shown: [AssetField] = [
        AssetField("id") { .text($0.id.hex) },
        .computed("shortId"),
        .computed("path"),
        AssetField("relativePath") { .path($0.file.relativePath) },
        AssetField("fileName") { .path($0.file.relativePath.lastComponent) },
        .computed("baseName", .templatesOnly),
        AssetField("fileSize") { .integer($0.file.size) },
        AssetField("modifiedAt") { .time($0.file.modifiedAt) },
        AssetField("fingerprint") { .text($0.file.fingerprint) },
        AssetField("format") { .text($0.metadata.format.rawValue) },
        AssetField("mimeType") { .text($0.metadata.mimeType) },
        AssetField("kind") { .text($0.metadata.kind.rawValue) },
        AssetField("duration") { .real($0.metadata.video?.duration) },
        AssetField("videoCodec") { .text($0.metadata.video?.videoCodec) },
        AssetField("audioCodec") { .text($0.metadata.video?.audioCodec) },
        AssetField("frameRate") { .real($0.metadata.video?.frameRate) },
        AssetField("frames") { .integer($0.metadata.frames.map(Int64.init)) },
        AssetField("width") { .integer($0.metadata.displayWidth.map(Int64.init)) },
        AssetField("height") { .integer($0.metadata.displayHeight.map(Int64.init)) },
        AssetField("pixelWidth") { .integer($0.metadata.pixelWidth.map(Int64.init)) },
        AssetField("pixelHeight") { .integer($0.metadata.pixelHeight.map(Int64.init)) },
        AssetField("orientation") { .integer(Int64($0.metadata.orientation)) },
        AssetField("colour") { .text($0.metadata.colour) },
        AssetField("burstId") { .text($0.metadata.burstId) },
        AssetField("takenAt") { .text($0.metadata.takenAt?.iso8601) },
        AssetField("takenAtOffset") { .text($0.metadata.takenAt?.utcOffset) },
        AssetField("takenAtZone") { .text($0.metadata.takenAt?.zone) },
        AssetField("camera", .jsonOnly) { asset in
            let metadata = asset.metadata
            let hasCamera = metadata.cameraMake != nil || metadata.cameraModel != nil
            guard hasCamera else { return .object(nil) }
            return .object([
                (name: "make", value: .text(metadata.cameraMake)), (name: "model", value: .text(metadata.cameraModel)),
            ])
        },
        AssetField("make", .templatesOnly) { .text($0.metadata.cameraMake) },
        AssetField("model", .templatesOnly) { .text($0.metadata.cameraModel) },
        AssetField("gps", .jsonOnly) { asset in
            guard let gps = asset.metadata.gps else { return .object(nil) }
            return .object([
                (name: "latitude", value: .real(gps.latitude)), (name: "longitude", value: .real(gps.longitude)),
                (name: "altitude", value: .real(gps.altitude)),
            ])
        },
        AssetField("latitude", .templatesOnly) { .real($0.metadata.gps?.latitude) },
        AssetField("longitude", .templatesOnly) { .real($0.metadata.gps?.longitude) },
        AssetField("altitude", .templatesOnly) { .real($0.metadata.gps?.altitude) },
        AssetField("caption") { .text($0.caption) },
        AssetField("captionSource") { .text($0.captionSource?.rawValue) },
        AssetField("city") { .text($0.city) },
        AssetField("citySource") { .text($0.citySource?.rawValue) },
        AssetField("country") { .text($0.country) },
        AssetField("favourite") { .bool($0.favourite) },
        AssetField("liked") { .bool($0.liked) },
        AssetField("trashed") { .bool($0.trashed) },
        AssetField("missing") { .bool($0.missing) },
        AssetField("damaged") { .bool($0.damage != nil) },
        AssetField("damage", .jsonOnly) { .text($0.damage) },
        AssetField("indexedAt") { .time($0.indexedAt) },
        AssetField("region") { .text($0.region) },
        AssetField("countryName") { .text($0.countryName) },
        AssetField("rating") { .integer($0.rating.map(Int64.init)) },
        AssetField("ratingSource") { .text($0.ratingSource?.rawValue) },
        AssetField("keywords") { .list($0.keywords) },
        AssetField("keywordsSource") { .text($0.keywordsSource?.rawValue) },
        AssetField("people") { .list($0.people) },
        AssetField("peopleSource") { .text($0.peopleSource?.rawValue) },
        AssetField("contentHash") { .text($0.contentHash) },
        AssetField("visualHash") { .text($0.visualHash) },
        AssetField("imageDataHash") { .text($0.file.imageDataHash) },
        AssetField("takenSubsecond") { .text($0.metadata.takenSubsecond) },
        AssetField("takenAtSource") { .text($0.takenAtSourceName) },
        AssetField("gpsSource") { .text($0.gpsSourceName) },
        AssetField("gpsStatus") { .text(gpsStatus($0.metadata)) },
        AssetField("poppedAt") { .time($0.poppedAt) },
        AssetField("trashedAt") { .time($0.trashedAt) },
        .computed("renditions", .jsonOnly),
        .computed("companions", .jsonOnly),
    ]

    /// "fix" for a position, "placeholder" for the 0,0 that cameras without a fix write
    /// (kept, but naming no city), nil without GPS.
    public static func gpsStatus(_ metadata: PhotoMetadata) -> String? {
        metadata.gps.map { $0.isNoFixPlaceholder ? "placeholder" : "fix" }
    }

    private static func source(_ row: any AssetRow, _ column: Int32) -> TextSource? {
        row.optionalText(column).flatMap(TextSource.init(rawValue:))
    }

    /// The id in `column`; the schema's CHECK keeps anything else out, so a bad one means a damaged catalog.
    static func id(_ row: any AssetRow, _ column: Int32) throws -> AssetID {
        let text = row.text(column)
        guard let id = AssetID(lowercaseHex: text) else {
            throw row.badID(text)
        }
        return id
    }
}
