import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport
import PhotoTerminal

/// `photolib pop ASSET`: the full detail view, and the original handed out.
enum PopCommand: PhotolibCommand {
    enum Options {
        static let export = Option<RawPath>(
            "export", "path", help: "Write a copy of the original to PATH (byte for byte unless --upright).")
        static let output = Option<String>(
            "output", "-", short: "o", help: "Write the original's bytes to standard output ('-').")
        static let upright = Flag(
            "upright", help: "Turn the exported image by its EXIF orientation, losslessly, and reset the tag.")
        static let withCompanions = Flag(
            "with-companions", help: "With --export, copy the RAW twin, .THM and Live Photo movie too.")
        static let force = Flag("force", short: "f", help: "Let --export replace an existing file.")
        static let open = Flag("open", help: "Open the original with $PHOTOLIB_VIEWER, else xdg-open (no shell).")
        static let motion = Flag(
            "motion", help: "With --output -: the movie of a Live Photo or motion photo instead of the still.")
    }

    static let spec = CommandSpec(
        name: "pop",
        abstract: "Open the full detail view of an asset, or hand out its original.",
        discussion: """
            Shows everything peek shows, the picture drawn larger, plus every EXIF entry libexif \
            reads (of a JPEG, HEIC, WebP, PNG or TIFF alike), the file's facts, its companions \
            (RAW twin, .THM, Live Photo movie), the renditions and the original's path (JSON with --json). --export PATH writes a copy of the original, byte for \
            byte (into PATH under the original's name when PATH is a folder) (--upright turns it by its EXIF orientation losslessly and resets the tag); \
            --with-companions also copies its companions (RAW twin, .THM, Live Photo movie) beside the copy, \
            under the copy's name with their own extensions; \
            --output - writes the original's bytes to stdout (a video's own bytes, as for a \
            photo; its detail adds the container, duration, codecs and streams FFmpeg reads); \
            --output - --motion writes a Live Photo's movie or a motion photo's embedded clip instead; --open hands its path to \
            $PHOTOLIB_VIEWER or xdg-open. An existing file is never replaced without --force (exit status 73), a folder never. \
            Records that the asset was popped: 'list --sort popped' shows the latest first.
            """,
        arguments: [ArgumentSpec(name: "asset", help: AssetArguments.help, isOptional: false)],
        options: [
            Options.export.spec,
            Options.output.spec,
            Options.upright.spec,
            Options.withCompanions.spec,
            Options.force.spec,
            Options.open.spec,
            Options.motion.spec,
        ] + PictureOptions.options,
        examples: [
            "photolib pop a3cb0453",
            "photolib pop a3cb0453 --export ~/Desktop/bordeaux.jpg",
            "photolib pop IMG_1034.heic --export ~/Desktop/ --with-companions",
            "photolib pop 2015/sunset-orientation-6.jpg --upright --output - | display -",
        ]
    )

    static func run(_ command: ParsedCommand, context: CommandContext) throws -> ExitStatus {
        if let output = command[Options.output], output != "-" {
            throw UsageError(
                message: "Invalid value '\(output)' for '--output <->': only '-' (standard output); "
                    + "use --export PATH to write a file", commandPath: command.path)
        }
        let toStandardOutput = command[Options.output] != nil
        if toStandardOutput, context.stdoutIsTerminal {
            throw UsageError(
                message: "Not writing JPEG bytes to a terminal; pipe or redirect --output -",
                commandPath: command.path)
        }
        if command[Options.upright], command[Options.export] == nil, !toStandardOutput {
            throw UsageError(message: "--upright goes with --export or --output", commandPath: command.path)
        }
        if command[Options.motion], !toStandardOutput {
            throw UsageError(message: "--motion goes with --output -", commandPath: command.path)
        }
        if command[Options.withCompanions], command[Options.export] == nil {
            throw UsageError(message: "--with-companions goes with --export", commandPath: command.path)
        }
        let library = try context.library(command)
        let catalog = try library.openCatalog()
        let found = try AssetArguments.resolveOne(
            command, library: library, catalog: catalog, context: context,
            forMany: "to copy many originals use 'photolib export DEST -'")
        let original = try library.originalPath(of: found)
        var asset = found

        var handedOut = false
        if command[Options.motion] {
            context.stdout.write(bytes: try motionBytes(of: original, asset: asset))
            return .success
        }
        if toStandardOutput || command[Options.export] != nil {
            let (bytes, result) = try OriginalExport.bytes(
                of: original, orientation: asset.metadata.orientation,
                upright: command[Options.upright], pixelLimit: library.settings.pixelLimit)
            if result.trimmedEdges {
                context.diagnostics.warning(
                    "\(asset.file.relativePath): its size is not a whole number of JPEG blocks; "
                        + "the partial blocks on one edge were dropped to turn it losslessly")
            }
            if toStandardOutput { context.stdout.write(bytes: bytes) }
            if let target = command[Options.export] {
                var absolute = context.absolute(target)
                // A folder is where the copy goes, under the original's name, as cp does.
                if FileSystem.isDirectory(absolute) { absolute = absolute.appending(original.lastComponent) }
                if FileSystem.isDirectory(absolute) { throw ExportTargetError(path: absolute, isFolder: true) }
                let companions =
                    command[Options.withCompanions]
                    ? OriginalExport.companionCopies(of: original, exportedTo: absolute) : []
                // Nothing is written when any of the group's targets is in the way.
                for copy in companions where FileSystem.exists(copy.target) {
                    if FileSystem.isDirectory(copy.target) || !command[Options.force] {
                        throw ExportTargetError(path: copy.target, isFolder: FileSystem.isDirectory(copy.target))
                    }
                }
                do {
                    try OriginalExport.write(bytes, to: absolute, replace: command[Options.force])
                } catch let error as FileSystemError where error.reason == .alreadyExists {
                    throw ExportTargetError(path: absolute, isFolder: false)
                }
                let report = toStandardOutput ? context.stderr : context.stdout
                report.write(
                    "exported \(absolute) (\(result.bytesWritten) bytes\(result.turnedUpright ? ", upright" : ""))\n")
                for copy in companions {
                    do {
                        try OriginalExport.copy(copy, replace: command[Options.force])
                    } catch let error as FileSystemError where error.reason == .alreadyExists {
                        throw ExportTargetError(path: copy.target, isFolder: FileSystem.isDirectory(copy.target))
                    }
                    report.write(
                        "exported \(copy.target) (\(copy.companion.size) bytes, \(copy.companion.kind.rawValue) companion)\n"
                    )
                }
            }
            handedOut = true
        }
        if command[Options.open] {
            try ViewerLauncher.open(original, environment: context.environment)
            handedOut = true
        }
        // A read-only library is shown as it is, without remembering the pop.
        if handedOut, !library.isWritable { return .success }
        if handedOut {
            // The file is handed out: recording the pop (for Recently Popped) must not undo
            // that, so a catalog that cannot be written now (a full disk) is only a warning.
            do { _ = try catalog.recordPop(id: found.id) } catch {
                context.diagnostics.warning("\(found.file.relativePath): the pop was not recorded: \(error)")
            }
            return .success
        }
        if library.isWritable { asset = try catalog.recordPop(id: found.id) ?? found }
        return try showDetail(
            asset, original: original, command: command, library: library, catalog: catalog,
            context: context)
    }

