import Foundation
import PhotoTestSupport
import Testing

/// `index --watch` as a service lives: settings read again on SIGHUP, a real overflow of the
/// kernel's event queue, two machines' watchers on one PostgreSQL catalog, and lines in the
/// journal's form when stderr is the journal. The built binary as a child of the test.
@Suite(.serialized) struct WatchServiceTests {
    static func sample(_ relativePath: String) -> URL { SampleFiles.root.appendingPathComponent(relativePath) }

    static func asset(_ library: TestLibrary, _ path: String) throws -> [String: Any]? {
        try library.assets().first { $0["relativePath"] as? String == path }
    }

    @Test func sighupReadsTheSettingsAgain() throws {
        let library = try WatchCommandTests.library(["2016/mountain-chamonix.jpg": "first.jpg"])
        let watcher = try WatcherProcess(library: library, arguments: ["--no-renditions", "--settle", "1s"])
        #expect(watcher.waitUntilWatching(), "never started: \(watcher.stderr)")
        // A pixel limit of 1 megapixel, written while the watcher runs: not seen until SIGHUP.
        #expect(try library.run(["config", "max-megapixels", "1"]).status == 0)
        try library.add(Self.sample("2015/bordeaux-art.jpg"), as: "before.jpg")
        #expect(try WatcherProcess.waitFor { try Self.asset(library, "before.jpg") != nil }, "\(watcher.stderr)")
        #expect(try Self.asset(library, "before.jpg")?["damaged"] as? Bool == false, "read with the old limit")

        kill(watcher.pid, SIGHUP)
        #expect(WatcherProcess.waitFor { watcher.stderr.contains("SIGHUP: settings read again") }, "\(watcher.stderr)")
        try library.add(Self.sample("2015/lake-beach.jpg"), as: "after.jpg")
        #expect(try WatcherProcess.waitFor { try Self.asset(library, "after.jpg") != nil }, "\(watcher.stderr)")
        let after = try #require(try Self.asset(library, "after.jpg"))
        #expect((after["damage"] as? String)?.contains("over the limit of 1") == true, "\(after["damage"] ?? "nil")")
        // A photo over the limit is a problem the run reports: status 2 once stopped.
        #expect(watcher.stop() == 2)
    }

