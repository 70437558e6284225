// Drives `photolib browse` through a pseudo-terminal and times it as a person would see it:
// from start to the first frame on screen, from a key press to the redrawn screen, and from
// Space to the peek with its picture. Built by bench/browse.sh together with the tests'
// PseudoTerminal and ScreenModel (Tests/photolibTests/Support/), so that the benchmark and
// the tests read the screen the same way.
//
//   browse-driver PHOTOLIB LIBRARY COLUMNS ROWS RUNS [BROWSE OPTION...]

import Glibc

let arguments = CommandLine.arguments
guard arguments.count >= 6, let columns = Int(arguments[3]), let rows = Int(arguments[4]),
    let runs = Int(arguments[5])
else {
    fputs("usage: browse-driver PHOTOLIB LIBRARY COLUMNS ROWS RUNS [BROWSE OPTION...]\n", stderr)
    exit(64)
}
let extra = Array(arguments.dropFirst(6))
let binary = arguments[1]
let library = arguments[2]

var environment: [String: String] = [:]
for key in ["PATH", "HOME", "LANG", "LC_ALL"] {
    if let value = getenv(key) { environment[key] = String(cString: value) }
}
environment["TERM"] = "xterm-256color"
environment["COLORTERM"] = "truecolor"

func milliseconds(_ seconds: Double) -> Double { (seconds * 10_000).rounded() / 10 }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// A picture cell's row holds block or line symbols; a spinner is a braille dot.
func isSymbol(_ character: Character) -> Bool {
    guard let value = character.unicodeScalars.first?.value else { return false }
    return (0x2500...0x259F).contains(value)
}

/// True when `bytes` hold `text`.
func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard bytes.count >= needle.count else { return false }
    return (0...(bytes.count - needle.count)).contains { start in
        bytes[start] == needle[0] && Array(bytes[start..<(start + needle.count)]) == needle
    }
}

/// The bytes of the last complete frame in `bytes`.
func lastFrame(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    let start = Array("\u{1B}[?2026h".utf8)
    var index = bytes.count - start.count
    while index >= 0 {
        if bytes[index] == 0x1B, Array(bytes[index..<(index + start.count)]) == start { return bytes[index...] }
        index -= 1
    }
    return bytes[...]
}

/// A frame that draws a picture (hundreds of block symbols, U+2580...U+259F) and no spinner
/// (braille, U+2800...U+28FF).
func isPictureFrame(_ frame: ArraySlice<UInt8>) -> Bool {
    var blocks = 0
    var index = frame.startIndex
    while index + 2 < frame.endIndex {
        if frame[index] == 0xE2 {
            if frame[index + 1] == 0xA0 { return false }
            if frame[index + 1] == 0x96 { blocks += 1 }
        }
        index += 1
    }
    return blocks >= 200
}

func hasSpinner(_ screen: ScreenModel) -> Bool {
    screen.text.unicodeScalars.contains { (0x280B...0x283F).contains($0.value) }
}

/// Sends `key` and waits for the next complete frame; the time it took.
func press(_ terminal: PseudoTerminal, _ key: String) -> Double? {
    let before = terminal.framesWritten
    let start = PseudoTerminal.now()
    terminal.type(key)
    guard terminal.waitForFrame(after: before) else { return nil }
    return PseudoTerminal.now() - start
}

var firstFrames: [Double] = []
var completeFirstFrames = 0
var keyTimes: [String: [Double]] = [:]
var peekTimes: [Double] = []
var coldPeekTimes: [Double] = []
let keys: [(String, String)] =
    Array(repeating: ("→", "\u{1B}[C"), count: 20) + Array(repeating: ("↓", "\u{1B}[B"), count: 10)
    + Array(repeating: ("PgDn", "\u{1B}[6~"), count: 10) + [("End", "\u{1B}[F"), ("Home", "\u{1B}[H")]
    + Array(repeating: ("PgDn", "\u{1B}[6~"), count: 5)

for _ in 0..<runs {
    let start = PseudoTerminal.now()
    let terminal = try PseudoTerminal(
        executable: binary, arguments: ["browse", "--library", library, "--image", "symbols"] + extra,
        environment: environment, columns: columns, rows: rows)
    guard terminal.waitForFrame(after: 0, seconds: 10) else {
        fputs("browse-driver: no frame within 10 s\n", stderr)
        exit(1)
    }
    firstFrames.append(PseudoTerminal.now() - start)
    if !hasSpinner(terminal.screen), terminal.screen.lines[2].contains(where: isSymbol) { completeFirstFrames += 1 }
    // Let the next page's thumbnails, made in the background, settle as a person's pause would.
    usleep(300_000)
    _ = terminal.read(waiting: 10)
    for (name, key) in keys {
        if let time = press(terminal, key) { keyTimes[name, default: []].append(time) }
        // Results arriving later redraw too; wait for quiet so the next key is timed alone.
        while terminal.read(waiting: 30) {}
    }
    terminal.type("\u{1B}[H")
    while terminal.read(waiting: 50) {}
    // Peek: Space until the sheet shows its picture (the preview decoded and drawn): after a
    // pause on the photo (the preview drawn ahead), and right after moving to it (drawn now).
    for index in 0..<6 {
        if index >= 3 {
            terminal.type("\u{1B}[C")
            _ = terminal.waitForFrame(after: terminal.framesWritten)
        } else {
            usleep(300_000)
        }
        let peekStart = PseudoTerminal.now()
        let offset = terminal.output.count
        terminal.type(" ")
        // Read as the bytes come (parsing the screen meanwhile would hold the writer up):
        // done when a frame since Space has the sheet and the picture, without a spinner.
        var done = false
        while !done, PseudoTerminal.now() - peekStart < 5 {
            guard terminal.waitForFrame(after: terminal.framesWritten) else { break }
            let written = Array(terminal.output[offset...])
            done = contains(written, "Make Favourite") && isPictureFrame(lastFrame(written))
        }
        if done {
            let time = PseudoTerminal.now() - peekStart
            if index >= 3 { coldPeekTimes.append(time) } else { peekTimes.append(time) }
        }
        terminal.type(" \u{1B}[C")
        while terminal.read(waiting: 50) {}
    }
    // The filter: each key typed after / reads the results again (a count and a page).
    _ = press(terminal, "/")
    for character in "beach" {
        if let time = press(terminal, String(character)) { keyTimes["filter", default: []].append(time) }
        while terminal.read(waiting: 30) {}
    }
    _ = press(terminal, "\u{1B}")
    terminal.type("q")
    _ = terminal.waitForExit()
}

print("first frame (start to first full screen): median \(milliseconds(median(firstFrames))) ms of \(runs) runs; "
    + "\(completeFirstFrames)/\(runs) with every thumbnail drawn")
for name in ["→", "↓", "PgDn", "End", "Home", "filter"] {
    let times = keyTimes[name] ?? []
    print("key \(name): median \(milliseconds(median(times))) ms, max \(milliseconds(times.max() ?? 0)) ms (\(times.count) presses)")
}
print("peek after a pause (Space to the preview drawn): median \(milliseconds(median(peekTimes))) ms, max \(milliseconds(peekTimes.max() ?? 0)) ms (\(peekTimes.count))")
print("peek right after moving: median \(milliseconds(median(coldPeekTimes))) ms, max \(milliseconds(coldPeekTimes.max() ?? 0)) ms (\(coldPeekTimes.count))")
