import Foundation
import PhotoSupport

/// What a worker does: index folders, or render slices of assets.
public enum WorkKind: String, Sendable, CaseIterable {
    case index, render
}

/// One thing to claim: a folder (library-relative path bytes, and its device and inode so
/// that a folder reached twice is one item) or a slice of asset ids.
public struct WorkTarget: Sendable, Equatable {
    public var bytes: [UInt8]
    public var folderKey: String?

    public init(bytes: [UInt8], folderKey: String? = nil) {
        self.bytes = bytes
        self.folderKey = folderKey
    }
}

/// Who works: `host:pid:random`, the same on every call of one process.
public struct WorkerIdentity: Sendable, Equatable {
    public var id: String
    public var host: String
    public var pid: Int32

    public static func current() -> WorkerIdentity {
        let host = ProcessInfo.processInfo.hostName
        let pid = getpid()
        return WorkerIdentity(id: "\(host):\(pid):\(AssetID.random().hex.prefix(4))", host: host, pid: pid)
    }
}

/// A claimed item: what to do, and the fencing token `(item, attempt)` its completion must
/// present. A lease that expired and was claimed again carries a higher attempt; the old
/// holder's completion then changes nothing.
public struct WorkLease: Sendable, Equatable {
    public var item: Int64
    public var run: Int64
    public var attempt: Int
    public var target: WorkTarget
    public var isRoot: Bool
    public var worker: String

    public init(item: Int64, run: Int64, attempt: Int, target: WorkTarget, isRoot: Bool, worker: String) {
        self.item = item
        self.run = run
        self.attempt = attempt
        self.target = target
        self.isRoot = isRoot
        self.worker = worker
    }
}

/// What `photolib status` shows of the queue.
public struct WorkStatus: Sendable, Equatable {
    public struct Run: Sendable, Equatable {
        public var id: Int64
        public var kind: WorkKind
        public var startedBy: String
        /// Seconds since it started (server time).
        public var age: Double
        public var finished: Bool
        /// Items by state: pending, leased, done, failed.
        public var items: [String: Int]
        /// Files (index) or assets (render) finished.
        public var filesDone: Int
        /// The first few failed items' errors.
        public var errors: [String]

        public init(
            id: Int64, kind: WorkKind, startedBy: String, age: Double, finished: Bool, items: [String: Int],
            filesDone: Int, errors: [String]
        ) {
            self.id = id
            self.kind = kind
            self.startedBy = startedBy
            self.age = age
            self.finished = finished
            self.items = items
            self.filesDone = filesDone
            self.errors = errors
        }
    }

    public struct Worker: Sendable, Equatable {
        public var id: String
        public var kind: WorkKind
        public var run: Int64?
        /// Seconds since its last heartbeat (server time).
        public var silence: Double
        public var finished: Bool
        public var itemsDone: Int
        public var filesDone: Int
        /// The item it works on, as text (a folder, or "N assets").
        public var current: String?

        public init(
            id: String, kind: WorkKind, run: Int64?, silence: Double, finished: Bool, itemsDone: Int, filesDone: Int,
            current: String?
        ) {
            self.id = id
            self.kind = kind
            self.run = run
            self.silence = silence
            self.finished = finished
            self.itemsDone = itemsDone
            self.filesDone = filesDone
            self.current = current
        }
    }

    /// The latest run of each kind, newest first.
    public var runs: [Run]
    /// Workers of those runs.
    public var workers: [Worker]

    public init(runs: [Run], workers: [Worker]) {
        self.runs = runs
        self.workers = workers
    }
}

/// What one index item (a folder) found, for its completion with the other items of its batch.
public struct IndexItemResult: Sendable {
    public var lease: WorkLease
    public var scanned: [ScannedFile]
    public var seen: [AssetID]
    public var subfolders: [WorkTarget]
    public var filesDone: Int

    public init(lease: WorkLease, scanned: [ScannedFile], seen: [AssetID], subfolders: [WorkTarget], filesDone: Int) {
        self.lease = lease
        self.scanned = scanned
        self.seen = seen
        self.subfolders = subfolders
        self.filesDone = filesDone
    }
}

/// The work queue a store may offer (PostgreSQL's): `index --worker` and `render --worker`
/// processes on many machines claim items of a shared run, hold them by leases that expire
/// on the server's clock, and complete them fenced by `(item, attempt)`.
///
/// A catalog offers it as `Catalog.workQueue`; nothing above the stores knows which one it is.
public protocol WorkQueueCatalog: Catalog {
    /// Joins the open run of `kind`, or starts one seeded with `seed()` (two workers starting
    /// at once make one run); registers `worker` in it.
    func joinRun(kind: WorkKind, worker: WorkerIdentity, seed: () throws -> [WorkTarget]) throws -> Int64
    /// Claims one item of `run` (pending, or leased and expired); nil when there is none now.
    func claim(run: Int64, worker: WorkerIdentity, leaseSeconds: Double) throws -> WorkLease?
    /// Claims up to `limit` items of `run`, no more than an even share among its live workers.
    func claim(run: Int64, worker: WorkerIdentity, leaseSeconds: Double, limit: Int) throws -> [WorkLease]
    /// Items of `run` pending or leased.
    func openItemCount(run: Int64) throws -> Int
    /// Extends `lease`; false when it was taken over.
    func renew(_ lease: WorkLease, leaseSeconds: Double) throws -> Bool
    /// Marks `lease`'s item done (or failed with `error`); false when the lease no longer holds.
    func completeItem(_ lease: WorkLease, filesDone: Int, error: String?) throws -> Bool
    /// The catalog rows of the files in `folders`, by folder.
    func indexRecords(inFolders folders: [RawPath]) throws -> [RawPath: [IndexRecord]]
    /// Writes a batch of folders' results and completes their items in one transaction;
    /// returns the items whose lease held.
    func completeIndexItems(_ results: [IndexItemResult]) throws -> Set<Int64>
    /// Closes `run` when no item is open, once; `missing` picks which unseen assets under the
    /// run's roots are gone. Returns how many were marked missing, nil when another closes it.
    func finishRun(
        _ run: Int64, missing: ([(id: AssetID, path: RawPath)], [RawPath]) throws -> [AssetID]
    ) throws
        -> Int?
    /// Takes `worker` out of the queue's list of live workers.
    func leave(_ worker: WorkerIdentity) throws
    /// What `photolib status` shows.
    func workStatus() throws -> WorkStatus
    /// Opens another connection to the same queue, for a thread of its own (`LeaseKeeper`).
    var reconnector: @Sendable () throws -> any WorkQueueCatalog { get }
}