    /// The kernel's queue made small for this watcher's inotify instance only (the limit is
    /// read when an instance is made, and put back at once), the watcher stopped while 300
    /// files are written, then let go: the queue overflowed, one stat pass follows, and every
    /// file is listed. Skipped when `/proc/sys/fs/inotify/max_queued_events` is not writable.
    @Test func aRealQueueOverflowIsFollowedByOneStatPass() throws {
        let limitFile = "/proc/sys/fs/inotify/max_queued_events"
        guard let old = try? String(contentsOfFile: limitFile, encoding: .utf8), access(limitFile, W_OK) == 0 else {
            print("skipped: \(limitFile) is not writable (lowering it needs root)")
            return
        }
        let library = try WatchCommandTests.library(["2015/bordeaux-art.jpg": "first.jpg"])
        try FileManager.default.createDirectory(at: library.url("burst"), withIntermediateDirectories: true)
        try "16\n".write(toFile: limitFile, atomically: false, encoding: .utf8)
        let watcher: WatcherProcess
        do {
            defer { try? old.write(toFile: limitFile, atomically: false, encoding: .utf8) }
            watcher = try WatcherProcess(library: library, arguments: ["--no-renditions", "--settle", "1s"])
            // Put back as soon as the watcher holds its inotify descriptor: other processes'
            // instances made meanwhile are the only others that get the small queue.
            _ = WatcherProcess.waitFor(30) { Self.holdsInotify(watcher.pid) || !watcher.process.isRunning }
        }
        #expect(watcher.waitUntilWatching(), "never started: \(watcher.stderr)")
        kill(watcher.pid, SIGSTOP)
        let photo = try Data(contentsOf: Self.sample("2016/lighthouse-portrait.jpg"))
        for number in 0..<300 { try photo.write(to: library.url("burst/IMG_\(1000 + number).jpg")) }
        kill(watcher.pid, SIGCONT)
        #expect(
            WatcherProcess.waitFor { watcher.stderr.contains("inotify's event queue overflowed: one stat pass") },
            "\(watcher.stderr)")
        #expect(try WatcherProcess.waitFor(90) { try library.assets().count == 301 }, "\(watcher.stderr)")
        #expect(watcher.stop() == 0)
    }

    /// True when process `pid` has an inotify descriptor open.
    static func holdsInotify(_ pid: Int32) -> Bool {
        let folder = "/proc/\(pid)/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.contains { entry in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(entry)"))?.contains("inotify")
                == true
        }
    }

    /// With `JOURNAL_STREAM` naming its stderr, as systemd sets it for a service, each line
    /// starts with its priority; with it naming another file, none does.
    @Test func linesCarryTheirPriorityWhenStderrIsTheJournal() throws {
        let library = try WatchCommandTests.library(["2015/bordeaux-art.jpg": "first.jpg"])
        let scratch = try TemporaryDirectory()
        let errURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        var info = stat()
        #expect(stat(errURL.path, &info) == 0)
        let journal = "\(info.st_dev):\(info.st_ino)"
        let process = Process()
        process.executableURL = try BinaryRunner.binaryURL()
        process.arguments = ["index", "--watch", "--no-renditions", "--library", library.root.path]
        process.environment = BinaryRunner.childEnvironment(adding: [
            "JOURNAL_STREAM": journal, "PHOTOLIB_WATCH_LIMIT": "1",
        ])
        let errors = try FileHandle(forWritingTo: errURL)
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try FileManager.default.createDirectory(at: library.url("sub"), withIntermediateDirectories: true)
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        func text() -> String {
            String(decoding: FileManager.default.contents(atPath: errURL.path) ?? Data(), as: UTF8.self)
        }
        #expect(WatcherProcess.waitFor(60) { text().contains(": watching ") }, "\(text())")
        kill(process.processIdentifier, SIGTERM)
        #expect(WatcherProcess.waitFor { !process.isRunning })
        let lines = text().split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("<6>photolib: watching ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("<4>photolib: warning: inotify watch limit reached") }, "\(lines)")
        #expect(lines.contains("<6>photolib: SIGTERM: stopping"), "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("<") }, "\(lines)")

        // A file that fails, with stderr elsewhere than the stream named: a plain line.
        try Data("not a photo at all".utf8).write(to: library.url("sub/broken.jpg"))
        let plain = try BinaryRunner.run(
            ["index", "--no-renditions", "--library", library.root.path], environment: ["JOURNAL_STREAM": journal])
        #expect(plain.status == 2 && plain.stderr.hasPrefix("photolib: "), "\(plain.stderr)")
    }

    /// Two machines mounting one library folder, each with a watcher, one PostgreSQL catalog:
    /// emulated by two roots holding the same files (same bytes, same times, as a NAS shows
    /// them to both) and the same settings. A photo arriving, a rename and a deletion, seen by
    /// both at once: one asset each, ids kept, and neither watcher undoes the other's work.
    @Test func twoMachinesWatchersOnOnePostgreSQLCatalogDoNotFight() throws {
        guard PostgresTestServer.isAvailable else {
            print("skipped: no PostgreSQL test server (see docs/development.md)")
            return
        }
        let first = try TestLibrary()
        try first.add(Self.sample("2015/bordeaux-art.jpg"), as: "a/one.jpg")
        let made = try BinaryRunner.run(["init"] + CatalogBackend.postgres.initArguments() + [first.root.path])
        try #require(made.status == 0, "init: \(made.stderr)")
        #expect(try first.run(["index", "--no-renditions"]).status == 0)
        let second = try TestLibrary()
        try FileManager.default.createDirectory(at: second.url(".photolib"), withIntermediateDirectories: true)
        try Self.copyPreserving(first.url(".photolib/settings.json"), to: second.url(".photolib/settings.json"))
        try FileManager.default.createDirectory(at: second.url("a"), withIntermediateDirectories: true)
        try Self.copyPreserving(first.url("a/one.jpg"), to: second.url("a/one.jpg"))
        let shared = try second.run(["index", "--no-renditions"])
        #expect(shared.status == 0 && shared.stdout.contains("unchanged 1"), "\(shared.stdout)\(shared.stderr)")
        let oneID = try #require(try Self.asset(first, "a/one.jpg")?["id"] as? String)

        let watchers = [
            try WatcherProcess(library: first, arguments: ["--no-renditions", "--settle", "1s"]),
            try WatcherProcess(library: second, arguments: ["--no-renditions", "--settle", "1s"]),
        ]
        for watcher in watchers { #expect(watcher.waitUntilWatching(), "never started: \(watcher.stderr)") }

        // A photo arrives on the share: both machines see it at once.
        let incoming = try TemporaryDirectory()
        try FileManager.default.copyItem(
            at: Self.sample("2016/progressive-tokyo.jpg"), to: incoming.url.appendingPathComponent("two.jpg"))
        for library in [first, second] {
            try Self.copyPreserving(incoming.url.appendingPathComponent("two.jpg"), to: library.url("a/two.jpg"))
        }
        #expect(try WatcherProcess.waitFor { try Self.asset(first, "a/two.jpg") != nil })
        // Renamed and one deleted, on both.
        for library in [first, second] {
            try FileManager.default.moveItem(at: library.url("a/one.jpg"), to: library.url("a/uno.jpg"))
        }
        #expect(try WatcherProcess.waitFor { try Self.asset(first, "a/uno.jpg")?["id"] as? String == oneID })
        let twoID = try #require(try Self.asset(first, "a/two.jpg")?["id"] as? String)
        for library in [first, second] { try FileManager.default.removeItem(at: library.url("a/two.jpg")) }
        #expect(
            try WatcherProcess.waitFor {
                try first.assets(["--missing"]).compactMap { $0["id"] as? String } == [twoID]
            })
        // Quiet for a while: nothing more is written (no watcher undoing the other's work).
        func everything(_ library: TestLibrary) throws -> [String] {
            try (library.assets(["--collection", "all"]) + library.assets(["--missing"])).map {
                "\($0["id"] ?? "") \($0["relativePath"] ?? "") \(($0["missing"] as? Bool) == true ? "missing" : "present")"
            }.sorted()
        }
        sleep(2)
        let settled = try everything(first)
        #expect(settled == ["\(oneID) a/uno.jpg present", "\(twoID) a/two.jpg missing"].sorted(), "\(settled)")
        sleep(2)
        #expect(try everything(first) == settled)
        #expect(try everything(second) == settled)
        for watcher in watchers {
            #expect(!watcher.stderr.contains("a batch failed"), "\(watcher.stderr)")
            #expect(watcher.stop() == 0)
        }
    }

    /// `cp -p`: the same bytes and the same times, as a shared folder shows one file to two machines.
    static func copyPreserving(_ source: URL, to destination: URL) throws {
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = ["-p", source.path, destination.path]
        try copy.run()
        copy.waitUntilExit()
        #expect(copy.terminationStatus == 0)
    }
}
