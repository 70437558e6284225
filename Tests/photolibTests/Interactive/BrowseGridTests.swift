import Foundation
import Testing

/// `photolib browse` driven through a pseudo-terminal: the grid at two sizes, the tabs,
/// moving, the filter, the mouse, a resize.
@Suite struct BrowseGridTests {
    let library: TestLibrary

    init() throws { library = try ListCommandTests.sampleLibrary() }

    /// Block and line-drawing symbols: what a symbols picture is made of.
    static func isPictureSymbol(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return (0x2500...0x259F).contains(scalar.value)
    }

    @Test func theGridAt80x24() throws {
        let terminal = try library.launch(["browse", "--image", "symbols"])
        #expect(terminal.waitFor("Harbour in France"), "\(terminal.screen.text)")
        let lines = terminal.screen.lines
        #expect(lines[0].hasPrefix(" All 10 │ Favourites 0 │ Liked 0 │ Bordeaux 2 │"))
        #expect(terminal.screen.reversedText(row: 0) == "All 10")
        // Four columns of cells 20 wide, three rows of them: pictures 5 rows, then captions.
        #expect(terminal.wait { $0.lines[6].contains("Sunset at Ipanema") }, "\(terminal.screen.text)")
        #expect(lines[6].hasPrefix(" Lovely piece of a…  Harbour in France   Cosy lake beach i…  Sunset at Ipanema"))
        #expect(terminal.wait { $0.lines[13].contains("Date palm at Furn…") && $0.lines[20].contains("no-exif.jpg") })
        #expect(terminal.screen.reversedText(row: 6) == "Lovely piece of a…")
        #expect(
            terminal.wait { screen in
                // Every picture row of the first cell is drawn, framed by the cursor's bars.
                (1...5).allSatisfy { row in
                    screen.lines[row].hasPrefix("┃")
                        && screen.lines[row].dropFirst().prefix(18).contains(where: Self.isPictureSymbol)
                }
            }, "\(terminal.screen.text)")
        #expect(terminal.statusLine.hasPrefix(" 1/10 "))
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        terminal.expectRestored()
    }

    @Test func theGridAt200x60() throws {
        let terminal = try library.launch(["browse", "--image", "symbols"], columns: 200, rows: 60)
        // Ten columns: the whole library on the first row of cells.
        #expect(
            terminal.wait { $0.lines.contains { $0.contains("Lovely piece of a…") && $0.contains("no-exif.jpg") } },
            "\(terminal.screen.text)")
        let captions = try #require(terminal.screen.lines.first { $0.contains("no-exif.jpg") })
        for (index, entry) in SampleCaptions.byPath.enumerated() {
            #expect(captions.dropFirst(index * 20).hasPrefix(" " + entry.caption.prefix(17)), "\(captions)")
        }
        #expect(
            terminal.wait { screen in
                screen.lines[1...5].allSatisfy { line in line.contains(where: Self.isPictureSymbol) }
                    && screen.lines[1].dropFirst(180).contains(where: Self.isPictureSymbol)
            })
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        terminal.expectRestored()
    }

    @Test func tabsSwitchCollections() throws {
        let terminal = try library.launch(["browse", "--image", "none"])
        #expect(terminal.waitFor("Harbour in France"))
        terminal.type(Keys.tab)
        #expect(terminal.wait { $0.reversedText(row: 0) == "Favourites 0" })
        #expect(terminal.waitFor("No photo here."))
        terminal.type("4")
        #expect(terminal.wait { $0.reversedText(row: 0) == "Bordeaux 2" })
        #expect(terminal.waitFor("Cosy lake beach"))
        #expect(!terminal.screen.text.contains("Harbour in France"))
        #expect(terminal.statusLine.hasPrefix(" 1/2 "))
        terminal.type(Keys.shiftTab)
        #expect(terminal.wait { $0.reversedText(row: 0) == "Liked 0" })
        terminal.type("]]")
        #expect(terminal.wait { $0.reversedText(row: 0) == "Chamonix-Mont-Blanc 1" })
        terminal.type("1")
        #expect(terminal.wait { $0.reversedText(row: 0) == "All 10" && $0.text.contains("Harbour in France") })
        // 0 is the trash.
        terminal.type("0")
        #expect(terminal.wait { $0.reversedText(row: 0) == "Trash 0" })
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    /// With a Missing tab after the Trash, 0 still goes to the Trash (where u restores), not
    /// to the last tab.
    @Test func zeroGoesToTheTrashWhenMissingComesAfterIt() throws {
        let library = try ListCommandTests.sampleLibrary()
        let gone = library.root.appendingPathComponent("no-exif.jpg")
        try FileManager.default.removeItem(at: gone)
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        #expect(try library.run(["collections", "--json"]).stdout.contains("\"missing\""))
        let terminal = try library.launch(["browse", "--image", "symbols"])
        #expect(terminal.waitFor("Harbour in France"), "\(terminal.screen.text)")
        terminal.type("0")
        #expect(terminal.wait { $0.reversedText(row: 0) == "Trash 0" }, "\(terminal.screen.text)")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func movingWithArrowsVimKeysPagesAndEnds() throws {
        let terminal = try library.launch(["browse", "--image", "symbols"])
        #expect(terminal.waitFor("Harbour in France"))
        func expectAt(_ position: Int, _ caption: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(
                terminal.wait { $0.lines.last?.hasPrefix(" \(position)/10 ") == true },
                "\(terminal.statusLine)", sourceLocation: sourceLocation)
            #expect(
                terminal.screen.lines.indices.contains { terminal.screen.reversedText(row: $0).hasPrefix(caption) },
                "\(caption) not selected", sourceLocation: sourceLocation)
        }
        terminal.type(Keys.right)
        expectAt(2, "Harbour in France")
        terminal.type("l")
        expectAt(3, "Cosy lake beach")
        terminal.type(Keys.down)
        expectAt(7, "lighthouse-portra")
        terminal.type("h")
        expectAt(6, "Buda beach")
        terminal.type("k")
        expectAt(2, "Harbour in France")
        terminal.type(Keys.end)
        expectAt(10, "no-exif.jpg")
        terminal.type(Keys.home)
        expectAt(1, "Lovely piece")
        terminal.type(Keys.pageDown)
        expectAt(10, "no-exif.jpg")  // 12 cells a page: past the last photo stops at it
        terminal.type("g")
        expectAt(1, "Lovely piece")
        terminal.type("G")
        expectAt(10, "no-exif.jpg")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func slashFiltersAsYouTypeAndEscDropsTheFilter() throws {
        let terminal = try library.launch(["browse", "--image", "none"])
        #expect(terminal.waitFor("Harbour in France"))
        terminal.type("/bea")
        #expect(terminal.wait { $0.lines.last?.contains("/bea") == true })
        #expect(terminal.wait { !$0.text.contains("Harbour in France") && $0.text.contains("Buda beach") })
        #expect(terminal.statusLine.contains(" 1/2 "))
        terminal.type("ch !buda")
        #expect(terminal.wait { $0.lines.last?.contains(" 1/1 ") == true && !$0.text.contains("Buda beach") })
        #expect(terminal.screen.text.contains("Cosy lake beach"))
        terminal.type(Keys.enter)  // keeps the filter, back to moving
        #expect(terminal.wait { $0.lines.last?.contains("filter: beach !buda") == true })
        terminal.type(Keys.escape)  // drops it
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 1/10 ") == true && $0.text.contains("Harbour in France") })
        terminal.type("/zzz")
        #expect(terminal.waitFor("No photo matches 'zzz'"))
        terminal.type(Keys.escape)  // Esc while typing puts back the filter as it was (none)
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 1/10 ") == true })
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func aStartingFilterCollectionAndListFilters() throws {
        let terminal = try library.launch(["browse", "--image", "none", "--collection", "2016", "--query", "beach"])
        #expect(terminal.wait { $0.reversedText(row: 0) == "2016 4" && $0.text.contains("Buda beach") })
        #expect(terminal.statusLine.hasPrefix(" 1/1 "))
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        let cities = try library.launch(["browse", "--image", "none", "--city", "bordeaux", "--sort", "taken"])
        #expect(cities.wait { $0.lines.last?.hasPrefix(" 1/2 ") == true })
        #expect(cities.screen.text.contains("Lovely piece") && cities.screen.text.contains("Cosy lake beach"))
        cities.type("q")
        #expect(cities.waitForExit() == 0)
    }

    @Test func theMouseSelectsPeeksAndSwitchesTabs() throws {
        let terminal = try library.launch(["browse", "--image", "symbols"])
        #expect(terminal.waitFor("Harbour in France"))
        #expect(terminal.screen.mouseReported)
        // The third cell of the second row of cells (rows 7-13, columns 40-59).
        terminal.type(Keys.click(row: 9, column: 45))
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 7/10 ") == true })
        terminal.type(Keys.click(row: 9, column: 45))
        #expect(terminal.waitFor("Peek: 2016/lighthouse-portrait.jpg"))
        terminal.type(Keys.escape)
        #expect(terminal.wait { !$0.text.contains("Peek:") })
        let bordeaux = try #require(terminal.screen.lines[0].range(of: "Bordeaux 2"))
        terminal.type(
            Keys.click(
                row: 0,
                column: terminal.screen.lines[0].distance(
                    from: terminal.screen.lines[0].startIndex, to: bordeaux.lowerBound) + 2))
        #expect(terminal.wait { $0.reversedText(row: 0) == "Bordeaux 2" })
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        terminal.expectRestored()
    }

    @Test func aResizeLaysTheGridOutAgain() throws {
        let terminal = try library.launch(["browse", "--image", "symbols"])
        #expect(terminal.waitFor("Harbour in France"))
        terminal.type(Keys.right)
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 2/10 ") == true })
        terminal.resize(columns: 200, rows: 60)
        #expect(
            terminal.wait { $0.lines.contains { $0.contains("Lovely piece") && $0.contains("no-exif.jpg") } },
            "\(terminal.screen.text)")
        #expect(terminal.screen.lines.last?.hasPrefix(" 2/10 ") == true)
        terminal.resize(columns: 40, rows: 12)
        // Two columns; the cursor's row of cells stays on screen.
        #expect(
            terminal.wait { screen in
                screen.lines.contains { $0.hasPrefix(" Lovely piece of a…  Harbour in France") }
            }, "\(terminal.screen.text)")
        #expect(terminal.screen.lines.count == 12 && terminal.screen.lines.allSatisfy { $0.count <= 40 })
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        terminal.expectRestored()
    }
}

