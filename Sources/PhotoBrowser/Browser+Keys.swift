import PhotoCatalog
import PhotoLibrary
import PhotoTerminal

extension Browser {
    /// Acts on one key; an outcome ends the session.
    func handle(_ key: Key) throws -> BrowserOutcome? {
        switch key {
        case .control("c"): return .cancelled
        case .control("l"):
            writer.invalidate()
            return nil
        case .control("z"):
            try session?.suspend()
            writer.invalidate()
            return nil
        default: break
        }
        if let prompt { return try handle(key, in: prompt) }
        switch mode {
        case .help:
            mode = .grid
            return nil
        case .grid: return try handleGrid(key)
        case .peek: return try handlePeek(key)
        case .detail: return try handleDetail(key)
        }
    }

    private func handleGrid(_ key: Key) throws -> BrowserOutcome? {
        if similar != nil, Self.choosesResults(key, marksMany: options.marksMany) {
            show("--similar shows its groups alone: no collections or filter", style: TextStyle(foreground: .yellow))
            return nil
        }
        switch key {
        case .left, .character("h"): move(by: -1)
        case .right, .character("l"): move(by: 1)
        case .up, .character("k"): move(by: -layout.gridColumns)
        case .down, .character("j"): move(by: layout.gridColumns)
        case .pageUp, .control("b"): page(by: -1)
        case .pageDown, .control("f"): page(by: 1)
        case .home, .character("g"): try jump(toEnd: false)
        case .end, .character("G"): try jump(toEnd: true)
        case .tab where options.marksMany:
            toggleMark()
            move(by: 1)
        case .backTab where options.marksMany:
            toggleMark()
            move(by: -1)
        case .tab, .character("]"): try switchTab(by: 1)
        case .backTab, .character("["): try switchTab(by: -1)
        case .character(let digit) where digit.isASCII && digit.isNumber:
            // 0 is the Trash by name, not the last tab: Missing follows it when some are missing.
            let number = Int(String(digit)) ?? 1
            if number == 0 ? tabs.select(.trash) : tabs.select(index: number - 1) { try reopen() }
        case .character("/"): prompt = .filter(original: filter)
        case .character(" "): if window.asset(at: cursor) != nil { mode = .peek }
        case .enter: return try pop()
        case .character("?"): mode = .help
        case .character("b"): try toggleBurst()
        case .character("q"): return options.isPick ? .cancelled : .quit
        case .escape where openBurst != nil: try closeBurst()
        case .escape:
            // Esc gives up, in browse as in pick (status 130, as fzf); q is the ordinary way out.
            if filter.isEmpty { return .cancelled }
            filter = ""
            try reopen()
        case .mouse(let event): return try handleGridMouse(event)
        default: try handleAction(key)
        }
        return nil
    }

    /// Tabs, collection numbers and the filter: the keys that choose other results.
    private static func choosesResults(_ key: Key, marksMany: Bool) -> Bool {
        switch key {
        case .tab, .backTab: return !marksMany
        case .character("]"), .character("["), .character("/"): return true
        case .character(let digit): return digit.isASCII && digit.isNumber
        default: return false
        }
    }

    private func handlePeek(_ key: Key) throws -> BrowserOutcome? {
        switch key {
        case .character(" "), .escape, .character("q"): mode = .grid
        case .enter: return try pop()
        case .right, .down: move(by: 1)
        case .left, .up, .character("h"): move(by: -1)
        case .character("l"): try handleAction(.character("L"))
        case .mouse(let event) where event.kind == .press(button: 0): mode = .grid
        case .mouse(let event) where event.kind == .wheelDown: move(by: 1)
        case .mouse(let event) where event.kind == .wheelUp: move(by: -1)
        default: try handleAction(key)
        }
        return nil
    }

