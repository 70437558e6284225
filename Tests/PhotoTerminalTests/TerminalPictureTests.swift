import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoTerminal

@Suite struct TerminalPictureTests {
    private func detect(
        _ environment: [String: String], hint: TerminalGraphics.DatabaseHint = .init()
    )
        -> TerminalGraphics.Method
    { TerminalGraphics.detect(environment: environment, hint: hint).method }

    @Test func detectionFromTheEnvironment() {
        #expect(detect(["TERM": "xterm-kitty"]) == .kitty)
        #expect(detect(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"]) == .kitty)
        #expect(detect(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .iterm)
        #expect(detect(["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]) == .iterm)
        #expect(detect(["TERM": "mlterm"]) == .sixel)
        #expect(detect(["TERM": "foot-extra"]) == .sixel)
        #expect(detect(["TERM": "xterm-sixel"]) == .sixel)
        #expect(detect(["TERM": "xterm-256color", "VTE_VERSION": "7200"]) == .symbols)
        #expect(
            detect(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"]) == .symbols)
        #expect(detect(["TERM": "xterm"], hint: .init(sixel: true)) == .sixel)
        #expect(detect([:]) == .symbols)
    }

    @Test func coloursFromTheEnvironment() {
        func colors(
            _ environment: [String: String], hint: TerminalGraphics.DatabaseHint = .init()
        ) -> TerminalGraphics.Colors {
            TerminalGraphics.detect(environment: environment, hint: hint).colors
        }
        #expect(colors(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .truecolor)
        #expect(colors(["TERM": "xterm-256color", "VTE_VERSION": "6003"]) == .truecolor)
        // A VTE terminal that calls itself plain xterm still has 24-bit colour (256 before VTE 0.36).
        #expect(colors(["TERM": "xterm"]) == .indexed16)
        #expect(colors(["TERM": "xterm", "VTE_VERSION": "6003"]) == .truecolor)
        #expect(colors(["TERM": "xterm", "VTE_VERSION": "3405"]) == .indexed256)
        // tmux turns 24-bit colours into what the outer terminal has.
        #expect(colors(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]) == .truecolor)
        #expect(colors(["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"]) == .indexed256)
        #expect(colors(["TERM": "linux"]) == .indexed16)
        #expect(colors(["TERM": "vt100"]) == .indexed16)
    }

    @Test func libchafaKnowsTheTerminalsItsDatabaseNames() {
        #expect(TerminalPicture(environment: ["TERM": "xterm-kitty"]).hint.kitty)
        #expect(TerminalPicture(environment: ["TERM": "mlterm"]).hint.sixel)
        #expect(!TerminalPicture(environment: ["TERM": "linux"]).hint.kitty)
    }

    private func draw(_ method: TerminalGraphics.Method, columns: Int = 40, rows: Int = 12) throws -> [UInt8] {
        try TerminalPicture(environment: ["TERM": "xterm-256color"])
            .render(
                jpegAt: SampleFiles.path("2015/bordeaux-art.jpg"), columns: columns, rows: rows, method: method,
                colors: .truecolor)
    }

    @Test func kittyProtocolBytes() throws {
        let bytes = try draw(.kitty)
        #expect(bytes.starts(with: [0x1B, 0x5F, 0x47]))  // ESC _ G
        #expect(bytes.suffix(2).elementsEqual([0x1B, 0x5C]))  // ESC \ ends the last chunk
        #expect(bytes.count > 1_000)
    }

    @Test func itermAndSixelBytes() throws {
        #expect(try draw(.iterm).starts(with: Array("\u{1B}]1337;File=".utf8)))
        let sixel = try draw(.sixel)
        #expect(sixel.starts(with: [0x1B, 0x50]))  // ESC P: device control string
        #expect(sixel.contains(UInt8(ascii: "#")))  // colour registers
    }

    @Test func symbolsFitTheBoxInTrueColour() throws {
        let text = String(decoding: try draw(.symbols), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // 2000x1333 in 40x12 cells of 1:2: limited by the width, 40 x 13.3 / 2 ≈ 13 rows → 12 rows max.
        let fitted = TerminalPicture.fittedCells(width: 2000, height: 1333, columns: 40, rows: 12)
        #expect(lines.count == fitted.rows)
        #expect(fitted.columns <= 40 && fitted.rows <= 12)
        #expect(text.contains("\u{1B}[38;2;"))
    }
}