/// Pixel pictures: each protocol draws the thumbnails at their cells (the screen model skips
/// the pictures' own bytes) and leaves the captions and the terminal as symbols do.
@Suite struct BrowsePixelPictureTests {
    // kitty's pictures come in chunks; the first of each says what to do (a=T: transmit and show).
    @Test(arguments: [("kitty", "\u{1B}_Ga=T"), ("iterm", "\u{1B}]1337;File="), ("sixel", "\u{1B}P")])
    func picturesAtTheirCells(method: String, introducer: String) throws {
        let library = try ListCommandTests.sampleLibrary()
        let terminal = try library.launch(["browse", "--image", method])
        #expect(terminal.waitFor("Harbour in France"))
        let drawn = { PseudoTerminal.occurrences(of: introducer, in: terminal.output) }
        // Twelve cells, ten photos: ten pictures. Each is written once when they come in one
        // frame; on a busy machine some come a frame later, and a frame with new pictures
        // writes them all again (text cannot erase what a picture covered).
        #expect(terminal.wait { _ in drawn() >= 10 }, "\(drawn()) pictures")
        while terminal.read(waiting: 300) {}
        let settled = drawn()
        terminal.type(Keys.right)
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 2/10 ") == true })
        // Moving redraws captions, not pictures.
        #expect(drawn() == settled)
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        terminal.expectRestored()
    }
}
