import PhotoCatalog
import PhotoLibrary

/// `photolib render [ASSET...]`: makes thumbnails and previews.
enum RenderCommand: PhotolibCommand {
    enum Options {
        static let kind = Option<String>("kind", "kind", help: "Only thumbnail or only preview (default: both).")
        static let force = Flag("force", help: "Make them again even when they exist.")
        static let retryFailed = Flag(
            "retry-failed", help: "Also try the assets index found undecodable (skipped otherwise).")
        static let jobs = Option<Int>(
            "jobs", "n", short: "j", range: 1...256, help: "Images decoded at once (default: the number of cores).")
        static let worker = Flag(
            "worker", help: "Share the work with other 'render --worker' processes (PostgreSQL catalog).")
        static let lease = Option<Int>(
            "lease", "seconds", range: 1...86_400,
            help: "With --worker: how long a claimed slice waits for a worker that stopped (default: 60).")
        static let json = Flag("json", help: "Print the summary as JSON.")
    }

    static let spec = CommandSpec(
        name: "render",
        abstract: "Make the thumbnails and previews of assets.",
        discussion: """
            Makes each asset's thumbnail (fit within the library's thumbnail size, \
            \(setting("thumbnail-size")) pixels by default) and preview (\(setting("preview-size")) by \
            default) in .photolib/renditions/, named by the content \
            hash and the size, so an edited original gets new ones and an unchanged one is \
            never made twice. Renditions that exist are kept unless --force. With no ASSET, every \
            asset that is not missing, except those index found undecodable (--retry-failed tries \
            them too). 'photolib index' already makes them for the files it reads. \
            A video's are its poster frame: the first key frame past a tenth of the clip \
            (at most 1 s) that is neither black nor flat, upright, decoded by FFmpeg in a \
            child process with a time and memory budget. \
            With --worker (a library whose catalog is PostgreSQL), processes on any machine that \
            mounts the library render every asset together, claiming slices of assets from a \
            work queue in the catalog ('photolib status' shows it). list's filters (such as \
            --folder 2015 or --camera nikon) render the assets list shows with them instead.
            """,
        arguments: [ArgumentSpec(name: "asset", help: AssetArguments.help, isRepeating: true)],
        options: optionSpecs(
            [
                Options.kind, Options.force, Options.retryFailed, Options.jobs, Options.worker, Options.lease,
                Options.json,
            ] + AssetFilterOptions.filterKeys.filter { $0.name != Options.kind.name }),
        examples: [
            "photolib render", "photolib render --kind preview --force 3f9c0a7b",
            "photolib list --favourite --ids | photolib render -",
            "photolib render --folder 2016 --no-gps",
        ]
    )

