import PhotoTerminal

/// `?`: every key, over the grid area; any key closes it.
struct HelpView {
    let purpose: BrowserOptions.Purpose

    var entries: [(keys: String, meaning: String)] {
        var entries: [(String, String)] = [
            ("arrows hjkl", "move (in the grid, l moves right; L likes)"),
            ("PgUp PgDn", "a screen up or down (also Ctrl-B, Ctrl-F)"),
            ("Home End g G", "first or last photo"),
            ("mouse", "click to move, click again to peek, wheel to scroll, click a tab"),
            (
                "Tab Shift-Tab",
                purpose == .pick(multiple: true)
                    ? "mark and move (collections: ] and [)" : "next or previous collection (also ] and [)"
            ),
            ("1-9 0", "the first nine collections; 0 the Trash"),
            ("/", "filter by caption, city or path as you type (!word excludes); Enter keeps it, Esc drops it"),
            ("b", "open the burst under the cursor (⧉ and its frames) in place; b or Esc closes it"),
            ("Space", "peek: the preview, its facts and actions; Space or Esc closes it"),
            (
                "Enter",
                purpose == .browse
                    ? "pop: every detail, the picture full screen; Esc comes back"
                    : "pick the photo (or the marked ones) and end"
            ),
            ("f  L (l in peek)", "favourite, like: toggle"),
            ("d  u", "delete to the trash (asks first); restore from the trash"),
            ("c", "edit the caption"),
            ("Ctrl-L", "draw the screen again"),
            ("Ctrl-Z", "suspend (fg to come back)"),
            ("q", purpose == .browse ? "quit" : "quit without picking (status 130)"),
            ("Esc Ctrl-C", "give up (status 130); Esc first closes a burst, then drops a filter"),
        ]
        if purpose != .browse {
            entries.append(("", "the chosen path goes to stdout; --print chooses id, path, json or jsonl"))
        }
        return entries
    }

    func compose(into lines: inout [ScreenLine], columns: Int, rows: Int) {
        let top = GridLayout.gridTop
        lines[top].text(" Keys", TextStyle(bold: true))
        let keyWidth = 18
        for (index, entry) in entries.enumerated() where top + 2 + index < rows - 1 {
            let row = top + 2 + index
            lines[row].text("  " + DisplayWidth.pad(entry.keys, to: keyWidth), TextStyle(bold: true))
            lines[row].text(entry.meaning)
        }
    }
}
