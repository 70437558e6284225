import Foundation
import PhotoTestSupport
import Testing

/// Issue 11 item 13: what a killed photolib left beside the file it was writing goes with the
/// next write to that folder, not only with `verify --repair`: only names of photolib's own
/// patterns, only when no process has the writer's id, never through or of a symlink.
@Suite struct TemporaryCleanupTests {
    /// The id of a process that has exited and been reaped.
    private func deadProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// Writes a small file at `url`, modified an hour ago (older than any running write).
    private func leave(_ url: URL, old: Bool = true) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("half".utf8).write(to: url)
        if old {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: url.path)
        }
    }

    private func exists(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
    }

    @Test func aSidecarWriteRemovesOnlyAbandonedTemporariesBesideIt() throws {
        let library = try TestLibrary()
        let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015/lake-beach.jpg")
        try library.add(sample, as: "a/p.jpg")
        try library.add(sample, as: "a/q.jpg")
        try #require(try BinaryRunner.run(["init", "--sidecars", "write", library.root.path]).status == 0)
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let dead = try deadProcessID()
        let abandoned = [
            library.url("a/.p.jpg.xmp.tmp-\(dead)-12345"), library.url("a/.q.jpg.xmp.tmp-\(dead)-9"),
            library.url("a/.q.jpg.photolib-\(dead)-77"),
        ]
        let kept = [
            library.url("a/.p.jpg.xmp.tmp-\(getpid())-1"),  // its writer (this test) lives
            library.url("a/.p.jpg.xmp.tmp-abc-1"),  // not photolib's pattern
            library.url("a/notes.tmp-\(dead)-1"),  // not hidden: not photolib's
        ]
        for url in abandoned + kept { try leave(url) }
        let recent = library.url("a/.p.jpg.xmp.tmp-\(dead)-5")  // changed just now: may be another machine's
        try leave(recent, old: false)
        // A symlink of the pattern, to a file outside: neither it nor its target is touched.
        let outside = try TemporaryDirectory()
        let victim = outside.url.appendingPathComponent("victim.txt")
        try Data("precious".utf8).write(to: victim)
        let link = library.url("a/.q.jpg.xmp.tmp-\(dead)-3")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)

        #expect(try library.run(["action", "caption", "--value", "Ueno", "a/p.jpg"]).status == 0)
        for url in abandoned { #expect(!exists(url), "\(url.lastPathComponent)") }
        for url in kept + [recent, link] { #expect(exists(url), "\(url.lastPathComponent)") }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
    }

    @Test func aSettingsWriteRemovesTheSettingsTemporaries() throws {
        let library = try TestLibrary.sample()
        let dead = try deadProcessID()
        let left = library.url(".photolib/.settings.json.tmp-\(dead)-1")
        try leave(left)
        #expect(try library.run(["config", "quality", "85"]).status == 0)
        #expect(!exists(left))
    }

    @Test func anExportRemovesAKilledExportsStagingFolder() throws {
        let library = try TestLibrary.sample()
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let path = try #require(try library.assets().first?["path"] as? String)
        let out = try TemporaryDirectory()
        let dead = try deadProcessID()
        // A staging folder as a killed export leaves it: the staged copy, and its temporary.
        let staging = out.url.appendingPathComponent(".photo.jpg.photolib-export-\(dead)")
        try leave(staging.appendingPathComponent("photo.jpg"))
        try leave(staging.appendingPathComponent(".photo.jpg.tmp-\(dead)-4"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: staging.path)
        // One that holds a file of someone else's is left whole.
        let foreign = out.url.appendingPathComponent(".other.jpg.photolib-export-\(dead)")
        try leave(foreign.appendingPathComponent("mine.txt"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: foreign.path)

        let export = out.url.appendingPathComponent("photo.jpg").path
        let pop = try library.run(["pop", path, "--export", export])
        #expect(pop.status == 0, "\(pop.stderr)")
        #expect(exists(URL(fileURLWithPath: export)))
        #expect(!exists(staging))
        #expect(exists(foreign.appendingPathComponent("mine.txt")))
    }

    /// A killed `catalog copy` to SQLite leaves its file and SQLite's beside it, named with its
    /// process id: the next write in `.photolib` (a setting) takes them away.
    @Test func aKilledCatalogCopysFilesGoWithTheNextWriteInPhotolib() throws {
        let library = try TestLibrary.sample()
        let dead = try deadProcessID()
        let left = ["", "-wal", "-shm", "-journal"].map {
            library.url(".photolib/.catalog.sqlite.photolib-\(dead)-42\($0)")
        }
        for url in left { try leave(url) }
        let catalog = library.url(".photolib/catalog.sqlite")
        #expect(try library.run(["config", "quality", "85"]).status == 0)
        for url in left { #expect(!exists(url), "\(url.lastPathComponent)") }
        #expect(exists(catalog))
    }

    /// A rendition write cleans its fan-out folder first: a temporary a killed index left where
    /// the photo's renditions go (the folder named by its content hash, which `xxhsum -H2`
    /// gives independently) is gone after the next index writes there.
    @Test func aRenditionWriteRemovesWhatAKilledWriterLeftInItsFolder() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xxhsum") else {
            print("skipped: /usr/bin/xxhsum is absent (it names the renditions' folder)")
            return
        }
        let library = try TestLibrary()
        let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015/lake-beach.jpg")
        try library.add(sample, as: "p.jpg")
        try #require(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xxhsum")
        process.arguments = ["-H2", library.url("p.jpg").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let hash = String(try #require(output.split(separator: " ").first))
        #expect(hash.count == 32)
        let folder = library.url(".photolib/renditions/\(hash.prefix(2))/\(hash.dropFirst(2).prefix(2))")
        let dead = try deadProcessID()
        let left = folder.appendingPathComponent(".\(hash)-thumbnail-256-q82.jpg.tmp-\(dead)-8")
        try leave(left)
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        let thumbnail = try #require(
            (try library.assets().first?["renditions"] as? [String: Any])?["thumbnail"] as? [String: Any])
        #expect((thumbnail["path"] as? String)?.hasPrefix(folder.path) == true, "\(thumbnail)")
        #expect(!exists(left))
    }
}
