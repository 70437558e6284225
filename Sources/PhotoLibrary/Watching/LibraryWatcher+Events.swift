import Foundation
import PhotoSupport

/// From inotify events to queued changes: events only say where to look.
extension LibraryWatcher {
    /// Queues what `events` (one read's worth) say changed. The two halves of a move come
    /// together in one read, paired by cookie; a half left alone is a move out of (or into)
    /// the watched folders.
    func handle(_ events: [InotifyEvent], now: Double, report: (WatchEvent) -> Void) {
        for event in events {
            if event.has(IN_Q_OVERFLOW) {
                report(.overflow)
                // Events were lost: one stat pass over the roots, and any folder made
                // meanwhile is watched.
                for root in roots {
                    tree.add(root)
                    queue.scan(root, now: now)
                }
                continue
            }
            if event.has(IN_IGNORED) {
                tree.dropped(event.watch)
                continue
            }
            guard let folder = tree.path(of: event.watch), !event.name.isEmpty else { continue }
            if folder.bytes.isEmpty, event.name == Array(Library.controlDirectoryName.utf8) { continue }
            let path = folder.appending(RawPath(bytes: event.name))
            let temporary = TemporaryNames.isTemporary(event.name, includeHidden: indexOptions.includeHidden)
            if event.has(IN_MOVED_FROM) {
                movedFrom[event.cookie] = (temporary ? RawPath(bytes: []) : path, event.isFolder)
                continue
            }
            if event.has(IN_MOVED_TO) {
                let source = movedFrom.removeValue(forKey: event.cookie)
                arrived(path, from: source, isFolder: event.isFolder, temporary: temporary, now: now)
                continue
            }
            // Hidden and temporary names are never read (their rename into place is).
            guard !temporary else { continue }
            if event.isFolder {
                if event.has(IN_CREATE) {
                    tree.add(path)
                    queue.scan(path, now: now)
                } else if event.has(IN_DELETE) {
                    tree.forget(path)
                    queue.removed(path, now: now)
                }
            } else if event.has(IN_DELETE) {
                queue.removed(path, now: now)
            } else if event.has(IN_CLOSE_WRITE) {
                queue.fileChanged(path, closed: true, now: now)
            } else if event.has(IN_MODIFY) || event.has(IN_CREATE) {
                queue.fileChanged(path, closed: false, now: now)
            } else if event.has(IN_ATTRIB) {
                queue.touched(path, now: now)
            }
        }
        // Moved out of the watched folders (or into a hidden name): gone from the library's view.
        for (_, source) in movedFrom where !source.path.bytes.isEmpty {
            if source.isFolder { tree.forget(source.path) }
            queue.removed(source.path, now: now)
        }
        movedFrom = [:]
        for notice in tree.notices { report(.notice(notice)) }
        tree.notices = []
    }

    /// The second half of a move (or a move in from outside, `source` nil).
    private func arrived(
        _ path: RawPath, from source: (path: RawPath, isFolder: Bool)?, isFolder: Bool, temporary: Bool,
        now: Double
    ) {
        let from = source.flatMap { $0.path.bytes.isEmpty ? nil : $0.path }
        if isFolder {
            if let from {
                // The watches follow the folder: only their paths change.
                tree.rename(from, to: path)
                queue.removed(from, now: now)
            } else {
                tree.add(path)
            }
            if temporary {
                tree.forget(path)
            } else {
                queue.scan(path, now: now)
            }
            return
        }
        if let from { queue.removed(from, now: now) }
        // A file renamed into place is complete: its writer wrote it under the other name.
        if !temporary { queue.fileMovedIn(path, now: now) }
    }
}
