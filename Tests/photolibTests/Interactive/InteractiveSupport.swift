import Foundation
import Testing

/// Keys as a terminal sends them.
enum Keys {
    static let escape = "\u{1B}"
    static let enter = "\r"
    static let tab = "\t"
    static let shiftTab = "\u{1B}[Z"
    static let up = "\u{1B}[A"
    static let down = "\u{1B}[B"
    static let right = "\u{1B}[C"
    static let left = "\u{1B}[D"
    static let pageDown = "\u{1B}[6~"
    static let home = "\u{1B}[H"
    static let end = "\u{1B}[F"
    static let controlC = "\u{03}"

    /// A left click at a 0-based cell, in SGR form (press then release).
    static func click(row: Int, column: Int) -> String {
        "\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m"
    }
}

extension TestLibrary {
    /// Starts `photolib ARGUMENTS --library <this>` on a pseudo-terminal of its own, in a plain
    /// xterm's environment (no tmux, kitty or iTerm variables from the shell running the tests).
    func launch(
        _ arguments: [String], columns: Int = 80, rows: Int = 24, environment extra: [String: String] = [:],
        standardOutput: String? = nil
    ) throws -> PseudoTerminal {
        var environment = BinaryRunner.childEnvironment(adding: [:])
        // NO_COLOR too: the test runner may set it, and a picture without colour is another picture.
        for key in ["TMUX", "TERM_PROGRAM", "KITTY_WINDOW_ID", "LC_TERMINAL", "VTE_VERSION", "COLORTERM", "NO_COLOR"] {
            environment[key] = nil
        }
        environment["TERM"] = "xterm-256color"
        environment.merge(extra) { _, new in new }
        return try PseudoTerminal(
            executable: try BinaryRunner.binaryURL().path, arguments: arguments + ["--library", root.path],
            environment: environment, columns: columns, rows: rows, standardOutput: standardOutput)
    }

    /// The full id of the asset at `relativePath`.
    func id(of relativePath: String) throws -> String {
        try #require(try assets().first { $0["relativePath"] as? String == relativePath }?["id"] as? String)
    }
}

extension PseudoTerminal {
    /// The terminal is as a shell needs it: main screen, cursor visible, line wrap on, no
    /// mouse reports, canonical input with echo (no raw mode).
    func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) {
        let mainScreen = !screen.onAlternateScreen
        let cursorVisible = screen.cursorVisible
        let lineWrap = screen.privateModes.contains(7)
        let noMouse = !screen.mouseReported
        let settings = lineSettings
        let cooked = settings.canonical && settings.echo
        #expect(mainScreen && cursorVisible && lineWrap && noMouse && cooked, sourceLocation: sourceLocation)
    }

    /// The status line (the last row).
    var statusLine: String { screen.lines.last ?? "" }
}

/// SampleLibrary's ten photos by path, with the caption the grid shows under each.
enum SampleCaptions {
    static let byPath: [(path: String, caption: String)] = [
        ("2015/bordeaux-art.jpg", "Lovely piece of art in Bordeaux"),
        ("2015/harbour-rouffiac.jpg", "Harbour in France"),
        ("2015/lake-beach.jpg", "Cosy lake beach in"),
        ("2015/sunset-orientation-6.jpg", "Sunset at Ipanema"),
        ("2015/tree-orientation-8.jpg", "Date palm at Furn"),
        ("2016/buda-beach-kortrijk.jpg", "Buda beach in Kor"),
        ("2016/lighthouse-portrait.jpg", "lighthouse-portra"),
        ("2016/mountain-chamonix.jpg", "mountain-chamonix"),
        ("2016/progressive-tokyo.jpg", "Cherry blossom in"),
        ("no-exif.jpg", "no-exif.jpg"),
    ]
}
