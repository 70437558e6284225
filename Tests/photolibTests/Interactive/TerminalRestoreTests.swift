import Foundation
import Testing

/// However `browse` ends, the terminal is left as a shell needs it: main screen, cursor
/// shown, line wrap and canonical input with echo back on, mouse reports off.
@Suite struct TerminalRestoreTests {
    let library: TestLibrary

    init() throws { library = try ListCommandTests.sampleLibrary() }

    private func started(_ environment: [String: String] = [:]) throws -> PseudoTerminal {
        let terminal = try library.launch(["browse", "--image", "symbols"], environment: environment)
        #expect(terminal.waitFor("Harbour in France"))
        #expect(terminal.screen.onAlternateScreen && !terminal.screen.cursorVisible)
        #expect(!terminal.lineSettings.canonical)
        return terminal
    }

    /// q is the way out (0); Esc and Ctrl-C give up (130), as in pick.
    @Test func quittingWithKeys() throws {
        for (key, status) in [("q", 0), (Keys.escape, 130), (Keys.controlC, 130)] as [(String, Int32)] {
            let terminal = try started()
            terminal.type(key)
            #expect(terminal.waitForExit() == status, "\(key.debugDescription)")
            terminal.expectRestored()
        }
    }

    @Test func quittingFromPeekAndPop() throws {
        let terminal = try started()
        terminal.type(" ")
        #expect(terminal.waitFor("Make Favourite"))
        terminal.type(Keys.controlC)
        #expect(terminal.waitForExit() == 130)
        terminal.expectRestored()
        let popped = try started()
        popped.type(Keys.enter)
        #expect(popped.wait { !$0.lines[0].contains("All 10") })
        popped.type(Keys.controlC)
        #expect(popped.waitForExit() == 130)
        popped.expectRestored()
    }

    /// SIGINT, SIGTERM and SIGHUP end it as they end any program (128 + the signal), after
    /// the terminal is put back.
    @Test func terminatingSignals() throws {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            let terminal = try started()
            terminal.signal(signal)
            #expect(terminal.waitForExit() == 128 + signal, "signal \(signal)")
            terminal.expectRestored()
        }
    }

    /// A crash in a drawing call (a Swift trap is SIGILL, a bad pointer SIGSEGV, an abort
    /// SIGABRT) restores the terminal from the signal handler before the process dies.
    @Test func crashes() throws {
        for signal in [SIGSEGV, SIGILL, SIGABRT, SIGBUS] {
            // The Swift runtime's backtracer would otherwise wait for a key on a terminal.
            let terminal = try started(["SWIFT_BACKTRACE": "enable=no"])
            terminal.signal(signal)
            #expect(terminal.waitForExit() == 128 + signal, "signal \(signal)")
            terminal.expectRestored()
        }
    }

    /// A catalog overwritten underneath (the file, its log and its shared memory): the error
    /// is reported, after the terminal is back, and the status is 1.
    @Test func anError() throws {
        let terminal = try started()
        for name in ["catalog.sqlite", "catalog.sqlite-wal", "catalog.sqlite-shm"] {
            let url = library.url(".photolib/\(name)")
            guard let file = try? FileHandle(forWritingTo: url) else { continue }
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            try file.write(contentsOf: Data(repeating: 0x41, count: max(size, 4096)))
            try file.close()
        }
        terminal.type("j" + Keys.tab)
        #expect(terminal.waitForExit() == 1)
        terminal.expectRestored()
        #expect(terminal.screen.text.contains("photolib: error: SQLite error 26: file is not a database"))
    }

    @Test func suspendingAndResuming() throws {
        let terminal = try started()
        terminal.signal(SIGSTOP)
        terminal.signal(SIGCONT)
        terminal.type(Keys.right)
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 2/10 ") == true })
        #expect(terminal.screen.onAlternateScreen && !terminal.lineSettings.canonical)
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        terminal.expectRestored()
    }
}
