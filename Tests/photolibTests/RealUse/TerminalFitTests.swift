import Foundation
import Testing

@testable import photolib

/// What a person at a terminal sees: tables and pictures that fit it, the colours it has,
/// nothing but text on a dumb one, and text in a pager (the built binary on a pseudo-terminal).
@Suite struct TerminalFitTests {
    let library: TestLibrary
    private let art = "2015/bordeaux-art.jpg"

    init() throws { library = try ListCommandTests.sampleLibrary(renditions: false) }

    private func onTerminal(
        _ arguments: [String], columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]
    ) throws -> TerminalRunner.Result {
        try TerminalRunner.run(
            arguments + ["--library", library.root.path], columns: columns, rows: rows, environment: environment)
    }

    /// A deep path at 80 columns kept its first character and its name only; the folder is
    /// what tells photos apart, so captions and cities give way first.
    @Test func tablesFitEightyColumnsCuttingPathsInTheMiddle() throws {
        let deepFolder = "2016/trip/day 3/lighthouse-portrait.jpg"
        try library.add(library.url("2016/lighthouse-portrait.jpg"), as: deepFolder)
        let deep = "2016/a long trip to the seaside in Brittany/day three at the lighthouse/lighthouse-portrait.jpg"
        try library.add(library.url("2016/lighthouse-portrait.jpg"), as: deep)
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        for columns in [120, 80, 60] {
            let list = try onTerminal(["list"], columns: columns)
            #expect(list.status == 0, "\(list.stderr)")
            let lines = list.lines.filter { !$0.isEmpty }
            #expect(lines.count == 13)  // header and 12 assets: no row wrapped
            for line in lines { #expect(DisplayWidth.of(line) <= columns, "\(columns): \(line)") }
            // The middle of the path gives way, keeping the file name; at 80 columns the caption
            // and the city go rather than leave the path a few characters (2…DSCN0010.jpg).
            if columns == 80 {
                #expect(lines[0].hasSuffix("FLAGS  PATH"), "\(lines[0])")
                #expect(
                    lines.contains { $0.contains("  2016/a") && $0.hasSuffix("…/lighthouse-portrait.jpg") }, "\(lines)")
                #expect(lines.contains { $0.hasSuffix("  2016/buda-beach-kortrijk.jpg") })
                #expect(lines.contains { $0.hasSuffix("  …/day 3/lighthouse-portrait.jpg") }, "\(lines)")
            }
            if columns == 120 {
                #expect(lines[0].contains("CITY") && lines[0].contains("CAPTION"))
                #expect(lines.contains { $0.contains("2016/") && $0.contains("…/lighthouse-portrait.jpg") })
            }
        }
        let history = try onTerminal(["history"], columns: 40)
        #expect(history.lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    }

    @Test func dumbTerminalsGetNoPictureAndNoEscapes() throws {
        for command in [["peek", art], ["pop", art], ["list"]] {
            let dumb = try onTerminal(command, environment: ["TERM": "dumb"])
            #expect(dumb.status == 0, "\(command): \(dumb.stderr)")
            #expect(!dumb.output.contains(0x1B), "\(command)")
            #expect(dumb.text.contains("Caption") || command == ["list"])
        }
    }

    @Test func noColorAndTwoHundredFiftySixColours() throws {
        let plain = try onTerminal(["peek", art], environment: ["NO_COLOR": "1"])
        #expect(plain.status == 0)
        #expect(!plain.text.contains("\u{1B}[38;") && !plain.text.contains("\u{1B}[48;"))
        #expect(!plain.text.contains("\u{1B}[31m"))  // the destructive action is not red either
        #expect(plain.text.contains("▀") || plain.text.contains("▄") || plain.text.contains("█"))  // the shapes stay
        let indexed = try onTerminal(["peek", art], environment: ["TERM": "xterm-256color"])
        #expect(indexed.text.contains("\u{1B}[38;5;") && !indexed.text.contains("\u{1B}[38;2;"))
        let direct = try onTerminal(["peek", art], environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        #expect(direct.text.contains("\u{1B}[38;2;"))
        #expect(direct.text.contains("\u{1B}[31mDelete"))
    }

    @Test func picturesFitTheRowsLeftAfterTheText() throws {
        for command in [["peek", art], ["pop", art], ["peek", art, "--height", "40"]] {
            let small = try onTerminal(command, rows: 15)
            #expect(small.status == 0, "\(small.stderr)")
            let lines = small.lines
            let caption = try #require(lines.firstIndex { $0.hasPrefix("Caption") })
            let actionsEnd = try #require(lines.firstIndex { $0.contains("action delete") })
            // The picture, the facts and the actions all on one screen, the prompt's line left.
            #expect(actionsEnd + 1 <= 14, "\(command): \(actionsEnd + 1) lines")
            #expect(caption >= 3, "\(command): a picture of \(caption) rows")
        }
        // Enough rows: peek keeps its 24-row default.
        let tall = try onTerminal(["peek", art], rows: 60)
        #expect(tall.lines.firstIndex { $0.hasPrefix("Caption") }! <= 25)
    }

    @Test func popIntoAPagerIsTheTextView() throws {
        let piped = try library.run(["pop", art])
        #expect(piped.status == 0)
        #expect(piped.stdout.hasPrefix("Caption  Lovely piece of art in Bordeaux\n"))
        #expect(piped.stdout.contains("\nFile\n  \(library.url(art).path)\n"))
        #expect(piped.stdout.contains("\nRenditions\n"))
        #expect(!piped.stdout.contains("\u{1B}"))
        let json = try library.run(["pop", art, "--json"])
        #expect(json.stdout.hasPrefix("{\n"))
    }
}
