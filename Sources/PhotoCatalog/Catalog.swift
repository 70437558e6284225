import Foundation
import PhotoFormats
import PhotoSupport

/// The narrow interface every catalog store offers: an embedded SQLite file today, a
/// shared server later. Nothing above this protocol knows which one it talks to.
///
/// Implementations are used from one thread at a time; each process opens its own.
public protocol Catalog: CatalogEditing, ExportRecordStore {
    /// What the indexer needs to know of every asset to decide what changed.
    func indexRecords() throws -> [IndexRecord]

    /// At most `limit` records whose paths lie in `range` and, when given, sort after `after`,
    /// in the byte order of their paths: one page of the catalog, read alongside an ordered walk.
    func indexRecords(in range: IndexPathRange, after: RawPath?, limit: Int) throws -> [IndexRecord]

    /// The records whose content has one of these fingerprints, written before `indexedBefore`
    /// when given: what a new file may be a move of (an asset this pass wrote is not one).
    func indexRecords(withFingerprints fingerprints: [String], indexedBefore: Double?) throws -> [IndexRecord]

    /// The records whose picture data has one of these hashes (`FileFacts.imageDataHash`, which
    /// these records carry), written before `indexedBefore` when given: what a new file may be
    /// when it is an asset renamed and edited in one step.
    func indexRecords(withImageDataHashes hashes: [String], indexedBefore: Double?) throws -> [IndexRecord]

    /// Writes one index pass's results in a single transaction: `scanned` files are
    /// inserted (new id) or refreshed (known id: file facts and embedded metadata are
    /// replaced, flags and user edits kept, `missing` cleared); `added` files, after them,
    /// have ids no asset has (made for them by the pass) and are inserted; `missing` ids are
    /// marked missing.
    func applyIndexChanges(scanned: [ScannedFile], added: [ScannedFile], missing: [AssetID]) throws

    /// Lets the writes that follow share one transaction until `commitHeldWrites`, where the
    /// store can (SQLite): fewer commits, each writing once the pages many batches changed.
    /// The store's write lock is held meanwhile, so other writers wait: an index pass holds
    /// only while its batches come fast. A store that cannot commits each write on its own.
    func holdWrites()

    /// Commits the held writes, if any, and stops holding.
    func commitHeldWrites() throws

    /// The files `index` could not read and remembers, by path.
    func indexFailures() throws -> [IndexFailure]

    /// Remembers `failures` (replacing any of the same path) and forgets those at `paths`,
    /// in one transaction.
    func updateIndexFailures(recording failures: [IndexFailure], clearing paths: [RawPath]) throws

    /// Assets matching `query`, in its order.
    func assets(matching query: AssetQuery) throws -> [Asset]

    /// The assets of `assets(matching:)`, handed to `body` one at a time as they are read,
    /// until it returns false: a list of any length starts at once and holds one asset.
    func forEachAsset(matching query: AssetQuery, _ body: (Asset) throws -> Bool) throws

    /// `forEachAsset` with each asset's short id, as `shortIDs(for:minimumLength:)` gives it,
    /// found in the same pass.
    func forEachAssetWithShortID(
        matching query: AssetQuery, minimumLength: Int, _ body: (Asset, String) throws -> Bool) throws

    /// The ids of `assets(matching:)`, in its order, one at a time (false stops).
    func forEachAssetID(matching query: AssetQuery, _ body: (AssetID) throws -> Bool) throws

    /// The asset with this id, if any.
    func asset(id: AssetID) throws -> Asset?

    /// The assets with these ids that the catalog holds, in no particular order.
    func assets(ids: [AssetID]) throws -> [Asset]

    /// The fingerprinted, present assets `query` matches, in its order (a name sort in path
    /// order), as the few columns `similar` searches (`SimilarityRecord`).
    func similarityRecords(matching query: AssetQuery) throws -> [SimilarityRecord]

    /// Every id starting with `prefix` (lowercase hex), at most `limit` of them.
    func ids(withPrefix prefix: String, limit: Int) throws -> [AssetID]

    /// For each id, the shortest prefix of at least `minimumLength` digits that no other asset shares.
    func shortIDs(for ids: [AssetID], minimumLength: Int) throws -> [AssetID: String]

