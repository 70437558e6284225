import Foundation
import PhotoCatalog
import PhotoSupport

/// The assets a watcher has written whose renditions are still to be made.
///
/// The watcher writes a batch's catalog rows first and makes their renditions after, a few at
/// a time between batches (as `index --no-renditions` then `render` would): a photo is listable
/// as soon as its metadata is read, and a card of 2,000 is not held back behind 2,000 decodes.
/// Taken in the order written; an entry may wait (`notBefore`) for its file to settle.
struct RenditionBacklog {
    struct Entry: Sendable, Equatable {
        var id: AssetID
        /// The content hash the asset had before its file changed: its renditions go once the
        /// new ones are made, unless another asset still has that content.
        var previousContentHash: String?
        var notBefore: Double
    }

    private var entries: [AssetID: Entry] = [:]
    private var order: [AssetID] = []

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    /// The ids waiting, in the order they came (for the watcher's state file).
    var ids: [AssetID] { order.filter { entries[$0] != nil } }

    /// Assets just written. One written again before its turn keeps its place and the
    /// oldest previous content hash (the renditions that then stand for it).
    mutating func add(_ written: [WrittenAsset], now: Double) {
        for asset in written { add(asset.id, previousContentHash: asset.previousContentHash, notBefore: now) }
    }

    mutating func add(_ id: AssetID, previousContentHash: String?, notBefore: Double) {
        if var entry = entries[id] {
            entry.notBefore = max(entry.notBefore, notBefore)
            entries[id] = entry
            return
        }
        entries[id] = Entry(id: id, previousContentHash: previousContentHash, notBefore: notBefore)
        order.append(id)
    }

    /// When the first entry may be taken; nil when none waits.
    func nextDeadline() -> Double? { entries.values.map(\.notBefore).min() }

    /// Up to `limit` entries due at `now`, oldest first, out of the backlog.
    mutating func take(now: Double, limit: Int) -> [Entry] {
        var taken: [Entry] = []
        var kept: [AssetID] = []
        for id in order {
            guard let entry = entries[id] else { continue }
            if taken.count < limit, entry.notBefore <= now {
                taken.append(entry)
                entries[id] = nil
            } else {
                kept.append(id)
            }
        }
        order = kept
        return taken
    }
}
