import Foundation
import PhotoCatalog

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
    }

    /// The latest run of each kind, newest first.
    public var runs: [Run]
    /// Workers of those runs.
    public var workers: [Worker]
}
