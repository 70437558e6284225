import Foundation
import PhotoLibrary
import PhotoSupport

/// The library's `index --watch`, in `photolib status`: from the state file it rewrites,
/// shown only while it holds its lock (a watcher killed leaves a state file nobody reads).
extension StatusCommand {
    static func watcherText(_ state: WatcherState?, now: Double = Date().timeIntervalSince1970) -> String {
        guard let state else { return "watcher: none (start one with 'photolib index --watch')\n" }
        var parts = ["pid \(state.pid)"]
        if state.startedAt > 0 { parts.append("started \(duration(now - state.startedAt)) ago") }
        parts.append(state.lastEventAt.map { "last event \(duration(now - $0)) ago" } ?? "no event yet")
        parts.append("queue \(state.queued)")
        parts.append("\(state.watches) folders watched")
        var lines = ["watcher: " + parts.joined(separator: ", ")]
        if !state.polledFolders.isEmpty {
            lines.append("  checked by stat passes: \(state.polledFolders.joined(separator: ", "))")
        }
        if let batch = state.lastBatch, let at = state.lastBatchAt {
            lines.append("  last batch \(duration(now - at)) ago: \(batch)")
        }
        return lines.map { TerminalText.escaped($0) }.joined(separator: "\n") + "\n"
    }

    static func watcherJSON(_ state: WatcherState?) -> JSONValue {
        guard let state else { return .null }
        return .object([
            ("pid", .int(Int64(state.pid))), ("startedAt", .double(state.startedAt)),
            ("lastEventAt", state.lastEventAt.map { .double($0) } ?? .null), ("queued", .int(Int64(state.queued))),
            ("watches", .int(Int64(state.watches))), ("polled", .array(state.polledFolders.map { .string($0) })),
            ("lastBatchAt", state.lastBatchAt.map { .double($0) } ?? .null),
            ("lastBatch", state.lastBatch.map { .string($0) } ?? .null),
        ])
    }

    /// `value` (an object) with the watcher's member added.
    static func addingWatcher(_ value: JSONValue, _ state: WatcherState?) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members + [("watcher", watcherJSON(state))])
    }
}