    /// A setting's default, for the help.
    private static func setting(_ key: String) -> String {
        LibrarySettings.definition(forKey: key)?.defaultValue ?? "?"
    }

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        var kinds = Set(RenditionKind.allCases)
        if let kind = command[Options.kind] {
            guard let chosen = RenditionKind(rawValue: kind) else {
                throw UsageError(
                    message: "Invalid value '\(kind)' for '--kind <kind>': expected thumbnail or preview",
                    commandPath: command.path)
            }
            kinds = [chosen]
        }
        let jobs = try command[Options.jobs] ?? IndexOptions.defaultJobs
        let library = try context.library(command)
        try library.requireWritable()
        let catalog = try library.openCatalog()
        let progress = context.progressBar(label: "rendering", total: 0)
        let diagnostics = context.diagnostics
        let report: @Sendable (RenditionBatch.Event) -> Void = { event in
            switch event {
            case .progress(let done, let total):
                progress?.setTotal(total)
                progress?.setCompleted(done)
            case .problem(_, let message, _): diagnostics.problem(message)
            case .rendered(let path, let made):
                diagnostics.note(path.description, made ? "rendered" : "renditions exist")
            }
        }
        let summary: RenditionBatch.Summary
        var unsized = 0
        var undecodable = 0
        if command[Options.worker] {
            guard command.rawArguments.isEmpty, !AssetFilterOptions.anyFilter(command) else {
                throw UsageError(
                    message: "render --worker renders every asset: it takes no ASSET or filter",
                    commandPath: command.path)
            }
            let lease = Double(try command[Options.lease] ?? 60)
            summary = try RenderWorker(
                library: library, catalog: try WorkerCatalog.require(catalog, command), jobs: jobs, leaseSeconds: lease
            ).run(kinds: kinds, force: command[Options.force], report: report)
        } else {
            (summary, unsized, undecodable) = try render(
                command, context: context, library: library, catalog: catalog, kinds: kinds, jobs: jobs, report: report)
        }
        progress?.finish()
        try catalog.recordDamage(summary.findings)
        try catalog.recordContentHashes(summary.contentHashes)
        try catalog.recordVisualHashes(summary.visualHashes)
        if command[Options.json] {
            context.stdout.writePrettyJSON(
                .object([
                    ("made", .int(Int64(summary.made))), ("existing", .int(Int64(summary.existing))),
                    ("failed", .int(Int64(summary.failed + unsized))), ("damaged", .int(Int64(summary.damaged))),
                    ("undecodable", .int(Int64(undecodable))),
                ]))
        } else if context.verbosity != .quiet {
            var text = "made \(summary.made), existing \(summary.existing), failed \(summary.failed + unsized)"
            if summary.damaged > 0 { text += ", damaged \(summary.damaged)" }
            if undecodable > 0 { text += ", undecodable \(undecodable) (skipped; --retry-failed tries them)" }
            context.stdout.write(text + "\n")
        }
        if unsized > 0, summary.made + summary.existing == 0 { return .failure }
        return summary.failed + unsized > 0 || summary.damaged > 0 ? .partial : .success
    }

    /// The renditions of ASSETs (or of every present asset) in this process.
    private static func render(
        _ command: ParsedCommand, context: CommandContext, library: Library, catalog: any Catalog,
        kinds: Set<RenditionKind>, jobs: Int,
        report: @escaping @Sendable (RenditionBatch.Event) -> Void
    ) throws -> (summary: RenditionBatch.Summary, unsized: Int, undecodable: Int) {
        var assets: [Asset]
        let filtered = AssetFilterOptions.anyFilter(command)
        if filtered, !command.rawArguments.isEmpty {
            throw UsageError(message: "give ASSETs or filters, not both", commandPath: command.path)
        }
        if filtered {
            assets = try catalog.assets(
                matching: AssetFilterOptions.query(command, context: context, library: library, catalog: catalog)
            ).filter { !$0.missing }
        } else if command.rawArguments.isEmpty {
            var query = AssetQuery()
            query.trash = .included
            assets = try catalog.assets(matching: query).filter { !$0.missing }
        } else {
            assets = try AssetArguments.resolve(command, library: library, catalog: catalog, context: context)
        }
        // No size in its header: nothing to decode. Left out of a whole-library render (index
        // reported it); an asset named on the command line failed, and says so.
        let sizeless = assets.filter { $0.metadata.pixelWidth == nil }
        assets.removeAll { $0.metadata.pixelWidth == nil }
        if !command.rawArguments.isEmpty {
            for asset in sizeless {
                context.diagnostics.problem("\(asset.file.relativePath): cannot render: its header gives no image size")
            }
        }
        let unsized = command.rawArguments.isEmpty ? 0 : sizeless.count
        // An original index found undecodable (and has not seen change since) fails the same way
        // each time: skipped, unless asked for by name or retried, so that a cron job hears only
        // of new problems. `verify` expects no renditions of it either.
        var undecodable = 0
        if command.rawArguments.isEmpty, !command[Options.retryFailed] {
            undecodable = assets.count { $0.undecodable }
            assets.removeAll { $0.undecodable }
        }

        let summary = RenditionBatch(library: library).run(
            assets, kinds: kinds, force: command[Options.force], jobs: jobs, report: report)
        return (summary, unsized, undecodable)
    }
}
