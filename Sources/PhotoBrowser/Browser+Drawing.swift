import Glibc
import PhotoCatalog
import PhotoLibrary
import PhotoSupport
import PhotoTerminal

extension Browser {
    /// What one composition produced: the frame, the pictures it still waits for, and the
    /// jobs to queue (most wanted first).
    struct Composition {
        var frame: ScreenFrame
        /// The pictures on screen not drawn yet.
        var pendingOnScreen: [PictureRequest]
        var jobs: [PictureJob]
    }

    /// Draws the screen as it should be now. Pictures on screen that are not drawn yet get a
    /// short wait (the first frame a longer one), then a spinner until they come.
    func draw() throws {
        guard let session else { return }
        _ = try catalogChangedElsewhere()
        try reopenIfNeeded()
        if mode == .grid || mode == .peek {
            try window.load(top..<(top + 2 * layout.cellsPerPage))
            clampCursor()
            try countBurstsOnScreen()
        }
        var composition = compose()
        workers?.replaceQueue(composition.jobs)
        if !composition.pendingOnScreen.isEmpty, let workers {
            let deadline =
                framesDrawn == 0
                ? startedAt + Self.firstFrameWait : Monotonic.milliseconds() + Self.frameWait
            if waitForPictures(
                composition.pendingOnScreen, from: workers, until: deadline, terminal: session.descriptor)
            {
                composition = compose()
                workers.replaceQueue(composition.jobs)
            }
        }
        pictures.hasPending = !composition.pendingOnScreen.isEmpty
        let bytes = writer.bytes(for: composition.frame)
        if !bytes.isEmpty { session.write(bytes) }
        framesDrawn += 1
    }

