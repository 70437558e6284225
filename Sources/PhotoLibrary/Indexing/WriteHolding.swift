import Dispatch
import PhotoCatalog

/// When an index pass lets its batches' writes share one transaction (`Catalog.holdWrites`).
///
/// Committed batch by batch, a first index of 2,420 photos wrote 2,400 pages to SQLite's log
/// for a catalog of 450: each batch adds keys all over the 19 indexes, so each commit wrote
/// most pages again, and the log outgrew the size at which a commit also checkpoints it, in
/// the single-threaded end of the pass. Held, such a pass commits once. The write lock is held
/// meanwhile and other processes' writes wait for it (up to 10 s), so the writes are held
/// across a wait for the reading threads only while batches read fast, the latest in under a
/// tenth of a second (never while renditions are made), and for a quarter of a second at most.
struct WriteHolding {
    /// The longest a hold lasts before a wait for the reading threads.
    static let longestHold: UInt64 = 250_000_000
    /// The longest a batch's reading may have taken for the writes to be held across the next.
    static let fastRead: UInt64 = 100_000_000

    /// When the hold began (`DispatchTime` nanoseconds), nil while nothing is held.
    private var since: UInt64?
    /// How long the latest batch took to read, in nanoseconds.
    private(set) var latestRead: UInt64?

    var isHolding: Bool { since != nil }

    /// Before a batch read in `nanoseconds` is written: holds from here when it read fast.
    mutating func willWrite(readIn nanoseconds: UInt64?, catalog: any Catalog) {
        latestRead = nanoseconds
        guard since == nil, let nanoseconds, nanoseconds < Self.fastRead else { return }
        catalog.holdWrites()
        since = DispatchTime.now().uptimeNanoseconds
    }

    /// Before waiting for the reading threads: commits unless the hold is young and the wait
    /// should be short.
    mutating func willWait(catalog: any Catalog) throws {
        guard let since else { return }
        let age = DispatchTime.now().uptimeNanoseconds - since
        if age >= Self.longestHold || (latestRead ?? .max) >= Self.fastRead { try commit(catalog: catalog) }
    }

    /// Commits what is held, if anything.
    mutating func commit(catalog: any Catalog) throws {
        guard since != nil else { return }
        since = nil
        try catalog.commitHeldWrites()
    }
}