    private static func showDetail(
        _ asset: Asset, original: RawPath, command: ParsedCommand, library: Library,
        catalog: any Catalog, context: CommandContext
    ) throws -> ExitStatus {
        let source = PreviewSource(library: library, catalog: library.isWritable ? catalog : nil)
        var asset = asset
        let preview = PreviewOutcome(for: &asset, source: source)
        let presenter = PreviewPresenter(
            presenter: try AssetPresenter(library: library, catalog: catalog, assets: [asset]),
            libraryArgument: AssetArguments.libraryArgument(command, context: context))
        // A video's probe comes from the video worker; it has no EXIF, and is not read whole.
        let video = VideoFile.isVideo(original) ? try? VideoPosterSource().probe(original) : nil
        // A missing or unreadable original still has its catalog facts to show.
        let exif =
            VideoFile.isVideo(original)
            ? [] : (try? FileSystem.readFile(original)).map { ExifListing.fields(in: $0) } ?? []
        let companions = asset.trashed ? [] : Companions.of(original)
        let renditions = source.existingRenditions(of: asset)
        let fileStatus = FileSystem.status(original)
        if try PictureOptions.wantsJSON(command, context: context) {
            var members = presenter.json(asset, preview: preview).objectValue ?? []
            members.append(("original", .path(original)))
            members.append(
                (
                    "file",
                    .object([
                        ("path", .path(original)),
                        ("size", .int(Int64(fileStatus?.st_size ?? Int(asset.file.size)))),
                        ("modifiedAt", .string(Timestamp.iso8601(asset.file.modifiedAt))),
                        ("mode", fileStatus.map { .string(String(format: "%04o", Int($0.st_mode) & 0o7777)) } ?? .null),
                    ])
                ))
            members.append(
                (
                    "exif",
                    .array(
                        exif.map { field in
                            .object([
                                ("directory", .string(field.directory)), ("tag", .int(Int64(field.tag))),
                                ("name", .string(field.name)), ("value", .string(field.value)),
                            ])
                        })
                ))
            if let video { members.append(("video", VideoDetail.json(video))) }
            context.stdout.writePrettyJSON(.object(members))
            return .success
        }
        let picture = TerminalPicture(environment: context.environment)
        let drawing = try PictureOptions.method(command, picture: picture, context: context)
        let size = context.terminal
        let facts = presenter.facts(asset, colored: context.stdoutUsesColor)
        var status = ExitStatus.success
        if let missing = preview.missingLine {
            context.stdout.write(missing)
        } else if let method = drawing.method, let file = preview.file,
            let rows = try PictureOptions.rows(
                command, preferred: size.rows, textLines: facts.count { $0 == "\n" }, context: context)
        {
            do {
                context.stdout.write(
                    bytes: try picture.render(
                        jpegAt: file.path, columns: size.columns, rows: rows,
                        method: method, colors: drawing.colors, cellSize: size.cell) + [0x0A])
            } catch let error as any PhotolibError {
                context.diagnostics.error(error)
                status = .partial
            }
        }
        context.stdout.write(styled: facts)
        context.stdout.write(
            DetailText.text(
                asset, original: original, exif: exif, renditions: renditions, companions: companions,
                width: context.tableWidth))
        if let video { context.stdout.write(VideoDetail.text(video)) }
        return status
    }
}

/// An export target that is in the way: a file without `--force`, or a folder (never replaced).
struct ExportTargetError: PhotolibError {
    var path: RawPath
    var isFolder: Bool

    var kind: ErrorKind { .cannotCreate }
    var description: String {
        isFolder
            ? "\(path): a folder is there; photolib never replaces a folder with a file"
            : "\(path) exists; use --force to replace it"
    }
}
