import Foundation
import PhotoCatalog
import PhotoSupport

/// `verify --deep`: reads every present original whole and holds its content hash against the
/// one the catalog recorded, as `git fsck` or a ZFS scrub do. The ordinary check compares size,
/// modification time and the first and last 64 KiB; a few bytes gone bad in the middle of a
/// file (a failing disk, a bad copy) change none of those, only the whole-file hash.
///
/// Originals without a recorded hash are hashed first and the hash is kept (where the library
/// may be written), so the next deep check can compare them. Each asset's check time is kept
/// in `DeepCheckLog`, batch by batch: a run cut short is taken up again by the next one asked to
/// skip what was checked recently. Originals changed since the last index (size or time differ)
/// are the ordinary check's `original-changed`, not re-hashed here.
public struct DeepCheck: Sendable {
    public struct Summary: Sendable, Equatable {
        /// Originals read whole and compared with their recorded hash.
        public var compared = 0
        /// Originals that had no hash: hashed, and the hash recorded.
        public var hashed = 0
        /// Skipped: checked within the window asked for.
        public var skippedRecent = 0
        /// Bytes read.
        public var bytes: Int64 = 0
        /// `content-changed` findings.
        public var findings: [VerifyFinding] = []
        /// Originals that could not be read, with why.
        public var unreadable: [VerifyFinding] = []

        public init() {}
    }

    /// Assets hashed between two writes of the catalog and the log: what a kill can lose.
    static let batchSize = 256

    public let library: Library

    public init(library: Library) {
        self.library = library
    }

    /// The present assets a run should read, leaving out those checked at or after `cutoff`
    /// (unix seconds; nil for none), and how many were left out for that.
    public func pending(
        catalog: any Catalog, skipCheckedSince cutoff: Int64?
    ) throws -> (
        assets: [Asset], skipped: Int
    ) {
        let log = DeepCheckLog(library: library)
        let present = try catalog.assets(matching: AssetQuery()).filter { !$0.missing }
        guard let cutoff else { return (present, 0) }
        let due = present.filter { !log.checked($0.id, since: cutoff) }
        return (due, present.count - due.count)
    }

    /// Checks `assets` (from `pending`) with `jobs` threads, at time `now`; `progress` gets the
    /// number done so far.
    public func run(
        _ assets: [Asset], catalog: any Catalog, jobs: Int, now: Date,
        progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) throws -> Summary {
        var log = DeepCheckLog(library: library)
        let writable = library.isWritable
        var summary = Summary()
        let library = self.library
        let seconds = Int64(now.timeIntervalSince1970)
        var done = 0
        for start in stride(from: 0, to: assets.count, by: Self.batchSize) {
            let batch = Array(assets[start..<min(assets.count, start + Self.batchSize)])
            let offset = done
            let outcomes = ParallelWork.map(batch, jobs: jobs, makeWorker: {}, progress: { progress(offset + $0) }) {
                _, asset in ContentHashing.hash(asset, at: library.absolutePath(of: asset.file.relativePath))
            }
            var records: [ContentHashRecord] = []
            var checked: [AssetID] = []
            var damaged: [AssetID] = []
            for (asset, outcome) in zip(batch, outcomes) {
                let path = library.absolutePath(of: asset.file.relativePath)
                switch outcome {
                case .hashed(let hash):
                    summary.bytes += asset.file.size
                    if let recorded = asset.contentHash {
                        summary.compared += 1
                        if recorded != hash.description {
                            // Logged as never checked: every deep check reports a damaged original.
                            summary.findings.append(Self.changedFinding(asset, path: path, now: hash.description))
                            damaged.append(asset.id)
                        } else {
                            checked.append(asset.id)
                        }
                    } else {
                        checked.append(asset.id)
                        summary.hashed += 1
                        records.append(ContentHashRecord(asset: asset, hash: hash))
                    }
                case .changed:
                    break  // The ordinary check reports it as original-changed.
                case .failed(let reason):
                    summary.unreadable.append(
                        VerifyFinding(
                            kind: .originalUnreadable, path: path, assetID: asset.id, detail: "cannot read: \(reason)"))
                }
            }
            if writable {
                if !records.isEmpty { _ = try catalog.recordContentHashes(records) }
                try log.record(checked, at: seconds)
                try log.record(damaged, at: 0)
            }
            done += batch.count
        }
        if writable, log.needsCompaction {
            var everything = AssetQuery()
            everything.trash = .included
            try log.compact(keeping: Set(try catalog.assets(matching: everything).map(\.id)))
        }
        return summary
    }

    static func changedFinding(_ asset: Asset, path: RawPath, now hash: String) -> VerifyFinding {
        VerifyFinding(
            kind: .contentChanged, path: path, assetID: asset.id,
            detail: "content hash \(hash.prefix(16)) differs from the \(asset.contentHash?.prefix(16) ?? "") "
                + "recorded (size and modification time unchanged: likely disk or copy damage)")
    }
}
