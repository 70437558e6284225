import PhotoCatalog
import PhotoFormats
import PhotoSupport

/// Makes the renditions of many assets on several threads: `photolib render`.
public struct RenditionBatch {
    public let library: Library

    public init(library: Library) {
        self.library = library
    }

    /// What a batch did.
    public struct Summary: Sendable, Equatable {
        /// Assets whose renditions this batch wrote.
        public var made = 0
        /// Assets whose renditions all existed (not forced).
        public var existing = 0
        /// Assets whose renditions could not be made.
        public var failed = 0
        /// Assets made from a damaged file (renditions of what decoded).
        public var damaged = 0
        /// Originals that decode in part or not at all, with the decoder's reason, for the
        /// catalog to record (an index without renditions could not know).
        public var findings: [DamageFinding] = []
        /// Content hashes learnt by reading originals whole (assets that had none, or a stale
        /// one), for the catalog to record (`Catalog.recordContentHashes`).
        public var contentHashes: [ContentHashRecord] = []
        /// Perceptual fingerprints made for assets that had none or a different one, for the
        /// catalog to record after the content hashes (`Catalog.recordVisualHashes`).
        public var visualHashes: [VisualHashRecord] = []
    }

    /// What the batch tells its caller while it works.
    public enum Event: Sendable, Equatable {
        case progress(done: Int, total: Int)
        /// An asset whose renditions could not be made, or were made from a damaged file.
        case problem(path: RawPath, message: String, failed: Bool)
        /// An asset whose renditions were made (`made`) or were already there, for `--verbose`.
        case rendered(path: RawPath, made: Bool)
    }

    /// Makes the `kinds` renditions of `assets` (the originals of trashed assets are in the
    /// trash, missing ones are skipped as failures), `force` remaking existing files.
    /// First removes the temporary files a killed render or index left in the store, unless
    /// `removingAbandoned` is false (workers on other machines: their process ids mean nothing here).
    public func run(
        _ assets: [Asset], kinds: Set<RenditionKind>, force: Bool, jobs: Int, removingAbandoned: Bool = true,
        report: @escaping @Sendable (Event) -> Void = { _ in }
    ) -> Summary {
        if removingAbandoned { AbandonedTemporaries.remove(under: library.renditionsDirectory) }
        let settings = library.settings
        let store = RenditionStore(library: library)
        let sources = assets.map { asset in
            var job = Job(
                id: asset.id, path: library.absolutePath(of: asset.file.relativePath),
                contentHash: asset.contentHash, visualHash: asset.visualHash, size: asset.file.size,
                modifiedNanoseconds: asset.file.modifiedNanoseconds,
                orientation: asset.metadata.orientation, missing: asset.missing)
            do throws(ConfinedPathError) { job.path = try library.originalPath(of: asset) } catch {
                job.refusal = error
            }
            return job
        }
        let total = sources.count
        let outcomes = ParallelWork.map(
            sources, jobs: jobs, makeWorker: { RenditionMaker(settings: settings, store: store) },
            progress: { done in report(.progress(done: done, total: total)) }
        ) { maker, job -> Result<RenditionOutcome, any Error> in
            if let refusal = job.refusal { return .failure(refusal) }
            if job.missing { return .failure(FileSystemError(path: job.path, reason: .notFound)) }
            return Result {
                try maker.make(
                    source: job.path, contentHash: job.contentHash, orientation: job.orientation,
                    kinds: kinds, force: force, needsVisualHash: !VisualFingerprint.isCurrent(job.visualHash))
            }
        }
        var summary = Summary()
        for (job, outcome) in zip(sources, outcomes) {
            switch outcome {
            case .success(let made):
                if made.madeAnything { summary.made += 1 } else { summary.existing += 1 }
                report(.rendered(path: job.path, made: made.madeAnything))
                if let hash = made.contentHash, hash != job.contentHash {
                    summary.contentHashes.append(
                        ContentHashRecord(
                            id: job.id, hash: hash, size: job.size, modifiedNanoseconds: job.modifiedNanoseconds))
                }
                if let visual = made.visualHash, let hash = made.contentHash, visual != job.visualHash {
                    summary.visualHashes.append(VisualHashRecord(id: job.id, hash: visual, contentHash: hash))
                }
                if let colour = made.colourWarning {
                    report(.problem(path: job.path, message: "\(job.path): \(colour)", failed: false))
                }
                if let damage = made.damage {
                    summary.damaged += 1
                    let finding = DamageFinding.partial(id: job.id, damage: damage)
                    report(.problem(path: job.path, message: "\(job.path): \(finding.reason)", failed: false))
                    summary.findings.append(finding)
                }
            case .failure(let error):
                summary.failed += 1
                report(.problem(path: job.path, message: "\(error)", failed: true))
                // As index does when it renders: the original's bytes, not a full disk.
                if let finding = DamageFinding.undecodable(id: job.id, error: error) {
                    summary.findings.append(finding)
                }
            }
        }
        return summary
    }

    private struct Job: Sendable {
        var id: AssetID
        var path: RawPath
        var contentHash: String?
        var visualHash: String?
        var size: Int64
        var modifiedNanoseconds: Int64
        var orientation: Int
        var missing: Bool
        /// A catalog path that leads outside the library: never read.
        var refusal: ConfinedPathError? = nil
    }
}
