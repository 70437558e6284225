import Foundation
import Glibc
import PhotoBrowser
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport
import PhotoTerminal

/// What `browse` and `pick` share: `list`'s filters, the starting filter and picture mode,
/// and the text of peek and pop handed to the browser.
enum BrowserSession {
    static let query = Option<String>(
        "query", "text",
        help: "Start with this filter typed, as after '/' (words in the caption, city or path; !word excludes)."
    )
    static let image = Option<String>(
        "image", "mode",
        help: "How to draw pictures: auto, kitty, iterm, sixel, symbols or none (default: auto, as peek).")
    static let noMouse = Flag(
        "no-mouse", help: "Leave the mouse to the terminal (text selection) instead of reading clicks.")
    static let similar = Flag(
        "similar",
        help: "Show the groups 'photolib similar' finds, one cell each (b opens one), instead of the collections.")
    static let threshold = SimilarityThreshold.option

    /// Every one of `list`'s filters and its sort (the same names and help; not --limit, a
    /// browser shows all that match), then the browser's own options.
    static let optionKeys: [any OptionKey] =
        AssetFilterOptions.filterKeys + [AssetFilterOptions.sort, AssetFilterOptions.reverse] + [
            query, image, noMouse, similar, threshold,
        ]

    static let keysHelp = """
        Keys: arrows or hjkl move (l is Like in peek), PgUp/PgDn, Home/End; Tab/Shift-Tab or \
        ]/[ switch collections, 1-9 and 0 pick one; / filters as you type; Space peeks; Enter \
        pops; b opens a burst (a cell marked ⧉ and its number of frames) into its frames, b or \
        Esc closes it; f favourite, L like, d delete (asks), u restore, c caption; ? lists every key; \
        q quits. Clicks select and peek where the terminal reports them.
        """

    /// The browser's options from the command line.
    static func browserOptions(
        _ command: ParsedCommand, purpose: BrowserOptions.Purpose, context: CommandContext
    ) throws -> BrowserOptions {
        guard command.arguments.isEmpty else {
            throw UsageError(
                message: "\(command.path[0]) takes no arguments (got '\(command.arguments[0])'); "
                    + "filter with options or --query", commandPath: command.path)
        }
        let base = try AssetFilterOptions.selection(withoutCollection(command))
        // Pages are index walks in the order of these sorts only (`SQLiteCatalog+Pages.swift`).
        guard AssetQuery.Sort.paged.contains(base.sort) else {
            throw UsageError(
                message: "\(command.path[0]) sorts by taken, path, city or popped (got '\(base.sort.rawValue)')",
                commandPath: command.path)
        }
        let collection = try AssetFilterOptions.collection(command)
        let picture = TerminalPicture(environment: context.environment)
        let drawing = try PictureOptions.method(command, picture: picture, context: context)
        return BrowserOptions(
            purpose: purpose, baseQuery: base, collection: collection, filter: command[query] ?? "",
            method: drawing.method, colors: drawing.colors, environment: context.environment,
            mouse: !command[noMouse])
    }

    /// The filters that need the library (`--folder`, and the hashes `--duplicates` needs),
    /// applied once it is open.
    static func applyLibraryFilters(
        to options: inout BrowserOptions, command: ParsedCommand, library: Library, catalog: any Catalog,
        context: CommandContext
    ) throws {
        options.baseQuery = try AssetFilterOptions.query(
            withoutCollection(command), context: context, library: library, catalog: catalog)
        let threshold = try command[threshold]
        guard command[similar] else {
            if threshold != nil {
                throw UsageError(message: "--threshold goes with --similar", commandPath: command.path)
            }
            return
        }
        // As `similar` groups them: the filters choose the assets compared, found once here.
        var compared = options.baseQuery
        compared.sort = .path
        compared.reverse = false
        compared.limit = nil
        let records = try catalog.similarityRecords(matching: compared)
        options.similarGroups = try SimilarGroup.groups(
            records, threshold: threshold ?? SimilarGroup.defaultThreshold, jobs: IndexOptions.defaultJobs
        ) { try catalog.assets(ids: $0) }
    }

    /// `--collection` chooses the first tab, not a filter within every tab.
    private static func withoutCollection(_ command: ParsedCommand) -> ParsedCommand {
        var filters = command
        filters.options.removeAll { $0.name == AssetFilterOptions.collection.name }
        return filters
    }

    /// Peek's facts and pop's details, as `photolib peek` and `photolib pop` print them.
    static func presentation(library: Library) -> BrowserPresentation {
        BrowserPresentation(
            facts: { PreviewPresenter.factRows($0) },
            details: { asset, width in
                let source = PreviewSource(library: library)
                // A catalog path that leads outside the library is shown, never read.
                let confined = try? library.originalPath(of: asset)
                let original = confined ?? library.absolutePath(of: asset.file.relativePath)
                let exif =
                    confined.flatMap { try? FileSystem.readFile($0) }.map { ExifListing.fields(in: $0) } ?? []
                let companions = asset.trashed ? [] : confined.map(Companions.of) ?? []
                let text = DetailText.text(
                    asset, original: original, exif: exif, renditions: source.existingRenditions(of: asset),
                    companions: companions, width: width)
                return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            })
    }

    /// Runs the browser; a signal that ended it ends this process the same way, once the
    /// terminal is restored (a shell then reports 128 + the signal's number).
    static func run(
        _ options: BrowserOptions, library: Library, catalog: any Catalog, context: CommandContext
    ) throws -> BrowserOutcome {
        let outcome = try Browser(
            library: library, catalog: catalog, options: options, presentation: presentation(library: library)
        ).run()
        if case .signal(let signal) = outcome {
            context.stdout.flush()
            endProcess(by: signal)
        }
        return outcome
    }

    /// Ends the process by `signal`'s default action, as it would have ended had nobody caught
    /// it (a shell then says 128 + its number). Called once the terminal is restored.
    private static func endProcess(by signal: Int32) -> Never {
        Glibc.signal(signal, SIG_DFL)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        raise(signal)
        // A signal whose default is to be ignored (none of ours) would come back here.
        exit(128 + signal)
    }
}
