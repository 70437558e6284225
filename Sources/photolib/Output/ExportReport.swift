import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// What `export` prints: a line per file (dry run, --verbose), JSON Lines as it goes, or one
/// JSON object at the end; a summary line; each failure on stderr naming the file.
struct ExportReport {
    struct Counts {
        var copied = 0
        var replaced = 0
        var identical = 0
        var unchanged = 0
        var skipped = 0
        /// `--update`: copies moved to the name the templates give now (among those copied or there).
        var moved = 0
        var failed = 0
        /// Copies made whose sidecar could not be written: counted as exported, and failures.
        var sidecarsFailed = 0
        /// Companions copied (or there), and copies some of whose companions could not be.
        var companions = 0
        var companionsFailed = 0
        var bytes = 0
        /// `--cleanup`: copies of gone assets removed, kept (changed since), not removable.
        var removed = 0
        var kept = 0
        var cleanupFailed = 0
    }

    let command: ParsedCommand
    let context: CommandContext
    let library: Library
    let destination: ExportDestination
    let presenter: AssetPresenter
    private(set) var counts = Counts()
    private var files: [JSONValue] = []

    init(
        command: ParsedCommand, context: CommandContext, library: Library, destination: ExportDestination,
        presenter: AssetPresenter
    ) {
        self.command = command
        self.context = context
        self.library = library
        self.destination = destination
        self.presenter = presenter
    }

    private var dryRun: Bool { command[ExportCommand.Options.dryRun] }

    /// The word a line starts with, as the dry run says what it would do.
    static func word(_ action: ExportOutcome.Action) -> String {
        switch action {
        case .copy: "copy"
        case .replace: "replace"
        case .identical: "same"
        case .unchanged: "unchanged"
        case .skip: "skip"
        case .fail: "fail"
        }
    }

    mutating func add(_ outcome: ExportOutcome) {
        switch outcome.action {
        case .copy: counts.copied += 1
        case .replace: counts.replaced += 1
        case .identical: counts.identical += 1
        case .unchanged: counts.unchanged += 1
        case .skip: counts.skipped += 1
        case .fail: counts.failed += 1
        }
        counts.bytes += outcome.bytesWritten
        if outcome.movedFrom != nil { counts.moved += 1 }
        let source = outcome.asset.file.relativePath
        if outcome.action == .fail {
            context.diagnostics.problem("\(source): cannot export: \(outcome.problem ?? "failed")")
        }
        if let problem = outcome.sidecarProblem {
            counts.sidecarsFailed += 1
            let target = outcome.target.map { destination.path.appending($0).description } ?? "the copy"
            context.diagnostics.problem("\(source): exported to \(target), but no sidecar: \(problem)")
        }
        counts.companions += outcome.companions
        if let problem = outcome.companionProblem {
            counts.companionsFailed += 1
            let target = outcome.target.map { destination.path.appending($0).description } ?? "the copy"
            context.diagnostics.problem("\(source): exported to \(target), but not all its companions: \(problem)")
        }
        if outcome.trimmedEdges {
            context.diagnostics.warning(
                "\(source): its size is not a whole number of JPEG blocks; "
                    + "the partial blocks on one edge were dropped to turn it losslessly")
        }
        if command[ExportCommand.Options.jsonl] {
            context.stdout.writeJSONLine(json(outcome))
        } else if command[ExportCommand.Options.json] {
            files.append(json(outcome))
        } else if dryRun || command[ExportCommand.Options.verbose], outcome.action != .fail {
            let target = outcome.target.map { " -> \($0)" } ?? ""
            let note =
                outcome.action == .skip
                ? " (\(outcome.problem ?? "exists"))" : outcome.movedFrom.map { " (moved from \($0))" } ?? ""
            context.stdout.write(
                TerminalText.escaped(
                    "\(Self.word(outcome.action).padding(toLength: 9, withPad: " ", startingAt: 0)) \(source)\(target)\(note)"
                )
                    + "\n")
        }
    }

