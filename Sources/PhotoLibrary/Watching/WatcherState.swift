import Foundation
import PhotoCatalog
import PhotoSupport

/// What a running watcher says of itself in `.photolib/watch.json`, for `photolib status`:
/// rewritten (whole, renamed into place) after each batch and as events come, at most once a
/// second. Worth believing only while the watcher holds its lock (`WatcherLock.holder`).
public struct WatcherState: Codable, Sendable, Equatable {
    static let fileName = RawPath("watch.json")

    public var pid: Int32
    /// Seconds since 1970.
    public var startedAt: Double
    /// When the last event came; nil before the first.
    public var lastEventAt: Double?
    /// Changes heard of and not indexed yet.
    public var queued: Int
    /// Folders watched by inotify, and those checked by stat passes instead.
    public var watches: Int
    public var polledFolders: [String]
    /// When the last batch was indexed, and what it did ("added 1, …").
    public var lastBatchAt: Double?
    public var lastBatch: String?
    /// Assets written whose renditions are not made yet (ids), so that a watcher killed
    /// before making them leaves them to the next (nil when the watcher makes none).
    public var renditionsWanted: [String]?

    public init(pid: Int32, startedAt: Double) {
        self.pid = pid
        self.startedAt = startedAt
        queued = 0
        watches = 0
        polledFolders = []
    }

    /// Writes the state into the library's control folder (never through a symlink).
    func write(in library: Library) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(self)
        let folder = try DirectoryHandle.open(root: library.controlDirectory)
        try data.withUnsafeBytes { try folder.replace(with: $0, name: Self.fileName) }
    }

    /// The renditions the last watcher left to make, read by the next one (which holds the lock).
    static func renditionsLeft(in library: Library) -> [AssetID] {
        let path = library.controlDirectory.appending(fileName)
        guard let bytes = try? FileSystem.readFile(path),
            let state = try? JSONDecoder().decode(WatcherState.self, from: Data(bytes))
        else { return [] }
        return (state.renditionsWanted ?? []).compactMap { AssetID(hex: $0) }
    }

    /// The state the library's watcher wrote, when one holds the lock now; nil otherwise.
    public static func current(in library: Library) -> WatcherState? {
        guard let pid = WatcherLock.holder(in: library) else { return nil }
        let path = library.controlDirectory.appending(fileName)
        guard let bytes = try? FileSystem.readFile(path),
            var state = try? JSONDecoder().decode(WatcherState.self, from: Data(bytes))
        else { return WatcherState(pid: pid, startedAt: 0) }
        if pid != 0 { state.pid = pid }
        return state
    }
}
