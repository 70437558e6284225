import Foundation
import PhotoTestSupport
import Testing

/// `export --cleanup` (issue 26.13): the copies of assets gone from the library are removed
/// from DEST, by the export records only: nothing photolib did not write there, no copy changed
/// since, nothing through a symlink. The built binary on a copy of SampleLibrary/.
@Suite struct ExportCleanupTests {
    let library: TestLibrary
    let output: TemporaryDirectory
    var dest: URL { output.url.appendingPathComponent("export") }

    init() throws {
        library = try ListCommandTests.sampleLibrary(renditions: false)
        output = try TemporaryDirectory()
    }

    private func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: dest.appendingPathComponent(relative).path)
    }

    @Test func removesOnlyTheCopiesOfGoneAssetsAsTheyWereWritten() throws {
        let first = try library.run(["export", dest.path, "--directory", "{takenAt:%Y}", "--sidecars"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(exists("2015/lake-beach.jpg") && exists("2015/lake-beach.jpg.xmp"))
        // Files photolib did not write: another file, and a photo copied in by hand.
        try Data("mine".utf8).write(to: dest.appendingPathComponent("notes.txt"))
        try FileManager.default.copyItem(
            at: library.url("2015/lake-beach.jpg"), to: dest.appendingPathComponent("2015/by-hand.jpg"))

        // lake-beach to the trash; bordeaux-art deleted outside photolib and forgotten;
        // harbour to the trash after its copy was edited in DEST.
        #expect(try library.run(["action", "delete", "2015/lake-beach.jpg"]).status == 0)
        try FileManager.default.removeItem(at: library.url("2015/bordeaux-art.jpg"))
        #expect(try library.run(["index", "--no-renditions"]).stdout.contains("missing 1"))
        #expect(try library.run(["forget", "--missing", "--yes"]).status == 0)
        let edited = try FileHandle(forWritingTo: dest.appendingPathComponent("2015/harbour-rouffiac.jpg"))
        edited.seekToEndOfFile()
        edited.write(Data([0]))
        try edited.close()
        #expect(try library.run(["action", "delete", "2015/harbour-rouffiac.jpg"]).status == 0)

        let dry = try library.run([
            "export", dest.path, "--directory", "{takenAt:%Y}", "--update", "--cleanup", "--sidecars", "-n",
        ])
        #expect(dry.status == 0, "\(dry.stderr)")
        let dryLines = dry.stdout.split(separator: "\n").map(String.init)
        #expect(dryLines.contains("remove    2015/lake-beach.jpg"), "\(dry.stdout)")
        #expect(dryLines.contains("remove    2015/bordeaux-art.jpg"), "\(dry.stdout)")
        #expect(dry.stdout.contains("would remove 2"))
        #expect(exists("2015/lake-beach.jpg") && exists("2015/bordeaux-art.jpg"))

        let run = try library.run([
            "export", dest.path, "--directory", "{takenAt:%Y}", "--update", "--cleanup", "--sidecars",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("removed 2"), "\(run.stdout)")
        #expect(run.stdout.contains("keep      2015/harbour-rouffiac.jpg (asset gone, but the file changed since"))
        #expect(!exists("2015/lake-beach.jpg") && !exists("2015/lake-beach.jpg.xmp"))
        #expect(!exists("2015/bordeaux-art.jpg") && !exists("2015/bordeaux-art.jpg.xmp"))
        #expect(exists("2015/harbour-rouffiac.jpg"), "a copy changed since it was exported stays")
        #expect(exists("notes.txt") && exists("2015/by-hand.jpg"), "files photolib did not export stay")
        #expect(exists("2016/mountain-chamonix.jpg") && exists("2015/sunset-orientation-6.jpg"))

        // The records of what was removed or kept are forgotten: nothing to say the next time.
        let again = try library.run(["export", dest.path, "--directory", "{takenAt:%Y}", "--update", "--cleanup"])
        #expect(again.status == 0 && again.stdout.contains("removed 0") && !again.stdout.contains("keep"))
        #expect(exists("2015/harbour-rouffiac.jpg") && exists("2015/by-hand.jpg"))
    }

    /// A folder of DEST replaced by a symlink to elsewhere: the copy recorded under it is not
    /// removed through the link, one line says why, and the exit status says some failed.
    @Test func neverRemovesThroughASymlink() throws {
        #expect(try library.run(["export", dest.path, "--directory", "{takenAt:%Y}"]).status == 0)
        let elsewhere = output.url.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: dest.appendingPathComponent("2016"), to: elsewhere)
        try FileManager.default.createSymbolicLink(
            at: dest.appendingPathComponent("2016"), withDestinationURL: elsewhere)
        #expect(try library.run(["action", "delete", "2016/mountain-chamonix.jpg"]).status == 0)

        let run = try library.run(["export", dest.path, "--directory", "{takenAt:%Y}", "--update", "--cleanup"])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("2016/mountain-chamonix.jpg: cannot remove:"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("mountain-chamonix.jpg").path))
    }
}