    /// Number of assets in the catalog (all states).
    func count() throws -> Int

    // MARK: Pages: counts and keyset pages, for browse and pick

    /// How many assets match `query`; its sort and limit play no part.
    func count(matching query: AssetQuery) throws -> Int

    /// At most `limit` assets matching `query`, in its order, next to `position`: the first
    /// ones, the last ones, or those right after or right before an asset (keyset paging, so
    /// a page deep in a large catalog costs what the first does). The query's own limit plays
    /// no part; `reverse` turns the order, the assets without the sort's value staying last
    /// (as in `assets(matching:)`); a sort outside `Sort.paged` pages in path order. See
    /// `AssetPagePosition`.
    func assets(matching query: AssetQuery, at position: AssetPagePosition, limit: Int) throws -> [Asset]

    /// A number that changes when another connection (another process) committed a change to
    /// the catalog since the last call; nil when the store cannot tell, and the caller then
    /// reads again on a timer. Cheap enough to ask before every redraw.
    func externalChangeStamp() throws -> Int64?

    // MARK: Collections, popped times, GPS places, damage and content hashes

    /// Every collection with its count as of `now` (see `SQLiteCatalog.collections(now:)`).
    func collections(now: Date) throws -> [CollectionCount]

    /// Records that the assets were popped at `date` (the Recently Popped collection).
    func markPopped(_ ids: [AssetID], at date: Date) throws

    /// Assets with GPS, each saying whether its city is unset or came from GPS, and with its
    /// capture date (see `PlaceRefresh`).
    func gpsPlacedAssets() throws -> [GPSPlacedAsset]

    /// Writes GPS places found with a new gazetteer; user and text cities are kept.
    func updateGPSPlaces(_ updates: [(id: AssetID, place: PlaceMatch?)]) throws

    /// Writes capture dates whose offset was worked out again from the zone of where they
    /// were taken (`CaptureDate.placed(inZone:)`), in one transaction; a date that meanwhile
    /// changed its wall clock, or got an offset of its own, is left alone.
    func updateTakenZones(_ updates: [(id: AssetID, takenAt: CaptureDate)]) throws

    /// A value of the catalog's own facts (`catalog_info`), nil when not recorded.
    func info(_ key: CatalogInfoKey) throws -> String?

    /// Records (or, for nil, forgets) one of the catalog's own facts.
    func setInfo(_ key: CatalogInfoKey, to value: String?) throws

    /// Records what `render` learned about originals: their image data decodes only in part
    /// or not at all. Each reason is added to the asset's damage unless it already says so.
    func recordDamage(_ findings: [DamageFinding]) throws

    /// Stores content hashes of originals read whole (see `ContentHashRecord`: only where the
    /// asset's file still has the size and time it was read with). Returns how many were stored.
    @discardableResult
    func recordContentHashes(_ records: [ContentHashRecord]) throws -> Int

    /// Stores perceptual fingerprints made from renditions (see `VisualHashRecord`: only where
    /// the asset still has the content hash they were made from). Returns how many were stored.
    @discardableResult
    func recordVisualHashes(_ records: [VisualHashRecord]) throws -> Int

    /// The shared work queue this store offers (`WorkQueueCatalog`), nil for one without:
    /// how `--worker` and `status` find it without knowing the store.
    var workQueue: (any WorkQueueCatalog)? { get }
}

extension Catalog {
    /// No work queue: a store offers one by implementing `WorkQueueCatalog` and returning itself.
    public var workQueue: (any WorkQueueCatalog)? { nil }
}

/// The facts the indexer compares against the disk.
public struct IndexRecord: Sendable, Equatable {
    public var id: AssetID
    public var file: FileFacts
    public var missing: Bool
    public var indexedAt: Double
    /// The sidecar the asset was last read with (`Sidecar.stamp`), nil when it had none.
    public var sidecarStamp: String?
    /// The original lies in the trash: not at its path, and not missing either.
    public var trashed: Bool

