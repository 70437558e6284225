import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib status`: the work queue of `index --worker` and `render --worker`.
enum StatusCommand: PhotolibCommand {
    enum Options {
        static let json = Flag("json", help: "Print the status as JSON.")
    }

    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the shared work of index and render workers, and the watcher.",
        discussion: """
            For a library whose catalog is PostgreSQL: the latest index run and render run, \
            their items (folders, or slices of assets) by state and the files done, and each \
            worker with what it works on and when it was last heard of (a worker silent for \
            more than a minute is gone; its item is taken over when its lease runs out). For \
            an SQLite catalog, there is no queue: it says so. Then the library's watcher \
            ('index --watch'), if one runs: its pid, when it started, its last event, the \
            changes it has queued and the folders it watches.
            """,
        options: [Options.json.spec],
        examples: ["photolib status", "watch -n 2 photolib status", "photolib status --json | jq '.runs[0].items'"]
    )

    /// A worker not heard of for this long is taken for gone.
    static let goneAfterSeconds = 60.0

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        let location = try library.catalogLocation()
        let watcher = WatcherState.current(in: library)
        guard let catalog = try library.openWorkQueue() else {
            if command[Options.json] {
                context.stdout.writePrettyJSON(
                    .object([
                        ("catalog", .object(CatalogLocationJSON.members(location))), ("runs", .array([])),
                        ("watcher", watcherJSON(watcher)),
                    ]))
            } else {
                context.stdout.write("catalog: SQLite (no shared work queue: workers need a PostgreSQL catalog)\n")
                context.stdout.write(watcherText(watcher))
            }
            return .success
        }
        let status = try catalog.workStatus()
        if command[Options.json] {
            context.stdout.writePrettyJSON(addingWatcher(json(status, location: location), watcher))
        } else {
            context.stdout.write(text(status, location: location) + watcherText(watcher))
        }
        return .success
    }

    static func text(_ status: WorkStatus, location: CatalogLocation) -> String {
        var lines = ["catalog: \(location)"]
        if status.runs.isEmpty { lines.append("no index or render run yet") }
        for run in status.runs {
            let state = run.finished ? "finished" : "running for \(duration(run.age))"
            lines.append("\(run.kind.rawValue) run \(run.id): \(state), started by \(run.startedBy)")
            let items = ["done", "leased", "pending", "failed"].map { "\(run.items[$0] ?? 0) \($0)" }
            let unit = run.kind == .index ? "files" : "assets"
            lines.append("  items: \(items.joined(separator: ", ")); \(unit) done: \(run.filesDone)")
            for error in run.errors { lines.append("  failed: \(error)") }
            for worker in status.workers where worker.run == run.id {
                let doing =
                    worker.finished
                    ? "finished"
                    : worker.silence > goneAfterSeconds
                        ? "gone (silent for \(duration(worker.silence)))" : "on \(worker.current ?? "nothing")"
                lines.append(
                    "  \(worker.id): \(doing); items \(worker.itemsDone), \(unit) \(worker.filesDone)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ status: WorkStatus, location: CatalogLocation) -> JSONValue {
        .object([
            ("catalog", .object(CatalogLocationJSON.members(location))),
            (
                "runs",
                .array(
                    status.runs.map { run in
                        .object([
                            ("id", .int(run.id)), ("kind", .string(run.kind.rawValue)),
                            ("startedBy", .string(run.startedBy)),
                            ("seconds", .int(Int64(run.age))), ("finished", .bool(run.finished)),
                            (
                                "items",
                                .object(
                                    ["pending", "leased", "done", "failed"].map {
                                        ($0, .int(Int64(run.items[$0] ?? 0)))
                                    })
                            ),
                            ("done", .int(Int64(run.filesDone))), ("errors", .array(run.errors.map { .string($0) })),
                            (
                                "workers",
                                .array(
                                    status.workers.filter { $0.run == run.id }.map { worker in
                                        .object([
                                            ("id", .string(worker.id)),
                                            (
                                                "state",
                                                .string(
                                                    worker.finished
                                                        ? "finished"
                                                        : worker.silence > goneAfterSeconds ? "gone" : "working")
                                            ),
                                            ("current", worker.current.map { .string($0) } ?? .null),
                                            ("items", .int(Int64(worker.itemsDone))),
                                            ("done", .int(Int64(worker.filesDone))),
                                            ("silentSeconds", .int(Int64(worker.silence))),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }

    /// "42 s", "3 min 5 s", "2 h 10 min".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds)
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}
