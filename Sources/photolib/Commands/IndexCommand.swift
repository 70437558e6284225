import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib index [PATH...]`: brings the catalog in line with the files.
enum IndexCommand: PhotolibCommand {
    enum Options {
        static let jobs = Option<Int>(
            "jobs", "n", short: "j", range: 1...256, help: "Files read at once (default: the number of cores).")
        static let hidden = Flag("hidden", help: "Also index hidden files and folders (names starting with '.').")
        static let noRenditions = Flag(
            "no-renditions", help: "Do not make thumbnails and previews of the files read (see 'photolib render').")
        static let worker = Flag(
            "worker", help: "Share the work with other 'index --worker' processes (PostgreSQL catalog).")
        static let lease = Option<Int>(
            "lease", "seconds",
            range: 1...86_400,
            help: "With --worker: how long a claimed folder waits for a worker that stopped (default: 60).")
        static let retryFailed = Flag("retry-failed", help: "Read again the files that failed before, even unchanged.")
        static let json = Flag("json", help: "Print the summary as JSON (with --watch, a JSON line a batch).")
        static let watch = Flag(
            "watch", help: "Stay running after the index and keep the catalog current as files change.")
        static let settle = Option<Seconds>(
            "settle", "time", range: 0.1...3600,
            help: "With --watch: how long a file not closed must stay unchanged before it is read (default: 2s).")
        static let interval = Option<Seconds>(
            "interval", "time", range: 1...86_400,
            help: "With --watch: how often folders events miss (network mounts) are checked (default: 60s).")
    }

    static let spec = CommandSpec(
        name: "index",
        abstract: "Find photos and record them in the catalog.",
        discussion: """
            Walks PATHs (default: the whole library) for photos (JPEG, HEIF/HEIC/AVIF, PNG, WebP, \
            TIFF, camera RAW, GIF and BMP, and Photoshop documents saved with a composite; an \
            animated GIF or WebP by its first frame), recognised by their bytes, and records each \
            as an asset; a .THM, \
            or a RAW beside a JPEG or HEIC of the same name, is a companion of that photo, not an \
            asset. Videos (MOV, MP4, AVI, 3GP, MTS…, recognised by their bytes) are not assets \
            yet: the summary counts them by kind, and --verbose names each, with every other \
            file passed over (text, archives) and what it is. Unchanged files (same size and modification time) are \
            not read again; changed files keep their id and flags; a file found at a new path \
            with the content of one that is gone keeps its id (a move); files that disappeared \
            are marked missing and get their id back when they return. Files that cannot be \
            read are named on stderr with the reason, the rest goes on, and the exit status is 2; \
            they are remembered, and while unchanged are not read, named or counted again \
            ('failed before N' in the summary; --retry-failed reads them; 'photolib list --failed' \
            lists them), so that a cron job sees only new problems. \
            The thumbnail and preview of every file read are made in the same pass \
            (--no-renditions skips them; 'photolib render' makes any that are missing); \
            renditions that cannot be written (a full disk) are named on stderr too, without \
            flagging the photo damaged, and 'photolib verify --repair' makes them later. \
            With --worker (a library whose catalog is PostgreSQL), any number of processes, on \
            this machine or others that mount the library, index it together: each claims a \
            folder at a time from a work queue in the catalog, so every file is read once, and \
            a folder whose worker dies is taken over when its lease runs out. PATHs start the \
            run (a worker arriving later joins it); the last worker marks what went missing. \
            'photolib status' shows the queue and the workers.

            With --watch, index stays running after that first pass and keeps the catalog \
            current from inotify events: new files are indexed with their renditions, changed \
            ones read again, moved and renamed ones (a whole folder too) keep their ids, deleted \
            ones are marked missing, changed sidecars are read again. A file is read once it is \
            closed after writing, or, for a writer that does not close, once it has not changed \
            for --settle; a file written under a temporary name (hidden names such as \
            .foo.jpg.XXXX, Syncthing's and rsync's, *.part, *.tmp) is read only once renamed \
            into place. Changes are taken in batches of at most 256 files, their catalog rows \
            written first and their renditions made after. Folders on NFS, SMB or FUSE mounts, and \
            those beyond the inotify watch limit (fs.inotify.max_user_watches, named in a \
            warning), get a stat pass every --interval instead. SIGTERM or SIGINT ends the \
            batch in hand and exits 0; SIGHUP reads the settings again. A second watcher on the \
            same library is refused with the first one's pid; 'photolib status' shows the \
            watcher. One line a batch goes to stderr (no progress bar), as the journal of a \
            systemd user service wants (see contrib/photolib-watch.service).
            """,
        arguments: [ArgumentSpec(name: "path", help: "Files or folders inside the library.", isRepeating: true)],
        options: [
            Options.jobs.spec,
            Options.hidden.spec,
            Options.noRenditions.spec,
            Options.worker.spec,
            Options.lease.spec,
            Options.retryFailed.spec,
            Options.json.spec,
            Options.watch.spec,
            Options.settle.spec,
            Options.interval.spec,
        ],
        examples: [
            "photolib index", "photolib index 2024/ --jobs 4", "photolib index --json | jq .added",
            "photolib index --worker   # on each machine",
            "photolib index --watch ~/Pictures/Phone",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        let library = try context.library(command)
        try library.requireWritable()
        let catalog = try library.openCatalog()
        let jobs = try command[Options.jobs] ?? IndexOptions.defaultJobs
        var options = IndexOptions(
            jobs: jobs, includeHidden: command[Options.hidden],
            makeRenditions: !command[Options.noRenditions])
        options.retryFailed = command[Options.retryFailed]
        let progress = context.progressBar(label: "indexing", total: 0)
        let diagnostics = context.diagnostics
        let report: @Sendable (IndexEvent) -> Void = { event in
            switch event {
            case .planned(let toRead, _): progress?.setTotal(toRead)
            case .progress(let done, _): progress?.setCompleted(done)
            case .failed(_, let message), .damaged(_, let message): diagnostics.problem(message)
            case .renditionsFailed(let path, let reason):
                diagnostics.problem("\(path): renditions not made: \(reason)")
            case .warning(let message): diagnostics.warning(message)
            case .indexed(let path): diagnostics.note(path.description, "indexed")
            }
        }
        if command[Options.watch] {
            guard !command[Options.worker] else {
                throw UsageError(message: "'--watch' cannot be used with '--worker'", commandPath: ["index"])
            }
            return try IndexWatchRunner.run(
                command, context: context, library: library, catalog: catalog, options: options)
        }
        if try command[Options.settle] != nil || command[Options.interval] != nil {
            throw UsageError(message: "'--settle' and '--interval' need '--watch'", commandPath: ["index"])
        }
        let summary: IndexSummary
        if command[Options.worker] {
            let lease = Double(try command[Options.lease] ?? 60)
            summary = try IndexWorker(
                library: library, catalog: try WorkerCatalog.require(catalog, command), options: options,
                leaseSeconds: lease
            ).run(paths: command.rawArguments, workingDirectory: context.workingDirectory, report: report)
        } else {
            summary = try Indexer(library: library, catalog: catalog, options: options)
                .run(paths: command.rawArguments, workingDirectory: context.workingDirectory, report: report)
        }
        progress?.finish()
        if command[Options.json] {
            context.stdout.writePrettyJSON(summaryJSON(summary, verbose: context.verbosity == .verbose))
        } else {
            if context.verbosity == .verbose {
                for file in summary.passedOver { context.stdout.write("passed over \(file.path): \(file.reason)\n") }
            }
            context.summary(summaryText(summary))
        }
        return summary.hadProblems ? .partial : .success
    }

    static func summaryText(_ summary: IndexSummary) -> String {
        var parts = [
            "added \(summary.added)", "updated \(summary.updated)", "moved \(summary.moved)",
            "unchanged \(summary.unchanged)", "missing \(summary.missing)", "failed \(summary.failed)",
        ]
        if summary.damaged > 0 { parts.append("damaged \(summary.damaged)") }
        if summary.renditionsFailed > 0 { parts.append("renditions failed \(summary.renditionsFailed)") }
        if summary.companions > 0 { parts.append("companions \(summary.companions)") }
        if summary.videoCount > 0 {
            let kinds = summary.videos.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            parts.append(
                "videos \(summary.videoCount) (\(kinds.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))")
        }
        if summary.notReadYetCount > 0 {
            let kinds = summary.notReadYet.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            // Sound files in a variant not read yet: "skipped: PSD without a composite 2".
            parts.append("skipped: \(kinds.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        }
        if summary.skipped > 0 { parts.append("skipped \(summary.skipped) (not images)") }
        if summary.failedBefore > 0 { parts.append("failed before \(summary.failedBefore) (unchanged; not read)") }
        if let refreshed = summary.placesRefreshed, refreshed.changed > 0 || refreshed.datesPlaced > 0 {
            parts.append(
                "new gazetteer: \(refreshed.checked) positions looked up again, \(refreshed.changed) cities "
                    + "and \(refreshed.datesPlaced) time zones changed")
        }
        return parts.joined(separator: ", ")
    }

    static func summaryJSON(_ summary: IndexSummary, verbose: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("added", .int(Int64(summary.added))), ("updated", .int(Int64(summary.updated))),
            ("moved", .int(Int64(summary.moved))), ("unchanged", .int(Int64(summary.unchanged))),
            ("missing", .int(Int64(summary.missing))), ("failed", .int(Int64(summary.failed))),
            ("failedBefore", .int(Int64(summary.failedBefore))),
            (
                "failures",
                .array(
                    summary.failures.map { failure in
                        .object([("path", .path(failure.path)), ("reason", .string(failure.reason))])
                    })
            ),
            ("damaged", .int(Int64(summary.damaged))), ("skipped", .int(Int64(summary.skipped))),
            ("companions", .int(Int64(summary.companions))),
            ("videos", .object(summary.videos.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) })),
            (
                "notReadYet",
                .object(summary.notReadYet.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) })
            ),
            ("rendered", .int(Int64(summary.rendered))),
            ("renditionsFailed", .int(Int64(summary.renditionsFailed))),
            (
                "renditionFailures",
                .array(
                    summary.renditionFailures.map { failure in
                        .object([("path", .path(failure.path)), ("reason", .string(failure.reason))])
                    })
            ),
            ("placesRefreshed", summary.placesRefreshed.map(PlacesCommand.refreshJSON) ?? .null),
        ]
        if verbose {
            members.append(
                (
                    "passedOver",
                    .array(
                        summary.passedOver.map { file in
                            .object([("path", .path(file.path)), ("reason", .string(file.reason))])
                        })
                ))
        }
        return .object(members)
    }
}
