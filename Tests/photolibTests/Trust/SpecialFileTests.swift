import Foundation
import PhotoTestSupport
import Testing

/// Issue 24, item 3: a FIFO, or a symlink to a device, at an asset's path. Every reader of
/// originals opens them one way (non-blocking, the descriptor's `fstat` must say a regular
/// file, at most that size read), so that nothing blocks on a FIFO nor reads a device without
/// end; `index` marks such an asset missing and says why in one line.
///
/// Every run has a timeout: on code that blocks, the test fails instead of hanging.
@Suite struct SpecialFileTests {
    /// Long enough for a loaded machine; a reader that blocks never finishes.
    private static let timeout: TimeInterval = 60
    /// Short for /dev/zero: a reader reading it without end takes memory at about 400 MB/s.
    private static let deviceTimeout: TimeInterval = 8

    private static let asset = "2015/lake-beach.jpg"

    /// The sample library, indexed without renditions, with `replace` putting something at
    /// the asset's path afterwards.
    private func library(replacing replace: (URL) throws -> Void) throws -> TestLibrary {
        let library = try TestLibrary.sample()
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let path = library.url(Self.asset)
        try FileManager.default.removeItem(at: path)
        try replace(path)
        return library
    }

    private func fifo(at path: URL) throws {
        #expect(mkfifo(path.path, 0o644) == 0)
    }

    private func zeroDevice(at path: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: "/dev/zero")
    }

    private func run(
        _ library: TestLibrary, _ arguments: [String], timeout: TimeInterval = timeout
    ) throws -> BinaryRunner.Result {
        try BinaryRunner.runRaw(arguments + ["--library", library.root.path], timeout: timeout)
    }

    /// The one line a refused original gets.
    private func expectRefused(_ result: BinaryRunner.Result, _ kind: String, _ command: String) {
        #expect(!result.timedOut, "\(command) did not finish")
        #expect(result.status != 0 && result.status < 128, "\(command): status \(result.status)")
        #expect(result.stderr.contains("lake-beach.jpg"), "\(command): \(result.stderr)")
        #expect(result.stderr.contains(kind), "\(command): \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(command): \(result.stderr)")
    }

    @Test func aFIFOAtAnAssetsPathBlocksNoReader() throws {
        let library = try library(replacing: fifo)
        let outside = try TemporaryDirectory()
        let destination = outside.url.appendingPathComponent("out")
        expectRefused(try run(library, ["render", "--force", Self.asset]), "a FIFO", "render --force")
        expectRefused(try run(library, ["render", Self.asset]), "a FIFO", "render")
        expectRefused(try run(library, ["export", destination.path, Self.asset]), "a FIFO", "export")
        expectRefused(
            try run(library, ["export", destination.path, Self.asset, "--upright"]), "a FIFO", "export --upright")
        expectRefused(
            try run(library, ["pop", Self.asset, "--export", destination.appendingPathComponent("x.jpg").path]),
            "a FIFO", "pop --export")
        expectRefused(try run(library, ["pop", Self.asset, "--output", "-"]), "a FIFO", "pop --output -")
        // Nothing half-written was left behind.
        let exported = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
        #expect(exported.isEmpty, "\(exported)")
        // pop's detail view (it reads the EXIF of the original) shows the catalog's facts.
        let shown = try run(library, ["pop", Self.asset, "--json"])
        #expect(!shown.timedOut && shown.status == 0, "\(shown.stderr)")
    }

    @Test func aSymlinkToDevZeroAtAnAssetsPathIsNotReadWithoutEnd() throws {
        let library = try library(replacing: zeroDevice)
        let outside = try TemporaryDirectory()
        let destination = outside.url.appendingPathComponent("out")
        let device = "a character device"
        expectRefused(
            try run(library, ["render", "--force", Self.asset], timeout: Self.deviceTimeout), device, "render --force")
        expectRefused(
            try run(library, ["export", destination.path, Self.asset], timeout: Self.deviceTimeout), device, "export")
        expectRefused(
            try run(library, ["pop", Self.asset, "--output", "-"], timeout: Self.deviceTimeout), device,
            "pop --output -")
        let shown = try run(library, ["pop", Self.asset, "--json"], timeout: Self.deviceTimeout)
        #expect(!shown.timedOut && shown.status == 0, "\(shown.stderr)")
    }

    /// `index` does not skip it in silence: the asset is marked missing, with one line saying
    /// what is at its path; the next index, with nothing new, says nothing more of it.
    @Test(arguments: ["fifo", "device"])
    func indexMarksAnAssetWhosePathHoldsNoRegularFileMissing(kind: String) throws {
        let library = try library(replacing: kind == "fifo" ? fifo : zeroDevice)
        let index = try run(library, ["index", "--no-renditions"], timeout: Self.deviceTimeout)
        #expect(!index.timedOut)
        #expect(index.status == 2, "\(index.stderr)")
        #expect(index.stdoutText.contains("missing 1"), "\(index.stdoutText)")
        let what = kind == "fifo" ? "a FIFO" : "a character device"
        #expect(
            index.stderr
                == "photolib: \(library.url(Self.asset).path): \(what), not a regular file; "
                + "photolib reads only regular files "
                + "(marked missing)\n", "\(index.stderr)")
        let missing = try library.assets(["--missing"])
        #expect(missing.map { $0["relativePath"] as? String } == [Self.asset])
        let again = try run(library, ["index", "--no-renditions"], timeout: Self.deviceTimeout)
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        // verify calls it what it is, without reading it.
        let verify = try run(library, ["verify"], timeout: Self.deviceTimeout)
        #expect(!verify.timedOut)
    }

    /// A symlink to a regular file stays an original as before (symlinked originals are
    /// followed, inside the library or out): only what the link leads to must be a file.
    @Test func aSymlinkToARegularFileIsStillRead() throws {
        let library = try library { path in
            // A hidden folder, which index does not walk.
            let elsewhere = path.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".elsewhere/lake-beach.jpg")
            try FileManager.default.createDirectory(
                at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: SampleFiles.root.appendingPathComponent("2015/lake-beach.jpg"), to: elsewhere)
            try FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: elsewhere.path)
        }
        let popped = try run(library, ["pop", Self.asset, "--output", "-"])
        #expect(popped.status == 0, "\(popped.stderr)")
        #expect(
            popped.stdout == Array(try Data(contentsOf: SampleFiles.root.appendingPathComponent("2015/lake-beach.jpg")))
        )
        let render = try run(library, ["render", "--force", Self.asset])
        #expect(render.status == 0, "\(render.stderr)")
    }
}
