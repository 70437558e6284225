import Foundation

/// A catalog's whole content, read out of one store and written into another
/// (`photolib catalog copy`). Every store offers it beside `Catalog`.
///
/// Reading goes by pages in id (or sequence) order, so that a million assets never sit in
/// memory at once; `whileFrozen` keeps writers out meanwhile, so the pages are one state.
/// The export records (`ExportRecordStore`) travel too: read whole, written by `recordExports`.
public protocol CatalogTransfer: ExportRecordStore {
    /// Runs `body` in one transaction that other writers wait for (SQLite's write lock; a
    /// SHARE lock on PostgreSQL's tables), so that what it reads is one consistent state.
    func whileFrozen<R>(_ body: () throws -> R) throws -> R

    /// Up to `limit` assets with ids above `after` (from the first when nil), in id order.
    func exportAssets(after: AssetID?, limit: Int) throws -> [StoredAsset]

    /// Up to `limit` log events with sequence numbers above `after`, in sequence order.
    func exportEvents(after: Int64, limit: Int) throws -> [StoredEvent]

    /// `catalog_info`: when the catalog was made and by what.
    func exportInfo() throws -> [String: String]

    /// How many assets and events the catalog holds.
    func contentCounts() throws -> (assets: Int, events: Int)

    /// Writes assets exactly as given (no index rules: flags, sources and times are kept)
    /// into this catalog, which holds none of their ids yet; one transaction.
    func importAssets(_ assets: [StoredAsset]) throws

    /// Writes log events with their own sequence numbers; one transaction. Later events are
    /// numbered after the highest one imported.
    func importEvents(_ events: [StoredEvent]) throws

    /// Replaces `catalog_info`'s entries with these.
    func importInfo(_ info: [String: String]) throws
}

/// An asset with what only the catalog keeps of it: every column, every time to the bit.
///
/// `Asset` carries its times as `Date`, which does not always give back the exact Double
/// it was made from (it counts from 2001); the copies here are the stored seconds since 1970.
public struct StoredAsset: Sendable, Equatable {
    public var asset: Asset
    public var indexedAt: Double
    public var addedAt: Double
    public var poppedAt: Double?
    public var trashedAt: Double?
    /// The sidecar the asset was last read with (`IndexRecord.sidecarStamp`).
    public var sidecarStamp: String?

    public init(
        asset: Asset, indexedAt: Double, addedAt: Double, poppedAt: Double?, trashedAt: Double?,
        sidecarStamp: String?
    ) {
        self.asset = asset
        self.indexedAt = indexedAt
        self.addedAt = addedAt
        self.poppedAt = poppedAt
        self.trashedAt = trashedAt
        self.sidecarStamp = sidecarStamp
    }
}

/// A log event with its time as stored (see `StoredAsset`).
public struct StoredEvent: Sendable, Equatable {
    public var event: AssetEvent
    public var at: Double

    public init(event: AssetEvent, at: Double) {
        self.event = event
        self.at = at
    }
}
