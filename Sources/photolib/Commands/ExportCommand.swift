import Foundation
import PhotoCatalog
import PhotoLibrary
import PhotoSupport

/// `photolib export DEST [ASSET...|-]`: copies originals (or previews) into a folder, named
/// from templates, never overwriting, remembering what went where for `--update`.
enum ExportCommand: PhotolibCommand {
    enum Options {
        static let directory = Option<String>(
            "directory", "template",
            help:
                "Folders under DEST from a template, e.g. '{takenAt:%Y}/{takenAt:%m} {city:-Unknown}' (default: none).")
        static let filename = Option<String>(
            "filename", "template", help: "File name (without extension) from a template (default: '{fileName}').")
        static let upright = Flag(
            "upright", help: "Turn each JPEG by its EXIF orientation, losslessly, and reset the tag (as pop).")
        static let preview = Flag(
            "preview", help: "Copy the preview rendition (a JPEG, made if missing) instead of the original.")
        static let onCollision = Option<String>(
            "on-collision", "policy",
            help: "When the name holds another file: suffix (name-1, name-2; default), skip, error or overwrite.")
        static let update = Flag(
            "update",
            help: "Copy only assets new or changed since the last export to DEST; move a copy whose name changed.")
        static let sidecars = Flag("sidecars", help: "Write an XMP sidecar (caption, city, rating) beside each copy.")
        static let withCompanions = Flag(
            "with-companions", help: "Copy the RAW twin, .THM and Live Photo movie beside each copy, as pop does.")
        static let cleanup = Flag(
            "cleanup",
            help:
                "Remove earlier copies in DEST whose asset is gone (forgotten, in or emptied from the trash): only files photolib exported there, as it wrote them."
        )
        static let dryRun = Flag("dry-run", short: "n", help: "Print what would be copied where, and copy nothing.")
        static let json = Flag("json", help: "Print the outcome as one JSON object (summary and every file).")
        static let jsonl = Flag("jsonl", help: "Print one JSON object a file as it is done (JSON Lines), no summary.")
        static let verbose = Flag("verbose", short: "v", help: "Print a line for every file, not only the summary.")
        static let quiet = Flag("quiet", short: "q", help: "Print no summary (failures still go to stderr).")
    }

    static let ownOptions: [any OptionKey] = [
        Options.directory, Options.filename, Options.upright, Options.preview, Options.onCollision, Options.update,
        Options.sidecars, Options.withCompanions, Options.cleanup, Options.dryRun, Options.json, Options.jsonl,
        Options.verbose,
        Options.quiet,
    ]

    /// list's filters and order, --folder among them, as on every command.
    static let filterKeys: [any OptionKey] = AssetFilterOptions.filterKeys + AssetFilterOptions.orderingKeys