    /// One copy `--cleanup` looked at: a line when it was removed (verbose, dry run) or kept,
    /// stderr when it could not be removed.
    mutating func add(_ cleanup: ExportCleanup) {
        let target = destination.path.appending(cleanup.relativePath)
        switch cleanup.action {
        case .remove: counts.removed += 1
        case .keep: counts.kept += 1
        case .fail:
            counts.cleanupFailed += 1
            context.diagnostics.problem("\(target): cannot remove: \(cleanup.problem ?? "failed")")
        }
        if command[ExportCommand.Options.jsonl] || command[ExportCommand.Options.json] {
            let entry = JSONValue.object([
                ("id", .string(cleanup.assetID.hex)), ("action", .string(cleanup.action.rawValue)),
                ("target", .path(target)), ("targetRelativePath", .path(cleanup.relativePath)),
                ("problem", cleanup.problem.map(JSONValue.string) ?? .null),
            ])
            if command[ExportCommand.Options.jsonl] { context.stdout.writeJSONLine(entry) } else { files.append(entry) }
        } else if cleanup.action == .keep
            || (cleanup.action == .remove && (dryRun || command[ExportCommand.Options.verbose]))
        {
            let note = cleanup.action == .keep ? " (asset gone, but the file \(cleanup.problem ?? "changed"))" : ""
            context.stdout.write(
                TerminalText.escaped(
                    "\(cleanup.action.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(cleanup.relativePath)\(note)"
                )
                    + "\n")
        }
    }

    func finish() {
        if command[ExportCommand.Options.json] {
            var members = summaryMembers
            members.append(("files", .array(files)))
            context.stdout.writePrettyJSON(.object(members))
        } else if !command[ExportCommand.Options.jsonl], !command[ExportCommand.Options.quiet] {
            let verb = dryRun ? "would copy" : "copied"
            var text = "\(verb) \(counts.copied)"
            if counts.replaced > 0 { text += ", \(dryRun ? "would replace" : "replaced") \(counts.replaced)" }
            text += ", already there \(counts.identical + counts.unchanged)"
            if counts.moved > 0 { text += ", \(dryRun ? "would move" : "moved") \(counts.moved)" }
            if counts.skipped > 0 { text += ", skipped \(counts.skipped)" }
            if command[ExportCommand.Options.cleanup] {
                text += ", \(dryRun ? "would remove" : "removed") \(counts.removed)"
            }
            text += ", failed \(counts.failed)"
            if counts.sidecarsFailed > 0 { text += ", sidecars failed \(counts.sidecarsFailed)" }
            if command[ExportCommand.Options.withCompanions] { text += ", companions \(counts.companions)" }
            if counts.companionsFailed > 0 { text += ", companions failed \(counts.companionsFailed)" }
            if !dryRun { text += " (\(ByteCount.text(Int64(counts.bytes))))" }
            context.stdout.write(text + "\n")
        }
    }

    private var summaryMembers: [(key: String, value: JSONValue)] {
        [
            ("destination", .path(destination.path)), ("dryRun", .bool(dryRun)),
            ("copied", .int(Int64(counts.copied))), ("replaced", .int(Int64(counts.replaced))),
            ("identical", .int(Int64(counts.identical))), ("unchanged", .int(Int64(counts.unchanged))),
            ("skipped", .int(Int64(counts.skipped))), ("moved", .int(Int64(counts.moved))),
            ("failed", .int(Int64(counts.failed))),
            ("sidecarsFailed", .int(Int64(counts.sidecarsFailed))), ("companions", .int(Int64(counts.companions))),
            ("companionsFailed", .int(Int64(counts.companionsFailed))),
            ("bytes", .int(Int64(counts.bytes))), ("removed", .int(Int64(counts.removed))),
            ("kept", .int(Int64(counts.kept))), ("cleanupFailed", .int(Int64(counts.cleanupFailed))),
        ]
    }

    private func json(_ outcome: ExportOutcome) -> JSONValue {
        .object([
            ("id", .string(outcome.asset.id.hex)), ("shortId", .string(presenter.shortID(outcome.asset))),
            ("relativePath", .path(outcome.asset.file.relativePath)),
            ("action", .string(Self.word(outcome.action))),
            ("target", outcome.target.map { .path(destination.path.appending($0)) } ?? .null),
            ("targetRelativePath", outcome.target.map(JSONValue.path) ?? .null),
            ("movedFrom", outcome.movedFrom.map(JSONValue.path) ?? .null),
            ("bytes", .int(Int64(outcome.bytesWritten))),
            ("sidecar", .bool(outcome.sidecarWritten)), ("companions", .int(Int64(outcome.companions))),
            (
                "problem",
                (outcome.problem ?? outcome.sidecarProblem.map { "sidecar: \($0)" }
                    ?? outcome.companionProblem.map { "companion: \($0)" }).map(JSONValue.string) ?? .null
            ),
        ])
    }
}
