import Foundation
import Testing

/// `photolib pick`, fzf's way: the screen on the terminal, the result alone on stdout.
@Suite struct PickTests {
    let library: TestLibrary
    let output: URL

    init() throws {
        library = try ListCommandTests.sampleLibrary()
        output = library.root.appendingPathComponent("pick-stdout")
    }

    private func stdout() throws -> String { try String(contentsOf: output, encoding: .utf8) }

    @Test func enterPrintsExactlyThePathOnStdoutWhileTheScreenIsOnTheTerminal() throws {
        let terminal = try library.launch(["pick", "--image", "symbols"], standardOutput: output.path)
        #expect(terminal.waitFor("Harbour in France"))
        #expect(terminal.screen.onAlternateScreen && terminal.framesWritten > 0)
        terminal.type(Keys.right + Keys.enter)
        #expect(terminal.waitForExit() == 0)
        #expect(try stdout() == library.url("2015/harbour-rouffiac.jpg").path + "\n")
        terminal.expectRestored()
        // Nothing but the screen went to the terminal after it was restored.
        #expect(!terminal.screen.text.contains("harbour-rouffiac.jpg"))
    }

    @Test func escAndControlCPrintNothingAndExit130() throws {
        for key in [Keys.escape, Keys.controlC, "q"] {
            let terminal = try library.launch(["pick", "--image", "none"], standardOutput: output.path)
            #expect(terminal.waitFor("Harbour in France"))
            terminal.type(key)
            #expect(terminal.waitForExit() == 130, "\(key.debugDescription)")
            #expect(try stdout().isEmpty)
            terminal.expectRestored()
        }
    }

    @Test func multiMarksWithTabAndPrintsInTheOrderMarked() throws {
        let terminal = try library.launch(
            ["pick", "--image", "none", "--multi", "--print", "id"], standardOutput: output.path)
        #expect(terminal.waitFor("Harbour in France"))
        terminal.type(Keys.right + Keys.right + Keys.tab)  // marks the third, moves to the fourth
        #expect(terminal.wait { $0.lines.last?.contains("1 marked") == true })
        #expect(terminal.screen.text.contains("● Cosy lake beach"))
        terminal.type(Keys.shiftTab + Keys.shiftTab)  // marks the fourth, moves back; unmarks the third
        terminal.type(Keys.left + Keys.left + Keys.tab)  // marks the first
        #expect(terminal.wait { $0.lines.last?.contains("2 marked") == true })
        terminal.type(Keys.enter)
        #expect(terminal.waitForExit() == 0)
        let ids = [try library.id(of: "2015/sunset-orientation-6.jpg"), try library.id(of: "2015/bordeaux-art.jpg")]
        #expect(try stdout() == ids.map { $0 + "\n" }.joined())
    }

    @Test func printJSONAndJSONLines() throws {
        let terminal = try library.launch(["pick", "--image", "none", "--print", "json"], standardOutput: output.path)
        #expect(terminal.waitFor("Harbour in France"))
        terminal.type(Keys.enter)
        #expect(terminal.waitForExit() == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        #expect(object["relativePath"] as? String == "2015/bordeaux-art.jpg")
        #expect(object["poppedAt"] is String)  // chosen counts as popped

        let lines = try library.launch(
            ["pick", "--image", "none", "--print", "jsonl", "--multi", "--query", "beach"],
            standardOutput: output.path)
        #expect(lines.waitFor("Buda beach"))
        lines.type(Keys.tab + Keys.tab + Keys.enter)
        #expect(lines.waitForExit() == 0)
        let paths = try stdout().split(separator: "\n").map {
            (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["relativePath"] as? String
        }
        #expect(paths == ["2015/lake-beach.jpg", "2016/buda-beach-kortrijk.jpg"])
    }

    @Test func noMatchExits1() throws {
        // Filters that match nothing: 1 at once, and the terminal never touched.
        let terminal = try library.launch(["pick", "--city", "Atlantis"], standardOutput: output.path)
        #expect(terminal.waitForExit() == 1)
        #expect(terminal.framesWritten == 0 && terminal.output.count < 200)
        #expect(String(decoding: terminal.output, as: UTF8.self).contains("no photo matches"))
        #expect(try stdout().isEmpty)
        // A typed filter that leaves nothing, then Enter: 1 too.
        let typed = try library.launch(["pick", "--image", "none"], standardOutput: output.path)
        #expect(typed.waitFor("Harbour in France"))
        typed.type("/atlantis")
        #expect(typed.waitFor("No photo matches"))
        typed.type(Keys.enter + Keys.enter)
        #expect(typed.waitForExit() == 1)
        #expect(try stdout().isEmpty)
        typed.expectRestored()
    }

    /// Every filter and order of list, from the one declaration (issue 26.14: --folder,
    /// --camera, --no-gps, --file-format and --reverse were unknown options): pick offers
    /// the photos list shows, in list's order, and browse takes the same.
    @Test func takesEveryFilterAndOrderOfList() throws {
        let cases: [[String]] = [
            ["--folder", "2016", "--sort", "taken", "--reverse"], ["--no-gps", "--reverse"],
            ["--camera", "e", "--file-format", "jpeg"], ["--sort", "taken", "--reverse", "--undated"],
        ]
        for filters in cases {
            let listed = try library.run(["list", "--ids"] + filters)
            #expect(listed.status == 0, "\(filters): \(listed.stderr)")
            let ids = listed.stdout.split(separator: "\n").map(String.init)
            #expect(!ids.isEmpty, "\(filters)")
            let terminal = try library.launch(
                ["pick", "--image", "none", "--print", "id"] + filters, standardOutput: output.path)
            #expect(terminal.waitFor("1/\(ids.count)"), "\(filters)")
            terminal.type(Keys.enter)
            #expect(terminal.waitForExit() == 0, "\(filters)")
            #expect(try stdout() == ids[0] + "\n", "\(filters)")

            let browse = try library.launch(["browse", "--image", "none"] + filters, standardOutput: output.path)
            #expect(browse.waitFor("1/\(ids.count)"), "\(filters)")
            browse.type("q")
            #expect(browse.waitForExit() == 0, "\(filters)")
        }
    }

    @Test func badOptionsAreUsageErrors() throws {
        let result = try library.run(["pick", "--print", "xml"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Invalid value 'xml' for '--print <what>'"))
        #expect(try library.run(["browse", "extra"]).status == 64)
        #expect(try library.run(["browse", "--sort", "size"]).status == 64)
    }

    @Test func withoutATerminalItSaysSo() throws {
        // No controlling terminal, as under cron: a clear error, not a hang. `setsid --wait`
        // runs it in a session of its own, which has none.
        let setsid = URL(fileURLWithPath: "/usr/bin/setsid")
        guard FileManager.default.isExecutableFile(atPath: setsid.path) else { return }
        let process = Process()
        process.executableURL = setsid
        process.arguments = ["--wait", try BinaryRunner.binaryURL().path, "pick", "--library", library.root.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.contains("/dev/tty: no terminal to draw on"), "\(message)")
    }
}
