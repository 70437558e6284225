import Foundation
import PhotoTestSupport
import Testing

/// `photolib index --watch` as a user runs it: the built binary watching a library while the
/// test writes, renames, moves and deletes files in it, and `list --jsonl` polled until the
/// catalog says what the files say (a bounded wait, not a timing assertion).
@Suite(.serialized) struct WatchCommandTests {
    static func sample(_ relativePath: String) -> URL { SampleFiles.root.appendingPathComponent(relativePath) }

    static func pathsAndIDs(_ library: TestLibrary, _ extra: [String] = []) throws -> [String: String] {
        var found: [String: String] = [:]
        for asset in try library.assets(extra) {
            if let path = asset["relativePath"] as? String, let id = asset["id"] as? String { found[path] = id }
        }
        return found
    }

    static func asset(_ library: TestLibrary, _ path: String) throws -> [String: Any]? {
        try library.assets().first { $0["relativePath"] as? String == path }
    }

    static func library(_ files: [String: String]) throws -> TestLibrary {
        let library = try TestLibrary()
        for (sample, path) in files { try library.add(Self.sample(sample), as: path) }
        let made = try BinaryRunner.run(["init", library.root.path])
        #expect(made.status == 0)
        return library
    }

    @Test func followsWritesRenamesMovesAndDeletes() throws {
        let library = try Self.library([
            "2015/bordeaux-art.jpg": "a/bordeaux.jpg", "2015/lake-beach.jpg": "a/lake.jpg",
            "2016/mountain-chamonix.jpg": "keep/mountain.jpg",
        ])
        let watcher = try WatcherProcess(library: library, arguments: ["--settle", "1s", "--no-renditions"])
        #expect(watcher.waitUntilWatching(), "never started: \(watcher.stderr)")
        // Files written a moment before the start settle first: waited for, not required at once.
        #expect(try WatcherProcess.waitFor { try Self.pathsAndIDs(library).count == 3 }, "\(watcher.stderr)")
        let before = try Self.pathsAndIDs(library)

        // Written slowly in chunks, the file held open: never listed before it is closed.
        let photo = try Data(contentsOf: Self.sample("2015/harbour-rouffiac.jpg"))
        try FileManager.default.createDirectory(at: library.url("b"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: library.url("b/harbour.jpg").path, contents: nil)
        let handle = try FileHandle(forWritingTo: library.url("b/harbour.jpg"))
        let chunk = photo.count / 5 + 1
        for start in stride(from: 0, to: photo.count, by: chunk) {
            handle.write(photo[start..<min(start + chunk, photo.count)])
            usleep(400_000)
            #expect(try Self.pathsAndIDs(library)["b/harbour.jpg"] == nil, "half-written file indexed")
        }
        try handle.close()
        #expect(try WatcherProcess.waitFor { try Self.pathsAndIDs(library)["b/harbour.jpg"] != nil })
        let harbour = try Self.asset(library, "b/harbour.jpg")
        #expect(harbour?["damaged"] as? Bool == false && (harbour?["pixelWidth"] as? Int ?? 0) > 0)

        // Written under a temporary name and renamed into place: listed under the final name only.
        try photo.write(to: library.url("b/.tokyo.jpg.a1B2c3"))
        try FileManager.default.moveItem(at: library.url("b/.tokyo.jpg.a1B2c3"), to: library.url("b/tokyo.jpg"))
        #expect(try WatcherProcess.waitFor { try Self.pathsAndIDs(library)["b/tokyo.jpg"] != nil })
        #expect(try Self.pathsAndIDs(library).keys.allSatisfy { !$0.contains("/.") })

        // A folder moved: each file keeps its id; a file renamed keeps its id.
        try FileManager.default.moveItem(at: library.url("a"), to: library.url("moved"))
        try FileManager.default.moveItem(at: library.url("keep/mountain.jpg"), to: library.url("keep/alps.jpg"))
        #expect(
            try WatcherProcess.waitFor {
                let now = try Self.pathsAndIDs(library)
                return now["moved/bordeaux.jpg"] == before["a/bordeaux.jpg"]
                    && now["moved/lake.jpg"] == before["a/lake.jpg"]
                    && now["keep/alps.jpg"] == before["keep/mountain.jpg"]
            }, "moves not followed: \(watcher.stderr)")
        #expect(try library.assets(["--missing"]).isEmpty)

        // A file deleted: its asset is missing, kept.
        try FileManager.default.removeItem(at: library.url("b/tokyo.jpg"))
        #expect(
            try WatcherProcess.waitFor {
                try library.assets(["--missing"]).compactMap { $0["relativePath"] as? String } == ["b/tokyo.jpg"]
            })

