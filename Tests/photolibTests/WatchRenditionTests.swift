import Foundation
import PhotoTestSupport
import Testing

/// The watcher's renditions, made behind the catalog writes: photos listed first, their
/// thumbnails and previews after; an original rewritten gets new ones and loses the old; what
/// a killed watcher left to make, the next one makes. `verify` is the judge of the files.
@Suite(.serialized) struct WatchRenditionTests {
    static func sample(_ relativePath: String) -> URL { SampleFiles.root.appendingPathComponent(relativePath) }

    static func verified(_ library: TestLibrary) throws -> Bool {
        try library.run(["verify"]).stdout.contains("all is well")
    }

    static func verifyText(_ library: TestLibrary) -> String { (try? library.run(["verify"]).stdout) ?? "" }

    @Test func renditionsFollowTheRowsAndAnEditReplacesThem() throws {
        let library = try WatchCommandTests.library(["2015/bordeaux-art.jpg": "first.jpg"])
        let watcher = try WatcherProcess(library: library, arguments: ["--settle", "1s"])
        #expect(watcher.waitUntilWatching(), "never started: \(watcher.stderr)")
        try FileManager.default.createDirectory(at: library.url("card"), withIntermediateDirectories: true)
        let names = ["2015/lake-beach.jpg", "2016/lighthouse-portrait.jpg", "2016/progressive-tokyo.jpg"]
        for (number, name) in names.enumerated() {
            try Data(contentsOf: Self.sample(name)).write(to: library.url("card/IMG_\(number).jpg"))
        }
        #expect(
            try WatcherProcess.waitFor { try library.assets().count == 4 && Self.verified(library) },
            "\(watcher.stderr)\n\(Self.verifyText(library))")
        #expect(watcher.stderr.contains("renditions made for "), "\(watcher.stderr)")
        let before = try #require(try WatchCommandTests.asset(library, "card/IMG_0.jpg")?["contentHash"] as? String)

        // Rewritten in place with another picture: read again, new renditions, the old ones gone
        // (verify reports renditions no asset has as stale).
        try Data(contentsOf: Self.sample("2016/buda-beach-kortrijk.jpg")).write(to: library.url("card/IMG_0.jpg"))
        #expect(
            try WatcherProcess.waitFor {
                let hash = try WatchCommandTests.asset(library, "card/IMG_0.jpg")?["contentHash"] as? String
                return try hash != nil && hash != before && Self.verified(library)
            }, "\(watcher.stderr)\n\(Self.verifyText(library))")
        #expect(watcher.stop() == 0, "\(watcher.stderr)")
    }

    @Test func whatAKilledWatcherLeftIsMadeByTheNext() throws {
        let library = try WatchCommandTests.library(["2015/bordeaux-art.jpg": "one.jpg"])
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        #expect(try Self.verified(library) == false, "no renditions yet")
        let id = try #require(try WatchCommandTests.asset(library, "one.jpg")?["id"] as? String)
        // The state file a watcher killed with this asset's renditions still to make leaves.
        let state = """
            {"pid":999999,"startedAt":0,"queued":0,"watches":1,"polledFolders":[],"renditionsWanted":["\(id)"]}
            """
        try Data(state.utf8).write(to: library.url(".photolib/watch.json"))
        let watcher = try WatcherProcess(library: library)
        #expect(watcher.waitUntilWatching(), "never started: \(watcher.stderr)")
        #expect(try WatcherProcess.waitFor { try Self.verified(library) }, "\(watcher.stderr)")
        #expect(watcher.stop() == 0, "\(watcher.stderr)")
    }
}
