import Foundation
import Glibc
import PhotoCatalog
import PhotoLibrary
import PhotoSupport
import PhotoTerminal

/// `photolib browse` and `photolib pick`: a grid of thumbnails in the terminal, with
/// collections as tabs, a filter, peek (Space), pop (Enter) and the preview's actions.
///
/// One thread runs the session: it polls the terminal, a signal pipe and the picture
/// workers' pipe, handles what came, and draws a frame when something changed. Pictures are
/// drawn on worker threads, nearest the cursor first; the catalog is read a page at a time.
/// The terminal is restored on every way out: return, thrown error, SIGINT/SIGTERM/SIGHUP
/// (turned into `.signal`), and a crash (by `TerminalSession`'s handler).
public final class Browser {
    let library: Library
    let catalog: any Catalog
    let options: BrowserOptions
    let presentation: BrowserPresentation

    var session: TerminalSession?
    var writer = FrameWriter()
    var size = TerminalSize(columns: 80, rows: 24)
    var layout = GridLayout(columns: 80, rows: 24)
    var decoder = KeyDecoder()

    var tabs = CollectionTabs()
    /// The collection's results, a burst standing as one cell (`AssetQuery.oneFramePerBurst`).
    let gridWindow: AssetWindow
    /// A burst opened with `b`: its frames in a window of their own, the grid's waiting
    /// under it where it was.
    var openBurst: OpenBurst?
    /// How many frames each burst shown as a cell has, read for the cells on screen.
    var burstSizes: [String: Int] = [:]
    /// `--similar`: the groups shown instead of a collection.
    var similar: SimilarStacks?
    /// What the grid shows: the open burst's frames, or the collection.
    var window: AssetWindow { openBurst?.window ?? gridWindow }
    /// The position of the asset under the cursor in the current results.
    var cursor = 0
    /// The position shown in the top-left cell; always at the start of a grid row.
    var top = 0
    var mode = Mode.grid
    var prompt: Prompt?
    /// The `/` filter as typed.
    var filter: String
    /// The filter was typed into since the results were read.
    var filterChanged = false
    /// `pick --multi`: the marked assets, in the order they were marked.
    var marked: [Asset] = []
    var message: Message?
    var detailScroll = 0
    /// The asset the detail view shows: held by id, since a pop can move it in the order
    /// (`--sort popped`), and another process can change the order underneath.
    var detailAsset: Asset?
    /// Pop's details of the asset shown (they read the original's EXIF), with what they are of.
    var detailCache: (asset: Asset, width: Int, lines: [String])?
    /// Where each tab is on the tab bar, for clicks.
    var tabSpans: [(range: Range<Int>, index: Int)] = []

    var workers: PictureWorkers?
    var pictures = PictureCache()
    var spinnerPhase = 0
    var changeStamp: Int64?
    var lastReload = Monotonic.milliseconds()
    var framesDrawn = 0
    let startedAt = Monotonic.milliseconds()
    /// The first frame waits this long at most for the pictures on screen.
    static let firstFrameWait = 120.0
    /// Later frames wait this long for pictures before showing spinners.
    static let frameWait = 12.0

    public enum Mode: Equatable { case grid, peek, detail, help }

    enum Prompt {
        /// Typing the `/` filter; Esc goes back to `original`.
        case filter(original: String)
        case caption(Asset, String)
        case confirmDelete(Asset)
    }

    struct Message {
        var text: String
        var style: TextStyle
        var until: Double
    }

    public init(library: Library, catalog: any Catalog, options: BrowserOptions, presentation: BrowserPresentation) {
        self.library = library
        self.catalog = catalog
        self.options = options
        self.presentation = presentation
        gridWindow = AssetWindow(catalog: catalog)
        filter = options.filter
    }

    /// Runs the session on the controlling terminal until the person leaves; the terminal is
    /// as it was when this returns or throws.
    public func run() throws -> BrowserOutcome {
        let session = try TerminalSession()
        let signals = try SignalPipe(signals: [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGCONT])
        size = session.size()
        layout = makeLayout()
        window.pageSize = max(layout.cellsPerPage, 24)
        let requested = options.collection ?? .all
        tabs = CollectionTabs(showing: requested)
        if let groups = options.similarGroups {
            similar = SimilarStacks(groups)
            gridWindow.show(similar?.cells ?? [])
        } else {
            try window.open(currentQuery())
        }
        if options.isPick, window.total == 0, filter.isEmpty { return .nothingToPick }
        changeStamp = try catalog.externalChangeStamp()
        defer { workers?.stop() }
        if let method = options.method {
            writer.usesKittyImages = method == .kitty
            let workers = try PictureWorkers(
                library: library, style: pictureStyle(method), environment: options.environment,
                threads: min(4, max(1, ProcessInfo.processInfo.activeProcessorCount)))
            self.workers = workers
            // The first screen's pictures are drawn while the collections are counted.
            workers.replaceQueue(compose().jobs)
        }
        try tabs.refresh(from: catalog, now: Date())
        if similar == nil, tabs.current != requested {
            show("no photo in \(requested.title) yet; showing All", style: TextStyle(foreground: .yellow))
            try reopen()
        }
        self.session = session
        try session.enter(mouse: options.mouse)
        defer {
            if writer.usesKittyImages { session.write(Array("\u{1B}_Ga=d\u{1B}\\".utf8)) }
            session.leave()
        }
        return try loop(session: session, signals: signals)
    }