        // Edited in place by exiftool (a temporary file renamed over the original): read again, same id.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") {
            let edit = Process()
            edit.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
            edit.arguments = [
                "-q", "-overwrite_original", "-ImageDescription=edited by the watch test",
                library.url("moved/lake.jpg").path,
            ]
            try edit.run()
            edit.waitUntilExit()
            #expect(edit.terminationStatus == 0)
            #expect(
                try WatcherProcess.waitFor {
                    try Self.asset(library, "moved/lake.jpg")?["caption"] as? String
                        == "edited by the watch test"
                }, "edit not read: \(watcher.stderr)")
            #expect(try Self.pathsAndIDs(library)["moved/lake.jpg"] == before["a/lake.jpg"])
        } else {
            print("skipped the exiftool edit: /usr/bin/exiftool is absent")
        }

        #expect(watcher.stop() == 0, "SIGTERM: \(watcher.stderr)")
        #expect(watcher.stderr.contains("SIGTERM: stopping"))
    }

    @Test func aCardCopiedInGoesInAFewBatches() throws {
        let library = try Self.library(["2015/bordeaux-art.jpg": "first.jpg"])
        let watcher = try WatcherProcess(library: library, arguments: ["--no-renditions"])
        #expect(watcher.waitUntilWatching(), "never started: \(watcher.stderr)")
        let card = FileManager.default.temporaryDirectory.appendingPathComponent("card-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: card.appendingPathComponent("DCIM"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: card) }
        let photo = try Data(contentsOf: Self.sample("2016/buda-beach-kortrijk.jpg"))
        for number in 0..<120 { try photo.write(to: card.appendingPathComponent("DCIM/IMG_\(1000 + number).jpg")) }
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = ["-r", card.appendingPathComponent("DCIM").path, library.url("card").path]
        try copy.run()
        copy.waitUntilExit()
        #expect(try WatcherProcess.waitFor(60) { try library.assets().count == 121 }, "\(watcher.stderr)")
        let batches = watcher.stderr.split(separator: "\n").filter { $0.contains(" indexed in ") }
        #expect(batches.count >= 1 && batches.count <= 12, "batches: \(batches)")
        #expect(watcher.stop() == 0)
    }

    @Test func aSecondWatcherIsRefusedAndStatusShowsTheFirst() throws {
        let library = try Self.library(["2015/bordeaux-art.jpg": "one.jpg"])
        let first = try WatcherProcess(library: library)
        #expect(first.waitUntilWatching(), "never started: \(first.stderr)")
        let second = try BinaryRunner.run(["index", "--watch", "--library", library.root.path], timeout: 60)
        #expect(second.status == 73)
        #expect(second.stderr.contains("already watched by 'photolib index --watch' (pid \(first.pid))"))
        let status = try library.run(["status"])
        #expect(status.stdout.contains("watcher: pid \(first.pid), started "), "\(status.stdout)")
        let json = try library.run(["status", "--json"])
        #expect(json.stdout.contains("\"pid\" : \(first.pid)") || json.stdout.contains("\"pid\": \(first.pid)"))

        // Killed hard: the lock goes with it, and the next start's first index finds what came meanwhile.
        first.killHard()
        try library.add(Self.sample("2015/lake-beach.jpg"), as: "meanwhile.jpg")
        #expect(try library.run(["status"]).stdout.contains("watcher: none"))
        let next = try WatcherProcess(library: library, arguments: ["--settle", "1s"])
        #expect(next.waitUntilWatching(), "never started: \(next.stderr)")
        #expect(try WatcherProcess.waitFor { try Self.pathsAndIDs(library)["meanwhile.jpg"] != nil })
        #expect(next.stop() == 0)
    }

    @Test func pastTheWatchLimitFoldersAreCheckedByStatPasses() throws {
        let library = try Self.library([
            "2015/bordeaux-art.jpg": "a/one.jpg", "2015/lake-beach.jpg": "b/two.jpg",
        ])
        // Two watches: the root and one folder; the other is past the limit.
        let watcher = try WatcherProcess(
            library: library, arguments: ["--interval", "1s", "--settle", "1s"],
            environment: ["PHOTOLIB_WATCH_LIMIT": "2"])
        #expect(watcher.waitUntilWatching(), "never started: \(watcher.stderr)")
        #expect(watcher.stderr.contains("inotify watch limit reached after 2 watches (fs.inotify.max_user_watches = "))
        #expect(watcher.stderr.contains("checked every 1 s instead"))
        try library.add(Self.sample("2016/lighthouse-portrait.jpg"), as: "b/three.jpg")
        try library.add(Self.sample("2016/progressive-tokyo.jpg"), as: "a/four.jpg")
        #expect(
            try WatcherProcess.waitFor {
                let paths = try Self.pathsAndIDs(library)
                return paths["b/three.jpg"] != nil && paths["a/four.jpg"] != nil
            }, "\(watcher.stderr)")
        #expect(watcher.stop() == 0)
    }

    @Test func watchOptionsNeedWatch() throws {
        let library = try Self.library([:])
        let result = try library.run(["index", "--settle", "2s"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'--settle' and '--interval' need '--watch'"))
        let bad = try library.run(["index", "--watch", "--settle", "soon"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("Invalid value 'soon' for '--settle <time>'"))
    }
}
