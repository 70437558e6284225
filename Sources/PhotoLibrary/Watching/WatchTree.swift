import Foundation
import PhotoSupport

/// Which folders of a library are watched, by which watch, and which are checked by
/// periodic stat passes instead (network mounts, or once the watch limit is reached).
///
/// Paths are library-relative. A watch follows its folder's inode, so when a folder is moved
/// its watch stays and only the paths here change (`rename`).
final class WatchTree {
    let inotify: Inotify
    private(set) var pathByWatch: [Int32: RawPath] = [:]
    private var watchByPath: [RawPath: Int32] = [:]
    /// Folders where events do not work, each checked whole by a stat pass.
    private(set) var polled: Set<RawPath> = []
    /// What the last calls found worth saying (a network mount, the watch limit), once each.
    var notices: [WatchNotice] = []
    private var limitSaid = false

    private let root: RawPath
    private let includeHidden: Bool
    /// At most this many watches (a test's stand-in for a low `fs.inotify.max_user_watches`).
    private let watchLimit: Int?

    init(inotify: Inotify, root: RawPath, includeHidden: Bool, watchLimit: Int?) {
        self.inotify = inotify
        self.root = root
        self.includeHidden = includeHidden
        self.watchLimit = watchLimit
    }

    var watchCount: Int { watchByPath.count }

    func path(of watch: Int32) -> RawPath? { pathByWatch[watch] }

    /// True when `path` lies in a polled folder.
    func isPolled(_ path: RawPath) -> Bool {
        polled.contains { $0.bytes.isEmpty || path == $0 || path.relative(to: $0) != nil }
    }

    /// Watches `folder` and every folder below it not watched yet (a folder already watched is
    /// entered all the same: after an overflow, its new subfolders are found).
    func add(_ folder: RawPath) {
        let mounts = NetworkFileSystem()
        var level = [folder]
        while !level.isEmpty {
            var next: [RawPath] = []
            for relative in level where !isPolled(relative) {
                let absolute = root.appending(relative)
                if watchByPath[relative] == nil {
                    if let kind = mounts.kind(at: absolute) {
                        polled.insert(relative)
                        notices.append(.network(folder: absolute, kind: kind))
                        continue
                    }
                    guard watch(relative, absolute: absolute) else { continue }
                }
                next.append(contentsOf: subfolders(of: relative, absolute: absolute))
            }
            level = next
        }
    }

    /// Adds one watch; false when the folder is polled instead (the limit) or cannot be watched.
    private func watch(_ relative: RawPath, absolute: RawPath) -> Bool {
        do throws(InotifyError) {
            if let watchLimit, watchByPath.count >= watchLimit { throw InotifyError(reason: .watchLimit) }
            let watch = try inotify.addWatch(absolute)
            pathByWatch[watch] = relative
            watchByPath[relative] = watch
            return true
        } catch {
            if error.reason == .watchLimit {
                polled.insert(relative)
                if !limitSaid {
                    limitSaid = true
                    notices.append(.watchLimit(folder: absolute, watches: watchByPath.count))
                }
            } else if case .addFailed(_, let code) = error.reason, code != ENOENT, code != ENOTDIR {
                notices.append(.unwatchable(folder: absolute, reason: error.description))
            }
            return false
        }
    }

    private func subfolders(of relative: RawPath, absolute: RawPath) -> [RawPath] {
        let listing = FileWalker(includeHidden: includeHidden, skippedNames: [Array(Library.controlDirectoryName.utf8)])
            .list(absolute)
        return listing.folders.compactMap { folder in
            let name = folder.path.lastComponent
            return relative.bytes.isEmpty ? name : relative.appending(name)
        }
    }

    /// The folder `from` is now `to`, with everything below it.
    func rename(_ from: RawPath, to: RawPath) {
        for (path, watch) in watchByPath {
            guard let moved = Self.moved(path, from: from, to: to) else { continue }
            watchByPath[path] = nil
            watchByPath[moved] = watch
            pathByWatch[watch] = moved
        }
        for path in polled {
            guard let moved = Self.moved(path, from: from, to: to) else { continue }
            polled.remove(path)
            polled.insert(moved)
        }
    }

    /// Stops watching `folder` and everything below it (it was moved out or deleted).
    func forget(_ folder: RawPath) {
        for (path, watch) in watchByPath where Self.moved(path, from: folder, to: folder) != nil {
            inotify.removeWatch(watch)
            watchByPath[path] = nil
            pathByWatch[watch] = nil
        }
        polled = polled.filter { Self.moved($0, from: folder, to: folder) == nil }
    }

    /// The kernel dropped `watch` (its folder is gone): forgotten here.
    func dropped(_ watch: Int32) {
        guard let path = pathByWatch.removeValue(forKey: watch) else { return }
        if watchByPath[path] == watch { watchByPath[path] = nil }
    }

    /// `path` with its prefix `from` replaced by `to`; nil when it is not `from` or below.
    static func moved(_ path: RawPath, from: RawPath, to: RawPath) -> RawPath? {
        if path == from { return to }
        guard let rest = path.relative(to: from) else { return nil }
        return to.bytes.isEmpty ? rest : to.appending(rest)
    }
}

/// Something about the watches worth a line to the user.
public enum WatchNotice: Sendable, Equatable {
    /// A folder on a network or FUSE mount: inotify does not see other machines' writes.
    case network(folder: RawPath, kind: String)
    /// The watch limit was reached with this many watches.
    case watchLimit(folder: RawPath, watches: Int)
    case unwatchable(folder: RawPath, reason: String)
}