    static let spec = CommandSpec(
        name: "export",
        abstract: "Copy originals into a folder, named from templates.",
        discussion: """
            Copies the assets named (ids, paths, or - for ids, paths, JSON Lines or JSON on \
            stdin), else every asset list's filters select (all of them, --folder too: list's \
            options, less its output ones), into DEST, made if missing. Originals are copied byte for byte \
            (--upright turns JPEGs losslessly, --preview copies the preview instead, as .jpg); \
            folders and names come from --directory and --filename templates with the fields of \
            'list --format', a strftime format for dates ({takenAt:%Y%m%d}) and a default for a \
            missing value ({city:-Unknown}). Characters a file name cannot hold (/ in a value, \
            control characters, \\ : * ? " < > |) become _, a leading dot too, so nothing is written \
            outside DEST, and no copy lands in the library; the original's extension is kept. Nothing is overwritten: a name that \
            holds other bytes gets -1, -2, ... (--on-collision skip|error|overwrite), and one that \
            holds the same bytes counts as exported. The catalog remembers what went where, so \
            that --update copies only what is new or changed since the last export to DEST. \
            --cleanup removes the copies of assets gone from the library (forgotten, or in the \
            trash), by those records: nothing photolib did not write there, and no copy changed since. \
            Export never marks assets popped. Failures are reported one a line on stderr, naming \
            the file; exit status 2 when some failed.
            """,
        arguments: [
            ArgumentSpec(name: "dest", help: "The folder to copy into (made if missing).", isOptional: false),
            ArgumentSpec(name: "asset", help: AssetArguments.help, isRepeating: true),
        ],
        options: optionSpecs(ownOptions + filterKeys),
        examples: [
            "photolib export ~/Export --favourite --directory '{takenAt:%Y}/{takenAt:%m}'",
            "photolib export /mnt/usb --update --directory '{takenAt:%Y}/{city:-Unknown}' --filename '{takenAt:%Y%m%d-%H%M%S}-{shortId}'",
            "photolib export /tmp/iphone --folder iPhone --dry-run",
            "photolib list --city Bordeaux --ids | photolib export ~/Bordeaux - --sidecars",
            "photolib export ~/Web --preview --collection 2016 --dry-run",
            "photolib export /mnt/usb --update --cleanup --directory '{takenAt:%Y}'",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        var options = ExportOptions()
        options.update = command[Options.update]
        options.sidecars = command[Options.sidecars]
        options.companions = command[Options.withCompanions]
        options.dryRun = command[Options.dryRun]
        if command[Options.upright], command[Options.preview] {
            throw UsageError(message: "--upright and --preview cannot be used together", commandPath: command.path)
        }
        options.variant = command[Options.preview] ? .preview : command[Options.upright] ? .upright : .original
        if let policy = command[Options.onCollision] {
            guard let chosen = ExportOptions.Collision(rawValue: policy) else {
                throw UsageError(
                    message: "Invalid value '\(policy)' for '--on-collision <policy>': expected one of "
                        + ExportOptions.Collision.allCases.map(\.rawValue).joined(separator: ", "),
                    commandPath: command.path)
            }
            options.collision = chosen
        }
        let outputs = [Options.json, Options.jsonl, Options.quiet].filter { command[$0] }.map(\.name)
        guard outputs.count <= 1 else {
            throw UsageError(
                message: "--\(outputs[0]) and --\(outputs[1]) cannot be used together", commandPath: command.path)
        }
        // --folder was this command's folder template; it is now list's filter, as everywhere.
        if let folder = command[AssetFilterOptions.folder]?.description, folder.contains("{") {
            throw UsageError(
                message: "--folder '\(folder)' is a filter (only assets in that folder of the library), as on list; "
                    + "give the folders under DEST with --directory '\(folder)'",
                commandPath: command.path)
        }
        let naming = try ExportNaming(
            directory: command[Options.directory], filename: command[Options.filename], commandPath: command.path)
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        let destinationPath = context.absolute(command.rawArguments[0])
        try refuseInsideLibrary(destinationPath, library: library)
        let assets = try selectedAssets(command, library: library, catalog: catalog, context: context)
        let destination: ExportDestination
        do {
            destination = try ExportDestination(
                path: destinationPath, create: !options.dryRun,
                fence: try LibraryFence(library: library, catalog: catalog))
        } catch is ExportIntoLibraryError {
            throw ExportInsideLibraryError(path: destinationPath, library: library.root)
        }
        let exporter = try AssetExporter(
            library: library, catalog: catalog, destination: destination, options: options)
        let presenter = try AssetPresenter(library: library, catalog: catalog, assets: assets)

        var report = ExportReport(
            command: command, context: context, library: library, destination: destination, presenter: presenter)
        let progress = context.progressBar(label: options.dryRun ? "planning" : "exporting", total: assets.count)
        for asset in assets {
            let target = naming.target(
                for: asset, presenter: presenter, fileExtension: exporter.fileExtension(of: asset))
            let outcome = exporter.export(asset, to: target)
            progress?.advance()
            report.add(outcome)
        }
        progress?.finish()
        if command[Options.cleanup] {
            for cleanup in try exporter.cleanUp() { report.add(cleanup) }
        }
        // The copies are made: a catalog that cannot be written now (a full disk, a read-only
        // library) costs only --update its memory of them.
        do { try exporter.finish(recording: library.isWritable) } catch {
            context.diagnostics.warning("what was exported could not be remembered for --update: \(error)")
        }
        report.finish()
        return report.counts.failed + report.counts.sidecarsFailed + report.counts.companionsFailed
            + report.counts.cleanupFailed > 0
            ? .partial : .success
    }

    /// The assets named on the command line (those the filters select, when some are given
    /// too), else all that the filters select, as `list` does.
    private static func selectedAssets(
        _ command: ParsedCommand, library: Library, catalog: any Catalog, context: CommandContext
    ) throws -> [Asset] {
        let query = try AssetFilterOptions.query(command, context: context, library: library, catalog: catalog)
        guard command.rawArguments.count > 1 else { return try catalog.assets(matching: query) }
        var named = command
        named.rawArguments.removeFirst()
        named.arguments.removeFirst()
        let assets = try AssetArguments.resolve(named, library: library, catalog: catalog, context: context)
        guard AssetFilterOptions.anyGiven(command, among: filterKeys) else { return assets }
        var unlimited = query
        unlimited.limit = nil
        let selected = Set(try catalog.assets(matching: unlimited).map(\.id))
        let kept = assets.filter { selected.contains($0.id) }
        return query.limit.map { Array(kept.prefix($0)) } ?? kept
    }

    /// Copies written into the library would be indexed as new photos (and its control folder
    /// is photolib's own): DEST must lie elsewhere.
    private static func refuseInsideLibrary(_ path: RawPath, library: Library) throws {
        for root in [library.root, resolved(library.root)]
        where path == root || path.relative(to: root) != nil {
            throw ExportInsideLibraryError(path: path, library: library.root)
        }
    }

    /// `path` with its symlinks resolved (as it is when that fails).
    private static func resolved(_ path: RawPath) -> RawPath {
        guard let real = path.withCString({ realpath($0, nil) }) else { return path }
        defer { free(real) }
        return RawPath(bytes: UnsafeBufferPointer(start: real, count: strlen(real)).map(UInt8.init(bitPattern:)))
    }
}

/// DEST inside the library being exported.
struct ExportInsideLibraryError: PhotolibError {
    var path: RawPath
    var library: RawPath

    var kind: ErrorKind { .usage }
    var description: String {
        "\(path) is inside the library (\(library)); export to a folder outside it"
    }
}