    /// Collects finished pictures until none on screen is missing, the deadline passes, or a
    /// key is typed (which comes first). True when any arrived.
    private func waitForPictures(
        _ wanted: [PictureRequest], from workers: PictureWorkers, until deadline: Double, terminal: Int32
    ) -> Bool {
        var arrived = false
        while true {
            let remaining = deadline - Monotonic.milliseconds()
            guard remaining > 0 else { return arrived }
            var descriptors = [
                pollfd(fd: workers.wakeDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: terminal, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, Int32(remaining.rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            if descriptors[0].revents != 0 {
                pictures.store(workers.takeResults())
                arrived = true
                if wanted.allSatisfy(pictures.contains) { return true }
            }
            if ready <= 0 || descriptors[1].revents != 0 { return arrived }
        }
    }

    /// The whole screen for the current mode, tab bar and status line included.
    func compose() -> Composition {
        var lines = (0..<layout.rows).map { _ in ScreenLine(width: layout.columns) }
        var images: [ScreenImage] = []
        var jobs: [(priority: Int, job: PictureJob)] = []
        var pending: [PictureRequest] = []
        let spinner = PictureArea.spinnerFrames[spinnerPhase % PictureArea.spinnerFrames.count]

        func state(_ asset: Asset, _ kind: RenditionKind, _ columns: Int, _ rows: Int, priority: Int) -> PictureState {
            guard options.method != nil, columns > 0, rows > 0 else { return .none }
            let request = PictureRequest(
                assetID: asset.id, contentHash: asset.contentHash, kind: kind, columns: columns, rows: rows)
            switch pictures.lookup(request) {
            case .drawn(let picture): return .ready(picture)
            case .failed(let reason): return .failed(reason)
            case nil:
                jobs.append((priority, PictureJob(request: request, asset: asset, library: library)))
                // Priorities from 1,000,000 on are drawn ahead of need, not waited for.
                if priority < 1_000_000 { pending.append(request) }
                return .pending
            }
        }
        func prefetchThumbnails() {
            guard options.method != nil else { return }
            for position in (top + layout.cellsPerPage)..<(top + 2 * layout.cellsPerPage) {
                guard let asset = window.asset(at: position) else { break }
                _ = state(
                    asset, .thumbnail, layout.pictureColumns, layout.pictureRows,
                    priority: 1_000_001 + position - top)
            }
        }

        if layout.isTooSmall {
            lines[0].text("Too small: photolib needs 20x5 or more")
        } else {
            switch mode {
            case .grid, .help:
                composeTabBar(into: &lines[0])
                if mode == .help {
                    HelpView(purpose: options.purpose).compose(into: &lines, columns: layout.columns, rows: layout.rows)
                } else if window.total == 0 {
                    lines[GridLayout.gridTop + 1].text(emptyText(), TextStyle(dim: true))
                } else {
                    GridView(
                        layout: layout, window: window, top: top, cursor: cursor,
                        marked: Set(marked.map(\.id)), spinner: spinner
                    ) { asset, position in
                        state(
                            asset, .thumbnail, self.layout.pictureColumns, self.layout.pictureRows,
                            priority: abs(position - self.cursor))
                    } badge: {
                        self.badge(of: $0)
                    }.compose(into: &lines, images: &images)
                    // The peek of the photo under the cursor, so that Space shows it at once.
                    if let asset = window.asset(at: cursor) {
                        let box = PeekView.pictureBox(columns: layout.columns, rows: layout.rows)
                        _ = state(asset, .preview, box.columns, box.rows, priority: 1_000_000)
                    }
                    prefetchThumbnails()
                }
            case .peek:
                composeTabBar(into: &lines[0])
                if let asset = window.asset(at: cursor) {
                    let box = PeekView.pictureBox(columns: layout.columns, rows: layout.rows)
                    let picture = state(asset, .preview, box.columns, box.rows, priority: 0)
                    PeekView(
                        asset: asset, facts: presentation.facts(asset), picture: picture, spinner: spinner,
                        failure: failure(picture)
                    ).compose(into: &lines, images: &images, columns: layout.columns, rows: layout.rows)
                    // The neighbours, for → and ← in the peek.
                    for offset in [1, -1] {
                        if let next = window.asset(at: cursor + offset) {
                            _ = state(next, .preview, box.columns, box.rows, priority: 2_000_000 + abs(offset))
                        }
                    }
                }
            case .detail:
                if let asset = detailAsset {
                    let box = DetailView.pictureBox(columns: layout.columns, rows: layout.rows)
                    let picture = state(asset, .preview, box.columns, box.rows, priority: 0)
                    DetailView(
                        asset: asset, facts: presentation.facts(asset),
                        details: details(of: asset, width: layout.columns - 1), picture: picture,
                        spinner: spinner, failure: failure(picture), scroll: detailScroll
                    ).compose(into: &lines, images: &images, columns: layout.columns, rows: layout.rows)
                }
            }
            lines[layout.statusRow] = statusLine().compose(width: layout.columns)
        }
        return Composition(
            frame: ScreenFrame(rows: lines.map { $0.finished() }, images: images), pendingOnScreen: pending,
            jobs: jobs.sorted { $0.priority < $1.priority }.map(\.job))
    }

    private func failure(_ state: PictureState) -> String? {
        if case .failed(let reason) = state { return reason }
        return nil
    }

    private func composeTabBar(into line: inout ScreenLine) {
        if let similar {
            // No collections here: the groups are the whole view.
            line = ScreenLine(width: layout.columns)
            line.text(" Similar: \(similar.cells.count) groups ", TextStyle(reverse: true))
            tabSpans = []
            return
        }
        let (bar, spans) = TabBar(tabs: tabs).compose(width: layout.columns)
        line = bar
        tabSpans = spans
    }

    private func emptyText() -> String {
        if similar != nil { return "  No similar photos (photolib render fingerprints those rendered before)." }
        return filter.isEmpty ? "  No photo here." : "  No photo matches '\(filter)'. Esc clears the filter."
    }

    /// The status line: position, the key hints of the mode, and the prompt or message.
    func statusLine() -> StatusLine {
        let position = window.total == 0 ? "0/0" : "\(cursor + 1)/\(window.total)"
        var hints: String
        switch mode {
        case .grid:
            hints =
                options.isPick
                ? "Enter pick  Space peek  / filter  \(options.marksMany ? "Tab mark  " : "Tab collection  ")? keys  Esc cancel"
                : "Space peek  Enter pop  / filter  Tab collection  ? keys  q quit"
        case .peek: hints = "f l d u c act  ← → next  Enter pop  Space/Esc close"
        case .detail: hints = "↑ ↓ PgUp PgDn scroll  f l d u c act  Esc back"
        case .help: hints = "any key closes"
        }
        if !filter.isEmpty, mode == .grid { hints = "filter: \(filter)   " + hints }
        if mode == .grid || mode == .peek, let stack = stackHint() { hints = stack + "   " + hints }
        if !marked.isEmpty { hints = "\(marked.count) marked   " + hints }
        var line = StatusLine(position: position, hints: hints)
        switch prompt {
        case .filter:
            line.message = "/" + filter + "▏"
            line.messageStyle = TextStyle(bold: true)
            line.hints = "Enter keep  Esc drop  ↑ ↓ move"
        case .caption(_, let text):
            line.message = "Caption: " + text + "▏"
            line.messageStyle = TextStyle(bold: true)
            line.hints = "Enter save (empty clears)  Esc cancel"
        case .confirmDelete(let asset):
            line.message = "Move \(asset.file.relativePath) to the trash? y/N"
            line.messageStyle = TextStyle(bold: true, foreground: .white, background: .red)
            line.hints = ""
        case nil:
            if let message {
                line.message = message.text
                line.messageStyle = message.style
            }
        }
        return line
    }
}
