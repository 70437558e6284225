import Foundation
import PhotoCatalog
import PhotoSupport

/// Gives content hashes to the assets that lack one: every present original read whole, in
/// parallel, and the hashes stored in one write. What `photolib duplicates` and the
/// `--duplicates` filter run first, so that they compare every asset of the library.
public struct ContentHashing: Sendable {
    /// What one pass did.
    public struct Summary: Sendable, Equatable {
        /// Hashes computed (and stored, unless the pass was asked not to).
        public var hashed = 0
        /// The hashes computed, by asset.
        public var hashes: [AssetID: String] = [:]
        /// Originals whose size or modification time differ from the catalog's (changed since
        /// the last index): left without a hash until an index reads them again.
        public var changed: [RawPath] = []
        /// Originals that could not be read, with why.
        public var failed: [(path: RawPath, reason: String)] = []

        public init() {}

        public static func == (lhs: Summary, rhs: Summary) -> Bool {
            lhs.hashed == rhs.hashed && lhs.hashes == rhs.hashes && lhs.changed == rhs.changed
                && lhs.failed.map(\.path) == rhs.failed.map(\.path)
        }
    }

    public let library: Library

    public init(library: Library) {
        self.library = library
    }

    /// The present assets (not missing, not trashed) without a content hash.
    public func unhashedAssets(catalog: any Catalog) throws -> [Asset] {
        try catalog.assets(matching: AssetQuery()).filter { !$0.missing && $0.contentHash == nil }
    }

    /// The present assets without a content hash that may be a copy of another, as fdupes and
    /// jdupes choose what to read: those whose size another present asset shares, and of a size
    /// no hashed asset has, only those whose first and last blocks (`ContentHash.ofEnds`, read
    /// with `jobs` threads) another of that size shares. A file of a size of its own, most of a
    /// library of photos, cannot be a copy and is never read. The summary holds the originals
    /// that could not be read or changed since the last index (nothing hashed yet).
    public func candidates(catalog: any Catalog, jobs: Int) throws -> (assets: [Asset], summary: Summary) {
        let present = try catalog.assets(matching: AssetQuery()).filter { !$0.missing }
        var bySize: [Int64: (hashed: Bool, unhashed: [Asset])] = [:]
        for asset in present {
            var entry = bySize[asset.file.size] ?? (false, [])
            if asset.contentHash == nil { entry.unhashed.append(asset) } else { entry.hashed = true }
            bySize[asset.file.size] = entry
        }
        var assets: [Asset] = []
        var unknownEnds: [Asset] = []
        for (_, entry) in bySize where !entry.unhashed.isEmpty {
            if entry.hashed {
                assets += entry.unhashed  // compared with a whole hash already stored
            } else if entry.unhashed.count > 1 {
                unknownEnds += entry.unhashed
            }
        }
        let library = self.library
        let ends = ParallelWork.map(unknownEnds, jobs: jobs, makeWorker: {}) { _, asset in
            Result { () throws(FileSystemError) in
                try ContentHash.ofEnds(
                    at: library.absolutePath(of: asset.file.relativePath), expectedSize: asset.file.size)
            }
        }
        var summary = Summary()
        var byEnds: [ContentHash: [Asset]] = [:]
        for (asset, outcome) in zip(unknownEnds, ends) {
            switch outcome {
            case .success(let hash): byEnds[hash, default: []].append(asset)  // sizes are equal within a key's
            case .failure(let error) where error.reason == .changedDuringRead:
                summary.changed.append(asset.file.relativePath)
            case .failure(let error): summary.failed.append((asset.file.relativePath, error.description))
            }
        }
        for (_, group) in byEnds where group.count > 1 { assets += group }
        // The catalog's order, so that a run reads and reports as the library sorts.
        let order = Dictionary(uniqueKeysWithValues: present.enumerated().map { ($1.id, $0) })
        assets.sort { order[$0.id, default: 0] < order[$1.id, default: 0] }
        return (assets, summary)
    }

    /// Hashes `assets` with `jobs` threads and stores what it found unless `store` is false (a
    /// library nobody may write: the hashes serve this run only); `progress` is called with how
    /// many are done (from any thread).
    public func hash(
        _ assets: [Asset], catalog: any Catalog, jobs: Int, store: Bool = true,
        progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) throws -> Summary {
        let library = self.library
        let outcomes = ParallelWork.map(assets, jobs: jobs, makeWorker: {}, progress: progress) { _, asset in
            Self.hash(asset, at: library.absolutePath(of: asset.file.relativePath))
        }
        var summary = Summary()
        var records: [ContentHashRecord] = []
        for (asset, outcome) in zip(assets, outcomes) {
            switch outcome {
            case .hashed(let hash): records.append(ContentHashRecord(asset: asset, hash: hash))
            case .changed: summary.changed.append(asset.file.relativePath)
            case .failed(let reason): summary.failed.append((asset.file.relativePath, reason))
            }
        }
        for record in records { summary.hashes[record.id] = record.hash }
        summary.hashed = store ? try catalog.recordContentHashes(records) : records.count
        return summary
    }

    enum Outcome: Sendable {
        case hashed(ContentHash)
        case changed
        case failed(String)
    }

    /// The hash of the original at `path`, when the file is the one the catalog recorded before
    /// and after the read (same size and modification time): else the hash may be of other content.
    static func hash(_ asset: Asset, at path: RawPath) -> Outcome {
        func isRecorded(_ info: stat?) -> Bool {
            guard let info else { return false }
            return Int64(info.st_size) == asset.file.size && info.modifiedNanoseconds == asset.file.modifiedNanoseconds
        }
        guard isRecorded(FileSystem.status(path)) else { return .changed }
        do {
            let (hash, size) = try ContentHash.ofFile(at: path)
            guard size == asset.file.size, isRecorded(FileSystem.status(path)) else { return .changed }
            return .hashed(hash)
        } catch {
            return .failed(error.description)
        }
    }
}
