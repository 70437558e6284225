import Foundation
import PhotoTestSupport
import Testing

/// Issue 11 item 9 and issue 10 item 4: a sidecar rewrite keeps the file's mode, never
/// replaces what is not a regular file, is never written for a missing original, and goes
/// to the trash and back with its photo.
@Suite struct SidecarSafetyTests {
    private func library() throws -> TestLibrary {
        let library = try TestLibrary()
        let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015")
        try library.add(sample.appendingPathComponent("lake-beach.jpg"), as: "a/p.jpg")
        try #require(try BinaryRunner.run(["init", "--sidecars", "write", library.root.path]).status == 0)
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        return library
    }

    @Test func aRewriteKeepsAPrivateSidecarPrivate() throws {
        let library = try library()
        #expect(try library.run(["action", "caption", "--value", "first", "a/p.jpg"]).status == 0)
        let sidecar = library.url("a/p.jpg.xmp").path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: sidecar)
        #expect(try library.run(["action", "caption", "--value", "private", "a/p.jpg"]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: sidecar)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(try String(contentsOfFile: sidecar, encoding: .utf8).contains("private"))
    }

    @Test func aFIFOAtTheSidecarPathIsNotReplaced() throws {
        let library = try library()
        let sidecar = library.url("a/p.jpg.xmp").path
        #expect(mkfifo(sidecar, 0o644) == 0)
        let result = try library.run(["action", "caption", "--value", "x", "a/p.jpg"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
        var info = stat()
        #expect(lstat(sidecar, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test func noSidecarForAMissingOriginal() throws {
        let library = try library()
        try FileManager.default.removeItem(at: library.url("a/p.jpg"))
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        let id = try #require(try library.assets().first?["id"] as? String)
        _ = try library.run(["action", "favourite", id])
        #expect(!FileManager.default.fileExists(atPath: library.url("a/p.jpg.xmp").path))
    }

    @Test func sidecarsGoToTheTrashAndComeBack() throws {
        let library = try library()
        #expect(try library.run(["action", "caption", "--value", "kept", "a/p.jpg"]).status == 0)
        try Data("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"></x:xmpmeta>".utf8).write(to: library.url("a/p.xmp"))
        let id = try #require(try library.assets().first?["id"] as? String)
        #expect(try library.run(["action", "delete", id]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.url("a").path) == [])
        let trashed = library.url(".photolib/trash/\(id.prefix(16))")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: trashed.path).sorted() == [
                "p.jpg", "p.jpg.xmp", "p.xmp",
            ])
        #expect(try library.run(["action", "restore", id]).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: library.url("a").path).sorted() == [
                "p.jpg", "p.jpg.xmp", "p.xmp",
            ])
        #expect(!FileManager.default.fileExists(atPath: trashed.path))
        // And go for good with it.
        #expect(try library.run(["action", "delete", id]).status == 0)
        #expect(try library.run(["trash", "empty", "--yes"]).stdout.hasPrefix("deleted 1 original for good"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.url(".photolib/trash").path) == [])
    }

    /// Eight writers toggling one asset's favourite at once: the sidecar ends as the catalog.
    @Test func concurrentWritersLeaveTheSidecarAsTheCatalog() throws {
        let library = try library()
        let id = try #require(try library.assets().first?["id"] as? String)
        let arguments = ["action", "toggle-favourite", id, "--library", library.root.path]
        for _ in 0..<3 {
            let group = DispatchGroup()
            for _ in 0..<8 {
                DispatchQueue.global().async(group: group) { _ = try? BinaryRunner.run(arguments) }
            }
            group.wait()
            let state = try library.assets().first?["favourite"] as? Bool
            let favourite = try #require(state as Bool?)
            let sidecar = try String(contentsOfFile: library.url("a/p.jpg.xmp").path, encoding: .utf8)
            #expect(sidecar.contains("xmp:Rating=\"5\"") == favourite, "\(favourite): \(sidecar)")
        }
    }
}

/// `trash empty` deletes only what is in the trash, says what it really deleted, and never
/// drops an asset whose original is back at its path (issue 11, item 1).
@Suite struct TrashEmptyTruthTests {
    @Test(arguments: CatalogBackend.all)
    func anAssetWhoseOriginalIsBackIsKept(backend: CatalogBackend) throws {
        let library = try TestLibrary.sample(backend)
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let asset = try #require(try library.assets().first)
        let id = try #require(asset["id"] as? String)
        let path = try #require(asset["path"] as? String)
        #expect(try library.run(["action", "caption", "--value", "keep me", id]).status == 0)
        #expect(try library.run(["action", "delete", id]).status == 0)
        // As a kill during restore left it before issue 11: the file back, the catalog still "trashed".
        let trashed = library.url(".photolib/trash/\(id.prefix(16))/\(URL(fileURLWithPath: path).lastPathComponent)")
        try FileManager.default.moveItem(atPath: trashed.path, toPath: path)
        let emptied = try library.run(["trash", "empty", "--yes"])
        #expect(emptied.status == 1)
        #expect(emptied.stdout == "deleted 0 originals for good (0 B)\n")
        #expect(
            emptied.stderr.contains("not deleted: the trashed original is not in the trash, and a file is at its path"))
        #expect(FileManager.default.fileExists(atPath: path))
        let kept = try library.assets(["--trashed"]).first { $0["id"] as? String == id }
        #expect(kept?["caption"] as? String == "keep me")
    }
}

extension SidecarSafetyTests {
    /// Issue 11 items 4 and 5: verify reports a sidecar that says otherwise than the catalog
    /// (a lost write, or a lost commit) and --repair writes it again from the catalog.
    @Test func verifyReportsADisagreeingSidecarAndRepairRewritesIt() throws {
        let library = try library()
        #expect(try library.run(["action", "caption", "--value", "Ueno park", "a/p.jpg"]).status == 0)
        #expect(try library.run(["action", "favourite", "a/p.jpg"]).status == 0)
        #expect(try library.run(["verify", "--repair"]).status == 0)
        let sidecar = library.url("a/p.jpg.xmp")
        let text = try String(contentsOf: sidecar, encoding: .utf8)
        try text.replacingOccurrences(of: "Ueno park", with: "Stale caption")
            .replacingOccurrences(of: "xmp:Rating=\"5\"", with: "xmp:Rating=\"2\"")
            .write(to: sidecar, atomically: true, encoding: .utf8)
        let verify = try library.run(["verify"])
        #expect(verify.status == 1)
        #expect(
            verify.stdout.contains(
                "sidecar-disagrees: \(sidecar.path): the sidecar's caption, rating disagree with the catalog"),
            "\(verify.stdout)")
        #expect(try library.run(["verify", "--repair"]).status == 0)
        let repaired = try String(contentsOf: sidecar, encoding: .utf8)
        #expect(repaired.contains("Ueno park") && repaired.contains("xmp:Rating=\"5\""))
        let after = try library.run(["verify"])
        #expect(after.status == 0, "\(after.stdout)")
    }
}
