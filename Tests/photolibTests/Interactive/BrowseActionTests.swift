import Foundation
import Testing

/// Peek, pop and the preview's actions in `photolib browse`, checked against what the other
/// commands then say of the catalog.
@Suite struct BrowseActionTests {
    let art = "2015/bordeaux-art.jpg"

    @Test func peekOffersPeeksActionsAndFollowsTheirState() throws {
        let library = try ListCommandTests.sampleLibrary()
        let terminal = try library.launch(["browse", "--image", "symbols"])
        #expect(terminal.waitFor("Harbour in France"))
        terminal.type(" ")
        #expect(terminal.waitFor("Peek: \(art)"))
        #expect(terminal.waitFor("f Make Favourite   l Like   d Delete   c Edit Caption"), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("Caption  Lovely piece of art in Bordeaux"))
        #expect(terminal.screen.text.contains("State    ☆ not a favourite · ♡ not liked"))
        // The preview is drawn in the sheet.
        #expect(
            terminal.wait { $0.lines[3].contains(where: BrowseGridTests.isPictureSymbol) }, "\(terminal.screen.text)")
        #expect(try library.run(["list", "--favourite", "--ids"]).stdout.isEmpty)

        terminal.type("f")
        #expect(terminal.waitFor("f Remove Favourite   l Like   d Delete"), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("State    ★ favourite · ♡ not liked"))
        #expect(try library.run(["list", "--favourite", "--ids"]).stdout == (try library.id(of: art)) + "\n")
        terminal.type("l")
        #expect(terminal.waitFor("f Remove Favourite   l Unlike   d Delete"))
        #expect(try library.run(["list", "--liked", "--ids"]).stdout == (try library.id(of: art)) + "\n")
        // The same history as `photolib action` writes.
        let history = try library.run(["history", art]).stdout
        #expect(history.contains("favourite") && history.contains("like"), "\(history)")