    public init(
        id: AssetID, file: FileFacts, missing: Bool, indexedAt: Double, sidecarStamp: String? = nil,
        trashed: Bool = false
    ) {
        self.id = id
        self.file = file
        self.missing = missing
        self.indexedAt = indexedAt
        self.sidecarStamp = sidecarStamp
        self.trashed = trashed
    }
}

extension Catalog {
    /// A store that cannot hold writes (PostgreSQL here) commits each on its own.
    public func holdWrites() {}
    public func commitHeldWrites() throws {}

    /// `applyIndexChanges` with no file known to be new.
    public func applyIndexChanges(scanned: [ScannedFile], missing: [AssetID]) throws {
        try applyIndexChanges(scanned: scanned, added: [], missing: missing)
    }
}

/// One file the indexer read, ready to be written.
public struct ScannedFile: Sendable, Equatable {
    /// An existing asset's id (changed, moved or returned file) or a fresh one (new file).
    public var id: AssetID
    public var file: FileFacts
    public var metadata: PhotoMetadata
    /// What is wrong with the original's bytes (see `Asset.damage`).
    public var damage: String?
    /// The original's image data does not decode at all (see `Asset.undecodable`).
    public var undecodable: Bool
    /// Caption, place and rating chosen from every source by precedence (a user's edits, kept
    /// by the catalog, still win over these).
    public var text: AssetText
    /// The sidecar read with the file (`Sidecar.stamp`), nil when there was none.
    public var sidecarStamp: String?
    /// The content hash of the bytes read, when the pass read the file whole (for its
    /// renditions); nil keeps the stored one while size and modification time are unchanged.
    public var contentHash: String?
    /// The perceptual fingerprint made with the renditions (`Asset.visualHash`); nil keeps the
    /// stored one while size and modification time are unchanged.
    public var visualHash: String?

    /// `text` defaults to the EXIF caption alone, as a file with no other source gives.
    public init(
        id: AssetID, file: FileFacts, metadata: PhotoMetadata, damage: String? = nil,
        text: AssetText? = nil, sidecarStamp: String? = nil, undecodable: Bool = false,
        contentHash: String? = nil, visualHash: String? = nil
    ) {
        self.id = id
        self.file = file
        self.metadata = metadata
        self.damage = damage
        self.undecodable = undecodable
        self.text = text ?? AssetText(caption: metadata.caption, captionSource: metadata.caption == nil ? nil : .exif)
        self.sidecarStamp = sidecarStamp
        self.contentHash = contentHash
        self.visualHash = visualHash
    }
}

/// Which assets `list` wants, and in what order.
public struct AssetQuery: Sendable, Equatable {
    public enum Trash: Sendable, Equatable { case hidden, only, included }
    /// `popped`: the most recently popped first, never-popped assets last; `size`: smallest
    /// file first; `name`: by file name (the last path component), bytewise; `added`: first
    /// added first. Ties go by path.
    public enum Sort: String, Sendable, Equatable, CaseIterable {
        case taken, path, city, popped, size, name, added

        /// The sorts that keyset pages (`assets(matching:at:limit:)`) follow, each served by an
        /// index; the others are for whole lists (`list`), and pages ignore them.
        public static let paged: [Sort] = [.taken, .path, .city, .popped]
    }

