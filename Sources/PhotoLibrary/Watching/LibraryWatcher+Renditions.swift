import Foundation
import PhotoCatalog
import PhotoSupport
import Synchronization

/// What one round of rendition making did, for the front end to say.
public struct WatchRenditions: Sendable, Equatable {
    public var made = 0
    public var existing = 0
    public var failed = 0
    public var damaged = 0
    /// Assets still waiting for theirs.
    public var waiting = 0
}

/// The renditions of written assets, made behind the catalog writes (`RenditionBacklog`).
extension LibraryWatcher {
    /// Assets a round takes: a few per reading thread, so that a round lasts about as long as
    /// a batch of events may wait (a decode of a large photo takes a tenth of a second or more).
    var renditionRound: Int { max(2, indexOptions.jobs) * 2 }

    /// Makes the renditions of the next few waiting assets and records what making them
    /// learnt (content and perceptual hashes, damage), as `render` does. A damaged reading of
    /// a file written less than `settle` seconds ago is not recorded: its writer may only be
    /// pausing, and the asset waits until the file has been still for that long.
    func renderSome(report: (WatchEvent) -> Void, indexReport: @escaping @Sendable (IndexEvent) -> Void) {
        let started = Self.now()
        let entries = renditions.take(now: started, limit: renditionRound)
        guard !entries.isEmpty else { return }
        var assets: [Asset] = []
        for entry in entries {
            // Gone meanwhile, moved to the trash, or nothing to decode: not rendered here.
            guard let asset = try? catalog.asset(id: entry.id), !asset.missing, !asset.trashed,
                !asset.undecodable, asset.metadata.pixelWidth != nil
            else { continue }
            assets.append(asset)
        }
        let problems = Mutex<[RawPath: (message: String, failed: Bool)]>([:])
        let summary = RenditionBatch(library: library).run(
            assets, kinds: Set(RenditionKind.allCases), force: false, jobs: indexOptions.jobs,
            removingAbandoned: false
        ) { event in
            if case .problem(let path, let message, let failed) = event {
                problems.withLock { $0[path] = (message, failed) }
            }
        }
        let messages = problems.withLock { $0 }
        // Damage in a file written moments ago: tried again once it has settled.
        var heldBack = Set<AssetID>()
        for finding in summary.findings {
            guard let asset = assets.first(where: { $0.id == finding.id }),
                let path = try? library.originalPath(of: asset), let info = FileSystem.status(path)
            else { continue }
            let modified = Double(info.modifiedNanoseconds) / 1e9
            guard started - modified < options.settle else { continue }
            heldBack.insert(finding.id)
            let previous = entries.first { $0.id == finding.id }?.previousContentHash
            renditions.add(finding.id, previousContentHash: previous, notBefore: modified + options.settle)
        }
        let madeHashes = summary.contentHashes.filter { !heldBack.contains($0.id) }
        do {
            try catalog.recordDamage(summary.findings.filter { !heldBack.contains($0.id) })
            _ = try catalog.recordContentHashes(madeHashes)
            _ = try catalog.recordVisualHashes(summary.visualHashes.filter { !heldBack.contains($0.id) })
        } catch {
            report(.batchFailed("renditions made, but not recorded: \(error)"))
        }
        // Renditions of a content no asset has now: an edited original's old ones, and those
        // just made of a file held back (their content was a moment of its writing).
        var stale = Set(summary.contentHashes.filter { heldBack.contains($0.id) }.map(\.hash))
        for made in madeHashes {
            if let previous = entries.first(where: { $0.id == made.id })?.previousContentHash, previous != made.hash {
                stale.insert(previous)
            }
        }
        _ = try? RenditionCleanup(library: library, catalog: catalog).removeUnclaimed(stale)

        var failed = 0
        var damaged = 0
        for asset in assets where !heldBack.contains(asset.id) {
            guard let path = try? library.originalPath(of: asset), let problem = messages[path] else { continue }
            if problem.failed {
                failed += 1
                indexReport(.failed(path: path, message: problem.message))
            } else if summary.findings.contains(where: { $0.id == asset.id }) {
                damaged += 1
                indexReport(.damaged(path: path, message: problem.message))
            } else {
                // A colour profile that could not be used: the renditions are made all the same.
                indexReport(.warning(message: problem.message))
            }
        }
        var done = WatchRenditions()
        done.made = summary.made
        done.existing = summary.existing
        done.failed = failed
        done.damaged = damaged
        done.waiting = renditions.count
        report(.rendered(done, seconds: Self.now() - started))
    }
}