        terminal.type(" ")  // closes the peek; the grid shows the flags at once
        #expect(terminal.waitFor("★♥ Lovely piece o…"))
        terminal.type("f")  // f works on the grid too
        #expect(terminal.waitFor(" ♥ Lovely piece of…"))
        #expect(try library.run(["list", "--favourite", "--ids"]).stdout.isEmpty)
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        terminal.expectRestored()
    }

    @Test func deleteAsksThenTheTrashHoldsIt() throws {
        let library = try ListCommandTests.sampleLibrary()
        let id = try library.id(of: art)
        let terminal = try library.launch(["browse", "--image", "symbols"])
        #expect(terminal.waitFor("Harbour in France"))
        terminal.type(" ")
        #expect(terminal.waitFor("d Delete"))
        terminal.type("d")
        #expect(terminal.waitFor("Move \(art) to the trash? y/N"))
        terminal.type("n")
        #expect(terminal.waitFor("not deleted"))
        #expect(FileManager.default.fileExists(atPath: library.url(art).path))
        terminal.type("d")
        #expect(terminal.waitFor("to the trash? y/N"))
        terminal.type("y")
        #expect(
            terminal.wait { $0.lines.last?.contains("1/9") == true && !$0.text.contains("Lovely piece") },
            "\(terminal.screen.text)")
        #expect(terminal.screen.lines[0].hasPrefix(" All 9 │"))
        #expect(!FileManager.default.fileExists(atPath: library.url(art).path))
        #expect(try library.run(["list", "--trashed", "--ids"]).stdout == id + "\n")
        terminal.type("0")
        #expect(terminal.wait { $0.reversedText(row: 0) == "Trash 1" && $0.text.contains("Lovely piece") })
        terminal.type("u")  // restore, from the trash
        #expect(terminal.wait { $0.reversedText(row: 0) == "Trash 0" && $0.text.contains("No photo here.") })
        #expect(FileManager.default.fileExists(atPath: library.url(art).path))
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func enterPopsTheDetailViewAndEscComesBack() throws {
        let library = try ListCommandTests.sampleLibrary()
        let terminal = try library.launch(["browse", "--image", "symbols"])
        #expect(terminal.waitFor("Harbour in France"))
        terminal.type(Keys.right + Keys.enter)
        // The picture as large as the terminal, nothing else, then the details below it.
        #expect(
            terminal.wait { screen in
                !screen.lines[0].contains("All 10") && screen.lines[10].contains(where: BrowseGridTests.isPictureSymbol)
            }, "\(terminal.screen.text)")
        terminal.type(Keys.pageDown)
        #expect(terminal.waitFor("Caption  Harbour in France"), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("File"))
        // Long lines wrap (indented) rather than lose their end: the whole path is there.
        let unwrapped = terminal.screen.text.replacingOccurrences(of: "\n       ", with: "")
        #expect(unwrapped.contains(library.url("2015/harbour-rouffiac.jpg").path + "\n"), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("EXIF  TAG"))
        terminal.type(Keys.escape)
        #expect(terminal.wait { $0.lines[0].hasPrefix(" All 10") && $0.lines.last?.hasPrefix(" 2/10 ") == true })
        #expect(terminal.screen.reversedText(row: 6) == "Harbour in France")
        // Recorded as a pop, as `photolib pop` records one.
        let popped = try library.run([
            "list", "--sort", "popped", "--limit", "1", "--format", "{relativePath} {poppedAt}",
        ])
        #expect(popped.stdout.hasPrefix("2015/harbour-rouffiac.jpg 20"), "\(popped.stdout)")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        terminal.expectRestored()
    }

    @Test func popUnderSortPoppedKeepsShowingThePoppedPhoto() throws {
        // Popping moves the photo to the front of this order; the detail view stays on it.
        let library = try ListCommandTests.sampleLibrary()
        let terminal = try library.launch(["browse", "--image", "none", "--sort", "popped"])
        #expect(terminal.waitFor("Harbour in France"))
        terminal.type(Keys.right + Keys.right + Keys.enter)
        #expect(terminal.waitFor("Caption  Cosy lake beach in France"), "\(terminal.screen.text)")
        terminal.type("f")
        #expect(terminal.waitFor("State    ★ favourite"))
        #expect(
            try library.run(["list", "--favourite", "--format", "{relativePath}"]).stdout == "2015/lake-beach.jpg\n")
        terminal.type(Keys.escape)
        // First in this order now; and counted in Recently Popped (Trash is last, this before it).
        #expect(terminal.wait { $0.lines[1].hasPrefix(" ★ Cosy lake beach") }, "\(terminal.screen.text)")
        terminal.type(Keys.shiftTab + Keys.shiftTab)
        #expect(terminal.wait { $0.reversedText(row: 0) == "Recently Popped 1" })
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func captionsAreEditedInline() throws {
        let library = try ListCommandTests.sampleLibrary()
        let terminal = try library.launch(["browse", "--image", "none"])
        #expect(terminal.waitFor("Harbour in France"))
        terminal.type("c")
        #expect(terminal.waitFor("Caption: Lovely piece of art in Bordeaux"))
        terminal.type("\u{15}Art in Bordeaux\r")  // Ctrl-U clears the line
        #expect(terminal.waitFor(" Art in Bordeaux"))
        let caption = try library.run(["list", "--format", "{caption} {captionSource}", "--limit", "1"]).stdout
        #expect(caption == "Art in Bordeaux user\n")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func anotherProcessesChangesShowWithoutAKey() throws {
        let library = try ListCommandTests.sampleLibrary()
        let terminal = try library.launch(["browse", "--image", "none"])
        #expect(terminal.waitFor("Harbour in France"))
        #expect(try library.run(["action", "like", "2015/harbour-rouffiac.jpg"]).status == 0)
        #expect(terminal.waitFor("♥ Harbour in Fran", seconds: 5), "\(terminal.screen.text)")
        #expect(terminal.screen.lines[0].contains("Liked 1"))
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func missingRenditionsAreMadeAndUndecodablePhotosGetAPlaceholder() throws {
        let library = try ListCommandTests.sampleLibrary(renditions: false)
        // Damaged after indexing: the file is a JPEG no more.
        try Data(repeating: 0x55, count: 4096).write(to: library.url("2015/harbour-rouffiac.jpg"))
        let terminal = try library.launch(["browse", "--image", "symbols"])
        #expect(terminal.waitFor("Harbour in France"))
        // The others' thumbnails get made in the background and drawn; the broken one a placeholder.
        #expect(
            terminal.wait { $0.lines[3].dropFirst(20).prefix(20).contains("✕ no picture") }, "\(terminal.screen.text)")
        #expect(
            terminal.wait { screen in
                [0, 40, 60].allSatisfy { start in
                    screen.lines[2].dropFirst(start + 1).prefix(18).contains(where: BrowseGridTests.isPictureSymbol)
                }
            }, "\(terminal.screen.text)")
        func thumbnails() -> Int {
            FileManager.default.enumerator(atPath: library.url(".photolib/renditions").path)!
                .compactMap { $0 as? String }.filter { $0.contains("-thumbnail-") }.count
        }
        // All nine that can be made, while the screen waits for nothing.
        #expect(terminal.wait { _ in thumbnails() == 9 })
        terminal.type(Keys.right + " ")
        #expect(terminal.waitFor("Picture  "), "\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("Caption  Harbour in France"))
        // The reason takes a row from the placeholder, never the actions'.
        #expect(terminal.screen.lines.contains { $0.contains("f Make Favourite") && $0.contains("d Delete") })
        terminal.type("qq")
        #expect(terminal.waitForExit() == 0)
    }
}
