import Foundation
import PhotoTestSupport
import Testing

/// Issue 11: the library folder is not trusted. Paths in the catalog that lead outside the
/// library, and folders that are symlinks to elsewhere, make photolib move, delete or write
/// nothing outside the library.
@Suite struct HostileLibraryTests {
    /// A library of SampleLibrary's photos, indexed, beside an `outside/` folder with a victim file.
    private func makeLibrary(_ backend: CatalogBackend, _ initArguments: [String] = []) throws -> (TestLibrary, URL) {
        let library = try TestLibrary()
        let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015")
        for name in ["bordeaux-art.jpg", "lake-beach.jpg"] {
            try library.add(sample.appendingPathComponent(name), as: "album/\(name)")
        }
        let root = library.url("lib")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: library.url("album"), to: root.appendingPathComponent("album"))
        let outside = library.url("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: outside.appendingPathComponent("precious.txt"))
        try #require(try BinaryRunner.run(["init"] + backend.initArguments() + initArguments + [root.path]).status == 0)
        try #require(try BinaryRunner.run(["index", "--no-renditions", "--library", root.path]).status == 0)
        return (library, outside)
    }

    private func run(
        _ library: TestLibrary, _ arguments: [String]
    ) throws -> (status: Int32, stdout: String, stderr: String) {
        try BinaryRunner.run(arguments + ["--library", library.url("lib").path])
    }

    private func dialect(_ library: TestLibrary) throws -> CatalogSQL.Dialect {
        try CatalogSQL.Dialect(root: library.url("lib"))
    }

    private func sql(_ library: TestLibrary, _ statement: String) throws {
        try CatalogSQL.execute(statement, root: library.url("lib"))
    }

    @Test(arguments: CatalogBackend.all)
    func aTrashPathOutsideTheLibraryIsNeverDeleted(backend: CatalogBackend) throws {
        let (library, outside) = try makeLibrary(backend)
        #expect(try run(library, ["action", "delete", "album/lake-beach.jpg"]).status == 0)
        let store = try dialect(library)
        try sql(
            library,
            "UPDATE assets SET trash_path = \(store.blob("../outside/precious.txt")) WHERE trashed = \(store.bool(true))"
        )
        let emptied = try run(library, ["trash", "empty", "--yes"])
        #expect(emptied.status == 1)
        #expect(emptied.stderr.contains("refused: not a path inside the library"), "\(emptied.stderr)")
        #expect(emptied.stdout == "deleted 0 originals for good (0 B)\n")
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("precious.txt").path))
        // verify calls the catalog damaged rather than reading there.
        let verify = try run(library, ["verify", "--json"])
        #expect(verify.stdout.contains("catalog-damaged"))
        #expect(verify.stdout.contains("paths that lead outside the library"))
    }

    @Test(arguments: CatalogBackend.all)
    func aRelativePathOutsideTheLibraryIsNeitherTrashedNorRestored(backend: CatalogBackend) throws {
        let (library, outside) = try makeLibrary(backend)
        let store = try dialect(library)
        try sql(
            library,
            "UPDATE assets SET relative_path = \(store.blob("../outside/precious.txt")) "
                + "WHERE relative_path = \(store.blob("album/lake-beach.jpg"))")
        let list = try run(library, ["list", "--jsonl"])
        let id = try #require(
            list.stdout.split(separator: "\n").first { $0.contains("precious") }.flatMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String
            })
        let deleted = try run(library, ["action", "delete", id])
        #expect(deleted.status != 0)
        #expect(deleted.stderr.contains("refused: not a path inside the library"), "\(deleted.stderr)")
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("precious.txt").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.url("lib/.photolib/trash").path) == [])
        // Nor read: pop does not hand out a file from outside.
        let popped = try run(library, ["pop", id, "--output", "-"])
        #expect(popped.status != 0 && !popped.stdout.contains("precious"))
    }

    @Test(arguments: CatalogBackend.all)
    func noSidecarIsWrittenThroughASymlinkedFolder(backend: CatalogBackend) throws {
        let (library, outside) = try makeLibrary(backend, ["--sidecars", "write"])
        let elsewhere = outside.appendingPathComponent("dir")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: library.url("lib/album/bordeaux-art.jpg"), to: elsewhere.appendingPathComponent("p.jpg"))
        try FileManager.default.createSymbolicLink(at: library.url("lib/d"), withDestinationURL: elsewhere)
        // Indexing through the symlinked folder is fine.
        #expect(try run(library, ["index", "--no-renditions"]).status == 0)
        let caption = try run(library, ["action", "caption", "--value", "x", "d/p.jpg"])
        #expect(caption.status != 0)
        let lines = caption.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("is a symlink, and photolib writes through no symlink"))
        #expect(!FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("p.jpg.xmp").path))
    }

    @Test(arguments: CatalogBackend.all)
    func restoreIntoAFolderReplacedBySymlinkIsRefused(backend: CatalogBackend) throws {
        let (library, outside) = try makeLibrary(backend)
        #expect(try run(library, ["action", "delete", "album/lake-beach.jpg"]).status == 0)
        let id = try #require(
            (try JSONSerialization.jsonObject(with: Data(try run(library, ["trash", "list", "--json"]).stdout.utf8))
                as? [[String: Any]])?.first?["id"] as? String)
        try FileManager.default.moveItem(at: library.url("lib/album"), to: library.url("lib/album-moved"))
        try FileManager.default.createSymbolicLink(at: library.url("lib/album"), withDestinationURL: outside)
        let restored = try run(library, ["action", "restore", id])
        #expect(restored.status != 0)
        #expect(restored.stderr.contains("'\(library.url("lib/album").path)' is a symlink"), "\(restored.stderr)")
        #expect(!FileManager.default.fileExists(atPath: outside.appendingPathComponent("lake-beach.jpg").path))
        #expect(try run(library, ["trash", "list", "--json"]).stdout.contains(id))
    }
}
