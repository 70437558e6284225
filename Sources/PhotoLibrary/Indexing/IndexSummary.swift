import Foundation
import PhotoSupport

/// What one index pass did, counted by outcome.
public struct IndexSummary: Sendable, Equatable {
    /// New files, given new ids.
    public var added = 0
    /// Known paths whose file changed (or came back after being missing): read again, id and flags kept.
    public var updated = 0
    /// Files found at a new path with the fingerprint of an asset whose old path is gone: id and flags kept.
    public var moved = 0
    /// Files whose size and modification time match the catalog: not read.
    public var unchanged = 0
    /// Assets whose file was not found this time: marked missing, kept.
    public var missing = 0
    /// Files that could not be indexed (in no format photolib reads, truncated before the image, unreadable, vanished).
    public var failed = 0
    /// Files that failed before and have not changed since: not read, not reported again.
    public var failedBefore = 0
    /// The first `listedLimit` files that failed in this pass, with the reason (each is also
    /// reported as it happens): the summary of a huge pass stays small.
    public var failures: [RenditionFailure] = []
    /// Files indexed with a problem (truncated scan data, corrupt EXIF, over the pixel limit).
    public var damaged = 0
    /// Files in no format photolib reads that do not look like images (text, archives…),
    /// passed over quietly; videos are counted apart (`videos`).
    public var skipped = 0
    /// Videos read in this pass (counted among `added`, `updated` and `moved` as every asset
    /// is), by container, recognised by their bytes: "MOV", "MP4", "AVI", "3GP", "MTS"… A
    /// container photolib cannot read (WMV, FLV without FFmpeg's help) is counted here too,
    /// passed over as before.
    public var videos: [String: Int] = [:]
    /// Sound images in a variant photolib does not read yet, by kind ("PSD without a
    /// composite", "PSB", "PSD 16-bit channels"): passed over with a count in the summary
    /// ("skipped: PSD without a composite 1"), not failures.
    public var notReadYet: [String: Int] = [:]
    /// What looking the GPS positions up again did, when the gazetteer had changed since the
    /// last index (`PlaceRefresh.runIfGazetteerChanged`); nil when it had not.
    public var placesRefreshed: PlaceRefresh.Outcome?
    /// Every video and quietly skipped file of this pass, with what it is ("MOV video",
    /// "not a format photolib reads (text)"), for `index --verbose`.
    public var passedOver: [RenditionFailure] = []
    /// Files that belong to another file's photo (a `.THM`, the RAW of a RAW+JPEG pair): not assets.
    public var companions = 0
    /// Files whose thumbnail or preview this pass made.
    public var rendered = 0
    /// The first `listedLimit` files whose renditions could not be made for a reason that is not
    /// the photo's (a full disk, a folder in the way), in the order read. Their assets are not damaged.
    public var renditionFailures: [RenditionFailure] = []
    /// How many files' renditions could not be made (all of them, listed or not).
    public var renditionsFailed = 0

    /// How many failures of each kind the summary lists by name.
    public static let listedLimit = 1000

    public init() {}

    /// Counts a file that could not be indexed, listing it while the list is short.
    mutating func noteFailure(_ failure: RenditionFailure) {
        failed += 1
        if failures.count < Self.listedLimit { failures.append(failure) }
    }

    /// Counts a file whose renditions could not be made, listing it while the list is short.
    mutating func noteRenditionFailure(_ failure: RenditionFailure) {
        renditionsFailed += 1
        if renditionFailures.count < Self.listedLimit { renditionFailures.append(failure) }
    }

    /// All videos, of every kind.
    public var videoCount: Int { videos.values.reduce(0, +) }

    /// All images in formats not read yet, of every kind.
    public var notReadYetCount: Int { notReadYet.values.reduce(0, +) }

    /// True when some file could not be indexed, or only in part, or lacks its renditions:
    /// the batch is a partial success.
    public var hadProblems: Bool { failed > 0 || damaged > 0 || renditionsFailed > 0 }
}

/// A file whose renditions an index pass could not make, and why.
public struct RenditionFailure: Sendable, Equatable {
    /// The original (absolute).
    public var path: RawPath
    /// Why, in a few words (a rendition's path may be part of it).
    public var reason: String

    public init(path: RawPath, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// What the indexer tells its caller while it works.
public enum IndexEvent: Sendable, Equatable {
    /// The walk is done: `toRead` files will be read, the rest are unchanged.
    case planned(toRead: Int, unchanged: Int)
    /// `done` of `total` files read.
    case progress(done: Int, total: Int)
    /// A file or folder that could not be indexed; `message` names the path and the reason.
    case failed(path: RawPath, message: String)
    /// A file that was indexed but whose bytes have a problem; `message` names the path and the reason.
    case damaged(path: RawPath, message: String)
    /// A file indexed whole whose renditions could not be made (see `IndexSummary.renditionFailures`).
    case renditionsFailed(path: RawPath, reason: String)
    /// Something that does not stop a file from being indexed and is not the photo's fault
    /// (an unreadable sidecar, no gazetteer to place GPS positions); reported once each.
    case warning(message: String)
    /// A file read and written to the catalog (new, changed or moved), for `--verbose`.
    case indexed(path: RawPath)
}

/// How an index pass should run.
public struct IndexOptions: Sendable, Equatable {
    /// Files read at once.
    public var jobs: Int
    /// Walk into hidden folders and index hidden files.
    public var includeHidden: Bool
    /// Make the thumbnail and preview of every file read (new or changed), in the same pass.
    public var makeRenditions: Bool
    /// Read again the files that failed before, even unchanged.
    public var retryFailed = false
    /// Read again the files named as roots (not those found in a named folder), even
    /// unchanged: `verify --repair` of facts an earlier photolib read wrongly (`size-stale`).
    public var rereadNamedFiles = false
    /// Files read and written together: a transaction's worth, and the most memory holds of
    /// readings (two batches: one placed and written while the next is read). Tests make it
    /// small to see several batches on a few files.
    var batchSize = 1000

    public init(jobs: Int = IndexOptions.defaultJobs, includeHidden: Bool = false, makeRenditions: Bool = false) {
        self.jobs = max(1, jobs)
        self.includeHidden = includeHidden
        self.makeRenditions = makeRenditions
    }

    /// One job per core.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