    public var favourite: Bool?
    public var liked: Bool?
    public var trash: Trash = .hidden
    /// true: only missing assets; nil: all.
    public var missing: Bool?
    /// Exact city name, case-insensitive.
    public var city: String?
    /// Case-insensitive substring of the caption.
    public var captionContains: String?
    /// Taken at or after this local time (`YYYY-MM-DDTHH:MM:SS`, compared as text).
    public var takenAfter: String?
    /// Taken strictly before this local time.
    public var takenBefore: String?
    /// The bounds' instants as UTC readings, for bounds given with an offset: an asset whose
    /// offset is known is then compared by its instant, one of unknown offset by its wall
    /// clock against `takenAfter`/`takenBefore` (the bound's own wall clock).
    public var takenAfterInstant: String?
    public var takenBeforeInstant: String?
    /// Added to the catalog at or after this moment.
    public var addedSince: Date?
    /// Popped at or after this moment.
    public var poppedSince: Date?
    /// Only files in this format.
    public var format: ImageFormat?
    /// Only photos, videos or Live Photos (`AssetQuery+Media.swift` words it for both stores).
    public var kind: MediaKind?
    /// Only movies (videos, Live Photos' clips) lasting at least / at most this many seconds.
    public var minimumDuration: Double?
    public var maximumDuration: Double?
    /// Assets with each of these keywords, or one below it in a hierarchy (`Places/France`
    /// finds `Places/France/Bordeaux`), ignoring case.
    public var keywords: [String] = []
    /// Assets showing each of these people (a whole name, ignoring case).
    public var people: [String] = []
    /// Assets rated exactly this; 0 means unrated.
    public var rating: Int?
    /// Assets rated at least this (unrated ones never match).
    public var minimumRating: Int?
    /// Typed search terms, as fzf's exact mode reads them: each term must occur in the caption,
    /// the city or the relative path (case-insensitively, folded as `captionContains` is); a term
    /// starting with `!` must occur in none of them. Empty: no search.
    public var searchTerms: [String] = []
    /// true: only assets with GPS coordinates; false: only those without.
    public var hasGPS: Bool?
    /// Substring of the camera's make or of its model, ASCII letters compared without case
    /// (camera names are ASCII; both stores fold exactly these the same way).
    public var cameraContains: String?
    /// Only assets under this folder (its bytes relative to the library root, no leading or
    /// trailing `/`), in it or in any folder below it. Empty: the whole library.
    public var folder: RawPath?
    /// true: only assets whose original is damaged (`Asset.damage` set); false: only sound ones.
    public var damaged: Bool?
    /// true: only assets with no capture date; false: only dated ones.
    public var undated: Bool?
    /// true: only frames of a burst (`PhotoMetadata.burstId`); false: only those of none.
    public var burst: Bool?
    /// Only the frames of this burst (its `PhotoMetadata.burstId` as stored): a burst opened
    /// in the browsers.
    public var burstId: String?
    /// One asset per burst: of a burst's frames that match the other filters, the first by
    /// path stands for the burst (the browsers' burst cells); assets of no burst all stay. A
    /// condition of the query, so that counts and keyset pages follow it on both stores.
    public var oneFramePerBurst = false
    /// Indexed (read from its file) at or after this moment.
    public var indexedSince: Date?
    /// true: only assets whose content hash another asset in the library (not trashed, not
    /// missing) shares: byte-identical copies. Assets not hashed yet never match.
    public var duplicates: Bool?
    public var sort: Sort = .path
    /// The sort's order turned around entirely (ties and the undated or unplaced included).
    public var reverse = false
    public var limit: Int?

    public init() {}
}

/// Damage to an original that decoding found.
public struct DamageFinding: Sendable, Equatable {
    public var id: AssetID
    /// As index words it: "decoded in part (…)", "cannot decode JPEG: …".
    public var reason: String
    /// True when nothing of the image decodes (see `Asset.undecodable`).
    public var undecodable: Bool

    public init(id: AssetID, reason: String, undecodable: Bool) {
        self.id = id
        self.reason = reason
        self.undecodable = undecodable
    }
}

extension Catalog {
    /// For a store that cannot stream (the PostgreSQL one reads a whole result): every asset
    /// first, then one at a time. Same assets and order; only the first one comes later.
    public func forEachAsset(matching query: AssetQuery, _ body: (Asset) throws -> Bool) throws {
        for asset in try assets(matching: query) { guard try body(asset) else { return } }
    }

    /// The short ids of every asset in one call, before the first asset.
    public func forEachAssetWithShortID(
        matching query: AssetQuery, minimumLength: Int, _ body: (Asset, String) throws -> Bool
    ) throws {
        let assets = try assets(matching: query)
        let shortIDs = try shortIDs(for: assets.map(\.id), minimumLength: minimumLength)
        for asset in assets { guard try body(asset, shortIDs[asset.id] ?? asset.id.hex) else { return } }
    }

    public func forEachAssetID(matching query: AssetQuery, _ body: (AssetID) throws -> Bool) throws {
        try forEachAsset(matching: query) { try body($0.id) }
    }
}
