import Foundation
import PhotoTestSupport
import Testing

/// Issue 24, item 2: a symlink planted in `.photolib/` (the renditions folder, a fan-out
/// folder of it, the trash) sends no write outside the library. Every write under
/// `.photolib/` goes through folders opened from the library's root with `O_NOFOLLOW`;
/// `verify` reports such a link (`control-symlink`) and `verify --repair` removes the link,
/// never what it points to.
@Suite struct ConfinementTests {
    private static let asset = "2015/lake-beach.jpg"

    /// A folder outside the library that a planted link points to, holding one file; kept
    /// (and removed) by the test's `TemporaryDirectory`.
    private func elsewhere(_ folder: TemporaryDirectory) throws -> URL {
        let url = folder.url
        try Data("precious".utf8).write(to: url.appendingPathComponent("precious.txt"))
        return url
    }

    /// Every file under `url`, relative.
    private func files(under url: URL) -> [String] {
        (FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
    }

    /// The asset's content hash (its renditions' fan-out folders are its first four digits),
    /// from another library's render of the same file.
    private func contentHash() throws -> String {
        let library = try TestLibrary()
        try library.add(SampleFiles.root.appendingPathComponent(Self.asset), as: Self.asset)
        try #require(try BinaryRunner.run(["init", library.root.path]).status == 0)
        try #require(try library.run(["index"]).status == 0)
        let hash = try #require(try library.assets().first?["contentHash"] as? String)
        return hash
    }

    private func link(_ path: URL, to target: URL) throws {
        try? FileManager.default.removeItem(at: path)
        try FileManager.default.createDirectory(
            at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: target.path)
    }

    private func isSymlink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    /// The links each case plants, relative to `.photolib/renditions`.
    private static func plantedLinks(_ hash: String) -> [String] {
        let first = String(hash.prefix(2))
        let second = String(hash.dropFirst(2).prefix(2))
        return ["", first, "\(first)/\(second)"]
    }

    @Test(arguments: [0, 1, 2], ["index", "render --force"])
    func noRenditionIsWrittenThroughALink(level: Int, command: String) throws {
        let hash = try contentHash()
        let library = try TestLibrary.sample()
        let folder = try TemporaryDirectory()
        let outside = try elsewhere(folder)
        if command != "index" { try #require(try library.run(["index"]).status == 0) }
        let renditions = library.url(".photolib/renditions")
        let planted = Self.plantedLinks(hash)[level]
        let linkURL = planted.isEmpty ? renditions : renditions.appendingPathComponent(planted)
        if planted.isEmpty { try FileManager.default.removeItem(at: renditions) }
        try link(linkURL, to: outside)
        let run = try library.run(command.split(separator: " ").map(String.init))
        #expect(files(under: outside) == ["precious.txt"], "\(command) wrote through \(planted)")
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("is a symlink, and photolib writes through no symlink"), "\(run.stderr)")
        // The link is reported, and repair removes it (not what it points to).
        let verify = try library.run(["verify"])
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("control-symlink: \(linkURL.path):"), "\(verify.stdout)")
        let repair = try library.run(["verify", "--repair"])
        #expect(!isSymlink(linkURL), "\(repair.stdout) \(repair.stderr)")
        #expect(files(under: outside) == ["precious.txt"])
        // Renditions go where they belong again.
        #expect(try library.run(["render"]).status == 0)
        #expect(try library.run(["verify"]).status == 0)
        #expect(files(under: outside) == ["precious.txt"])
    }

    /// `forget` deletes the renditions of a forgotten asset: not through a link, and so not
    /// the files at its other end.
    @Test func forgetDeletesNoRenditionThroughALink() throws {
        let library = try TestLibrary.sample()
        try #require(try library.run(["index"]).status == 0)
        let hash = try #require(
            try library.assets().first { $0["relativePath"] as? String == Self.asset }?["contentHash"] as? String)
        let folder = try TemporaryDirectory()
        let outside = try elsewhere(folder)
        let first = library.url(".photolib/renditions/\(hash.prefix(2))")
        let moved = outside.appendingPathComponent(String(hash.prefix(2)))
        try FileManager.default.moveItem(at: first, to: moved)
        try link(first, to: moved)
        let kept = files(under: outside)
        #expect(kept.count > 1)
        try FileManager.default.removeItem(at: library.url(Self.asset))
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        let forget = try library.run(["forget", Self.asset, "--yes"])
        #expect(forget.status == 0, "\(forget.stderr)")
        #expect(files(under: outside) == kept)
    }

    /// The trash was confined already (every trash path opened from the root through no
    /// symlink); verify now says when its folder is a link.
    @Test func nothingIsTrashedThroughALinkedTrashFolder() throws {
        let library = try TestLibrary.sample()
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let folder = try TemporaryDirectory()
        let outside = try elsewhere(folder)
        let trash = library.url(".photolib/trash")
        try FileManager.default.removeItem(at: trash)
        try link(trash, to: outside)
        let deleted = try library.run(["action", "delete", Self.asset])
        #expect(deleted.status != 0)
        #expect(deleted.stderr.contains("is a symlink, and photolib writes through no symlink"), "\(deleted.stderr)")
        #expect(files(under: outside) == ["precious.txt"])
        #expect(FileManager.default.fileExists(atPath: library.url(Self.asset).path))
        let verify = try library.run(["verify"])
        #expect(verify.stdout.contains("control-symlink: \(trash.path):"), "\(verify.stdout)")
        _ = try library.run(["verify", "--repair"])
        #expect(!isSymlink(trash))
        #expect(files(under: outside) == ["precious.txt"])
        #expect(try library.run(["action", "delete", Self.asset]).status == 0)
    }
}
