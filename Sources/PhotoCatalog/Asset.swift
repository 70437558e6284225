import Foundation
import PhotoFormats
import PhotoSupport

/// One image in the library, as the catalog holds it.
public struct Asset: Sendable, Equatable {
    public var id: AssetID
    /// The file's facts when it was last read.
    public var file: FileFacts
    /// What the file's bytes say (frame header and EXIF).
    public var metadata: PhotoMetadata
    /// The caption shown for the asset: a user's edit wins over the embedded one.
    public var caption: String?
    public var captionSource: TextSource?
    public var city: String?
    public var citySource: TextSource?
    /// ISO 3166 country code, when known (from GPS).
    public var country: String?
    /// State, province or région of the city, from the same source as the city.
    public var region: String?
    /// The country's name, from the same source as the city.
    public var countryName: String?
    /// `xmp:Rating` (-1...5, -1 rejected) from the sidecar or the embedded XMP, or a user's rating.
    public var rating: Int?
    /// `user` once someone set the rating (an index then keeps it), else the file's source.
    public var ratingSource: TextSource?
    /// Keywords, hierarchies as `Places/France/Bordeaux`, no two equal ignoring case.
    public var keywords: [String]
    /// `user` once someone edited the keywords (an index then keeps them), else the file's source.
    public var keywordsSource: TextSource?
    /// The names of the people shown, as files name them (face regions, `PersonInImage`) or a
    /// user gave them, no two equal ignoring case.
    public var people: [String] = []
    /// `user` once someone edited the people (an index then keeps them), else the file's source.
    public var peopleSource: TextSource?
    public var favourite: Bool
    public var liked: Bool
    public var trashed: Bool
    /// True when the file was not found at its path by the latest index.
    public var missing: Bool
    /// What is wrong with the original's bytes (truncated, corrupt EXIF, over the pixel limit,
    /// image data that does not decode), else nil. A rendition that could not be written is
    /// not damage: the photo may be fine.
    public var damage: String?
    /// True when the original's image data does not decode at all (so it can have no
    /// renditions); `damage` says why. Known only once an index tried to make its renditions.
    public var undecodable: Bool
    public var indexedAt: Date
    /// When `pop` last showed the asset.
    public var poppedAt: Date?
    /// When the original was moved into the trash (nil unless `trashed`).
    public var trashedAt: Date?
    /// Where the trashed original lies, relative to the library root (nil unless `trashed`).
    public var trashLocation: RawPath?
    /// The XXH3-128 of the original's whole content (`ContentHash`, 32 lowercase hex digits), nil
    /// until the file was read whole (for its renditions, or by `duplicates`). Two assets with
    /// one content hash are byte-identical copies; renditions are named by it.
    public var contentHash: String?
    /// True once a person set the capture date (`action date`): an index then keeps it, and
    /// the asset JSON's `takenAtSource` says `user`; `metadata.takenAtSource` still names the
    /// file's block the date first came from.
    public var takenAtByUser: Bool
    /// True once a person set or cleared the position (`action gps`, `geotag`), kept likewise.
    public var gpsByUser: Bool
    /// True when the position came from a GPS track (`photolib geotag`): a user's position
    /// all the same (kept over re-index), that says `gpsSource: track`.
    public var gpsFromTrack = false
    /// The perceptual fingerprint of the picture (`VisualFingerprint`: 32 lowercase hex digits,
    /// the whole picture's pHash then its centre's; 16 when made before centres were), made with
    /// the renditions from the thumbnail's pixels; nil until then. Two assets whose
    /// fingerprints differ in few bits look alike (`photolib similar`).
    public var visualHash: String?

    public init(
        id: AssetID, file: FileFacts, metadata: PhotoMetadata, caption: String? = nil,
        captionSource: TextSource? = nil, city: String? = nil, citySource: TextSource? = nil,
        country: String? = nil, favourite: Bool = false, liked: Bool = false, trashed: Bool = false,
        missing: Bool = false, damage: String? = nil, indexedAt: Date,
        poppedAt: Date? = nil, trashedAt: Date? = nil, trashLocation: RawPath? = nil,
        region: String? = nil, countryName: String? = nil, rating: Int? = nil, undecodable: Bool = false,
        ratingSource: TextSource? = nil, keywords: [String] = [], keywordsSource: TextSource? = nil,
        contentHash: String? = nil, takenAtByUser: Bool = false, gpsByUser: Bool = false,
        visualHash: String? = nil
    ) {
        self.id = id
        self.file = file
        self.metadata = metadata
        self.caption = caption
        self.captionSource = captionSource
        self.city = city
        self.citySource = citySource
        self.country = country
        self.favourite = favourite
        self.liked = liked
        self.trashed = trashed
        self.missing = missing
        self.damage = damage
        self.undecodable = undecodable
        self.indexedAt = indexedAt
        self.poppedAt = poppedAt
        self.trashedAt = trashedAt
        self.trashLocation = trashLocation
        self.region = region
        self.countryName = countryName
        self.rating = rating
        self.ratingSource = ratingSource
        self.keywords = keywords
        self.keywordsSource = keywordsSource
        self.contentHash = contentHash
        self.takenAtByUser = takenAtByUser
        self.gpsByUser = gpsByUser
        self.visualHash = visualHash
    }

    /// Where the capture date came from, as the asset JSON says it: `user`, else the file's block.
    public var takenAtSourceName: String? {
        takenAtByUser ? TextSource.user.rawValue : metadata.takenAtSource?.rawValue
    }

    /// Where the position came from, as the asset JSON says it.
    public var gpsSourceName: String? {
        gpsByUser ? (gpsFromTrack ? "track" : TextSource.user.rawValue) : metadata.gpsSource?.rawValue
    }
}

/// Where a caption or city came from, strongest first: a user's edit, an XMP sidecar, the
/// file's XMP, its IPTC-IIM, its EXIF text, and (for the city) its GPS position.
public enum TextSource: String, Sendable, Equatable, CaseIterable {
    case user, sidecar, xmp, iptc, exif, gps
}

/// A file's identity on disk: where it is, how big, when it changed, and a fingerprint of its content.
public struct FileFacts: Sendable, Equatable {
    /// Path relative to the library root.
    public var relativePath: RawPath
    public var size: Int64
    /// Modification time in nanoseconds since 1970 (what `stat` says), so that
    /// "unchanged" compares exactly.
    public var modifiedNanoseconds: Int64
    /// A hash of the size and the first and last 64 KiB (see `ContentFingerprint`).
    public var fingerprint: String
    /// A hash of the picture data alone, metadata left out (see `ImageDataHash`): what a file
    /// renamed and edited in one step still shares with the asset it was. Nil for formats whose
    /// picture data is not found, for assets indexed before it existed, and in index records
    /// (read only where a move is looked for).
    public var imageDataHash: String?

    public init(
        relativePath: RawPath, size: Int64, modifiedNanoseconds: Int64, fingerprint: String,
        imageDataHash: String? = nil
    ) {
        self.relativePath = relativePath
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.fingerprint = fingerprint
        self.imageDataHash = imageDataHash
    }

    public var modifiedAt: Date { Date(timeIntervalSince1970: Double(modifiedNanoseconds) / 1e9) }
}
