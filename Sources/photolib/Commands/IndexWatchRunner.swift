import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib index --watch`: the watcher's lines on stderr, one per batch, as a journal
/// reads them (no progress bar, no control characters, each line's syslog priority first when
/// stderr is the journal's stream: `JournalStream`); with `--json`, each batch's summary
/// as a JSON line on stdout too.
enum IndexWatchRunner {
    /// Set to a number, the watcher takes no more watches than that: how tests meet the limit.
    static let watchLimitVariable = "PHOTOLIB_WATCH_LIMIT"
    static let maxWatchesFile = "/proc/sys/fs/inotify/max_user_watches"

    static func run(
        _ command: ParsedCommand, context: CommandContext, library: Library, catalog: any Catalog,
        options: IndexOptions
    ) throws -> ExitStatus {
        var watchOptions = WatchOptions()
        if let settle = try command[IndexCommand.Options.settle] { watchOptions.settle = settle.value }
        if let interval = try command[IndexCommand.Options.interval] { watchOptions.interval = interval.value }
        watchOptions.watchLimit = context.environment[watchLimitVariable].flatMap { Int($0) }
        let watcher = try LibraryWatcher(
            library: library, catalog: catalog, indexOptions: options, options: watchOptions,
            paths: command.rawArguments, workingDirectory: context.workingDirectory)
        let signals = try SignalPipe(signals: [SIGTERM, SIGINT, SIGHUP])
        let diagnostics = context.diagnostics
        let json = command[IndexCommand.Options.json]
        let report: @Sendable (IndexEvent) -> Void = { event in
            switch event {
            case .failed(_, let message), .damaged(_, let message): diagnostics.problem(message)
            case .renditionsFailed(let path, let reason):
                diagnostics.problem("\(path): renditions not made: \(reason)")
            case .warning(let message): diagnostics.warning(message)
            case .indexed(let path): diagnostics.note(path.description, "indexed")
            case .planned, .progress: break
            }
        }
        var status = ExitStatus.success
        try watcher.run(
            signals: signals,
            reload: {
                let reopened = try Library.open(
                    at: library.root, dataFiles: context.dataFiles, catalogTrust: library.catalogTrust)
                reopened.settingsWarnings.forEach(diagnostics.warning)
                return reopened
            },
            report: { event in
                if case .batch(let summary, _, _) = event, summary.hadProblems { status = .partial }
                if case .rendered(let made, _) = event, made.failed + made.damaged > 0 { status = .partial }
                log(event, context: context, interval: watchOptions.interval)
                if json, let value = jsonValue(event) {
                    context.stdout.writeJSONLine(value)
                    context.stdout.flush()
                }
            },
            indexReport: report)
        return status == .partial ? .partial : .success
    }

    /// One line on stderr for what the watcher did.
    static func log(_ event: WatchEvent, context: CommandContext, interval: Double) {
        let diagnostics = context.diagnostics
        switch event {
        case .started(let summary, let watches, let polled, let seconds):
            var line = "watching \(watches) folders"
            if !polled.isEmpty { line += ", \(polled.count) checked every \(Int(interval)) s" }
            note("\(line); first index in \(format(seconds)) s: \(IndexCommand.summaryText(summary))", context)
        case .batch(let summary, let changes, let seconds):
            // A batch that changed nothing (a folder made empty, a file touched) is not worth a line.
            let changed = summary.added + summary.updated + summary.moved + summary.missing + summary.failed
            guard changed > 0 || context.verbosity == .verbose else { return }
            let what = changes == 1 ? "1 change" : "\(changes) changes"
            note("\(what) indexed in \(format(seconds)) s: \(IndexCommand.summaryText(summary))", context)
        case .rendered(let made, let seconds):
            // Renditions that were all there already are not worth a line.
            guard made.made + made.failed + made.damaged > 0 || context.verbosity == .verbose else { return }
            var line = "renditions made for \(made.made) in \(format(seconds)) s"
            if made.failed > 0 { line += ", failed \(made.failed)" }
            if made.damaged > 0 { line += ", damaged \(made.damaged)" }
            note(line + ", \(made.waiting) waiting", context)
        case .batchFailed(let reason):
            diagnostics.problem("a batch failed (retried with the next): \(reason)")
        case .overflow:
            diagnostics.warning("inotify's event queue overflowed: one stat pass over the watched folders")
        case .reloaded(let error):
            if let error {
                diagnostics.problem("SIGHUP: settings not read again, the old ones stay: \(error)")
            } else {
                note("SIGHUP: settings read again", context)
            }
        case .stopping(let signal):
            note("\(signal == SIGINT ? "SIGINT" : "SIGTERM"): stopping", context)
        case .notice(let notice):
            diagnostics.warning(text(notice, interval: interval))
        }
    }

    /// A line that is neither a problem nor a warning, unless `--quiet`.
    static func note(_ line: String, _ context: CommandContext) {
        context.diagnostics.notice(line)
    }

    static func text(_ notice: WatchNotice, interval: Double) -> String {
        switch notice {
        case .network(let folder, let kind):
            return "\(folder): on a \(kind) mount, where inotify misses other machines' changes: "
                + "checked every \(Int(interval)) s instead (--interval)"
        case .watchLimit(let folder, let watches):
            let limit =
                (try? String(contentsOfFile: maxWatchesFile, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
            return "inotify watch limit reached after \(watches) watches (fs.inotify.max_user_watches = \(limit)): "
                + "\(folder) and the folders below it are checked every \(Int(interval)) s instead; "
                + "raise it with 'sudo sysctl fs.inotify.max_user_watches=524288'"
        case .unwatchable(let folder, let reason):
            return "\(folder): not watched (\(reason))"
        }
    }

    static func jsonValue(_ event: WatchEvent) -> JSONValue? {
        switch event {
        case .started(let summary, let watches, let polled, let seconds):
            return .object([
                ("event", .string("started")), ("watches", .int(Int64(watches))),
                ("polled", .array(polled.map { .path($0) })), ("seconds", .double(seconds)),
                ("summary", IndexCommand.summaryJSON(summary)),
            ])
        case .batch(let summary, let changes, let seconds):
            return .object([
                ("event", .string("batch")), ("changes", .int(Int64(changes))), ("seconds", .double(seconds)),
                ("summary", IndexCommand.summaryJSON(summary)),
            ])
        case .rendered(let made, let seconds):
            return .object([
                ("event", .string("rendered")), ("made", .int(Int64(made.made))),
                ("existing", .int(Int64(made.existing))), ("failed", .int(Int64(made.failed))),
                ("damaged", .int(Int64(made.damaged))), ("waiting", .int(Int64(made.waiting))),
                ("seconds", .double(seconds)),
            ])
        default:
            return nil
        }
    }

    static func format(_ seconds: Double) -> String { String(format: "%.2f", seconds) }
}