    private func loop(session: TerminalSession, signals: SignalPipe) throws -> BrowserOutcome {
        var needsDraw = true
        while true {
            if needsDraw {
                try draw()
                needsDraw = false
            }
            var descriptors = [
                pollfd(fd: session.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: workers?.wakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), pollTimeout())
            if ready < 0 {
                if errno == EINTR { continue }
                throw TerminalError(path: session.path, reason: .settingRefused(errno: errno))
            }
            if descriptors[1].revents != 0 {
                for signal in signals.drain() {
                    switch signal {
                    case SIGWINCH:
                        resize()
                        needsDraw = true
                    case SIGCONT:
                        // Stopped and resumed from outside (kill -STOP, a job control shell):
                        // the shell may have reset the terminal, so set it up again.
                        session.leave()
                        try session.enter(mouse: options.mouse)
                        writer.invalidate()
                        needsDraw = true
                    default:
                        return .signal(signal)
                    }
                }
            }
            if descriptors[2].revents != 0, let workers {
                pictures.store(workers.takeResults())
                needsDraw = true
            }
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                let bytes = session.readAvailable()
                if bytes.isEmpty { return .signal(SIGHUP) }
                decoder.feed(bytes)
                while let key = decoder.next() {
                    if let outcome = try handle(key) { return outcome }
                }
                needsDraw = true
            } else if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                // The terminal is gone (its window closed): nobody is left to see anything.
                return .signal(SIGHUP)
            }
            if ready == 0 {
                if decoder.hasPartialSequence, let key = decoder.flushPendingEscape() {
                    if let outcome = try handle(key) { return outcome }
                    needsDraw = true
                }
                if pictures.hasPending {
                    spinnerPhase += 1
                    needsDraw = true
                }
                if let message, message.until <= Monotonic.milliseconds() {
                    self.message = nil
                    needsDraw = true
                }
                if try catalogChangedElsewhere() { needsDraw = true }
            }
        }
    }

    /// Short while a sequence or a spinner is under way, else often enough to notice
    /// another process's changes within half a second.
    private func pollTimeout() -> Int32 {
        if decoder.hasPartialSequence { return 25 }
        if pictures.hasPending || message != nil { return 100 }
        return 500
    }

    /// The query of the tab shown, with the base filters and the typed filter.
    func currentQuery() -> AssetQuery {
        var query = tabs.current.query(now: Date(), base: options.baseQuery)
        query.searchTerms = filter.split(whereSeparator: \.isWhitespace).map(String.init)
        query.oneFramePerBurst = true
        return query
    }

    func makeLayout() -> GridLayout {
        GridLayout(columns: size.columns, rows: size.rows, showsPictures: options.method != nil)
    }

    private func pictureStyle(_ method: TerminalGraphics.Method) -> PictureStyle {
        PictureStyle(method: method, colors: options.colors, cellWidth: size.cellWidth, cellHeight: size.cellHeight)
    }

    /// SIGWINCH: a new size, a new layout, everything drawn again.
    private func resize() {
        guard let session else { return }
        size = session.size()
        layout = makeLayout()
        for window in [gridWindow, openBurst?.window].compactMap({ $0 }) {
            window.pageSize = max(layout.cellsPerPage, 24)
        }
        if let method = options.method { workers?.setStyle(pictureStyle(method)) }
        writer.invalidate()
        top = rowStart(top)
        scrollToCursor()
    }

    /// Another process changed the catalog (an `action`, an `index`): read it again.
    /// Stores that cannot tell are read again every two seconds.
    func catalogChangedElsewhere() throws -> Bool {
        let stamp = try catalog.externalChangeStamp()
        let now = Monotonic.milliseconds()
        if let stamp {
            guard stamp != changeStamp else { return false }
            changeStamp = stamp
        } else {
            guard now - lastReload >= 2_000 else { return false }
        }
        try reloadAll()
        return true
    }

    /// Reads the tabs, the count and the window again, keeping the cursor's place.
    func reloadAll() throws {
        lastReload = Monotonic.milliseconds()
        try tabs.refresh(from: catalog, now: Date())
        burstSizes = [:]
        if similar != nil {
            try readSimilar()
        } else {
            try window.reload()
            if openBurst != nil, window.total == 0 { try closeBurst() }
        }
        clampCursor()
        if let shown = detailAsset { detailAsset = try catalog.asset(id: shown.id) ?? shown }
    }

    /// Pop's details of `asset` at `width`, read again only when the asset changed.
    func details(of asset: Asset, width: Int) -> [String] {
        if let cached = detailCache, cached.asset == asset, cached.width == width { return cached.lines }
        let lines = presentation.details(asset, width)
        detailCache = (asset, width, lines)
        return lines
    }

    /// The asset the keys act on: the one in the detail view, else the one under the cursor.
    var focusedAsset: Asset? {
        mode == .detail ? detailAsset : window.asset(at: cursor)
    }

    func show(_ text: String, style: TextStyle = .plain, seconds: Double = 4) {
        message = Message(text: text, style: style, until: Monotonic.milliseconds() + seconds * 1_000)
    }
}

/// Milliseconds on the monotonic clock (never jumps with the wall clock).
enum Monotonic {
    static func milliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
    }
}