    private func handleDetail(_ key: Key) throws -> BrowserOutcome? {
        let page = max(1, layout.rows - 2)
        switch key {
        case .escape, .character("q"), .backspace:
            mode = .grid
            detailAsset = nil
        case .down, .character("j"): scrollDetail(by: 1)
        case .up, .character("k"): scrollDetail(by: -1)
        case .pageDown, .character(" "), .control("f"): scrollDetail(by: page)
        case .pageUp, .control("b"): scrollDetail(by: -page)
        case .home, .character("g"): detailScroll = 0
        case .end, .character("G"): scrollDetail(by: Int.max / 2)
        case .right:
            move(by: 1)
            detailAsset = window.asset(at: cursor)
            detailScroll = 0
        case .left:
            move(by: -1)
            detailAsset = window.asset(at: cursor)
            detailScroll = 0
        case .character("l"): try handleAction(.character("L"))
        case .mouse(let event) where event.kind == .wheelUp: scrollDetail(by: -1)
        case .mouse(let event) where event.kind == .wheelDown: scrollDetail(by: 1)
        default: try handleAction(key)
        }
        return nil
    }

    /// f, L (l in peek and pop), d, u, c: the preview's actions on the asset under the cursor.
    private func handleAction(_ key: Key) throws {
        guard let asset = focusedAsset else { return }
        switch key {
        case .character("f"): try perform(asset.favourite ? .unfavourite : .favourite, on: asset)
        case .character("L"): try perform(asset.liked ? .unlike : .like, on: asset)
        case .character("d"):
            if asset.trashed {
                show("already in the trash; u restores it", style: TextStyle(foreground: .yellow))
            } else {
                prompt = .confirmDelete(asset)
            }
        case .character("u"):
            if asset.trashed {
                try perform(.restore, on: asset)
            } else {
                show("not in the trash", style: TextStyle(foreground: .yellow))
            }
        case .character("c"): prompt = .caption(asset, asset.caption ?? "")
        default: break
        }
    }

    /// Typing into the filter or the caption, or answering the delete question.
    private func handle(_ key: Key, in current: Prompt) throws -> BrowserOutcome? {
        switch current {
        case .confirmDelete(let asset):
            prompt = nil
            if key == .character("y") || key == .character("Y") {
                try perform(.delete, on: asset)
                if mode != .grid { mode = .grid }
            } else {
                show("not deleted")
            }
        case .caption(let asset, let text):
            switch key {
            case .enter:
                prompt = nil
                try perform(.caption, on: asset, value: text)
            case .escape: prompt = nil
            default:
                if let edited = Self.edit(text, with: key) { prompt = .caption(asset, edited) }
            }
        case .filter(let original):
            if Self.edit(filter, with: key) == nil { try reopenIfNeeded() }
            switch key {
            case .enter: prompt = nil
            case .escape:
                prompt = nil
                filter = original
                try reopen()
            case .up: move(by: -layout.gridColumns)
            case .down: move(by: layout.gridColumns)
            case .left: move(by: -1)
            case .right: move(by: 1)
            case .pageUp: page(by: -1)
            case .pageDown: page(by: 1)
            case .tab where options.marksMany:
                toggleMark()
                move(by: 1)
            default:
                // Read once for all the keys that came together (a paste, fast typing), at the draw.
                if let edited = Self.edit(filter, with: key), edited != filter {
                    filter = edited
                    filterChanged = true
                }
            }
        }
        return nil
    }

    /// A line of text after one editing key (type, Backspace, Ctrl-U clears, Ctrl-W drops a
    /// word); nil for a key that does not edit.
    static func edit(_ text: String, with key: Key) -> String? {
        switch key {
        case .character(let character): return text + String(character)
        case .backspace: return String(text.dropLast())
        case .control("u"): return ""
        case .control("w"):
            var trimmed = Substring(text)
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            while let last = trimmed.last, last != " " { trimmed = trimmed.dropLast() }
            return String(trimmed)
        default: return nil
        }
    }

    private func handleGridMouse(_ event: MouseEvent) throws -> BrowserOutcome? {
        switch event.kind {
        case .wheelUp: move(by: -layout.gridColumns)
        case .wheelDown: move(by: layout.gridColumns)
        case .press(button: 0):
            if event.row == 0 {
                if let tab = tabSpans.first(where: { $0.range.contains(event.column) }), tabs.select(index: tab.index) {
                    try reopen()
                }
            } else if let slot = layout.slot(atRow: event.row, column: event.column),
                window.asset(at: top + slot) != nil
            {
                // Like a touch: the first press selects, a press on the selected one peeks.
                if top + slot == cursor { mode = .peek } else { cursor = top + slot }
            }
        default: break
        }
        return nil
    }
}
