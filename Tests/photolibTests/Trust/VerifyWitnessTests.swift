import Foundation
import PhotoTestSupport
import Testing

/// Issue 11 item 4: `verify` compares the catalog with the action log's last entries, which
/// are written in the same transaction as the edit they log, and says when they disagree (a
/// commit partly lost, made here by editing the catalog behind photolib's back).
@Suite struct VerifyWitnessTests {
    private func indexedSample(_ backend: CatalogBackend) throws -> (TestLibrary, id: String, path: String) {
        let library = try TestLibrary.sample(backend)
        try #require(try library.run(["index"]).status == 0)
        let asset = try #require(try library.assets().first)
        return (library, try #require(asset["id"] as? String), try #require(asset["path"] as? String))
    }

    @Test(arguments: CatalogBackend.all)
    func aCommittedEditLostFromTheAssetsTableIsReportedAndReapplied(backend: CatalogBackend) throws {
        let (library, id, path) = try indexedSample(backend)
        #expect(try library.run(["action", "favourite", id]).status == 0)
        #expect(try library.run(["action", "caption", "--value", "Ueno park", id]).status == 0)
        try #require(try library.run(["verify"]).status == 0)
        // What a lost write-ahead-log frame of the assets table leaves: the log has the edits.
        try CatalogSQL.execute(
            "UPDATE assets SET favourite = \(try CatalogSQL.Dialect(root: library.root).bool(false)), caption = NULL, "
                + "caption_source = NULL\(backend == .postgres ? ", caption_folded = NULL" : "") WHERE id = '\(id)'",
            root: library.root)

        let verify = try library.run(["verify"])
        #expect(verify.status == 1)
        let line = try #require(verify.stdout.split(separator: "\n").first { $0.hasPrefix("history-disagrees: ") })
        #expect(line.hasPrefix("history-disagrees: \(path): the catalog's favourite is false, but the action log's "))
        #expect(
            line.contains("('favourite' at 20") && line.contains(") set it to true; the catalog's caption is unset"))
        #expect(line.hasSuffix(") set it to \"Ueno park\""), "\(line)")
        let json = try JSONSerialization.jsonObject(with: Data(try library.run(["verify", "--json"]).stdout.utf8))
        let findings = try #require((json as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.map { $0["kind"] as? String } == ["history-disagrees"])
        #expect(findings.first?["assetId"] as? String == id)

        let repair = try library.run(["verify", "--repair"])
        #expect(repair.status == 0, "\(repair.stdout)")
        #expect(repair.stdout.contains("history-disagrees: \(path): ") && repair.stdout.contains("[repaired]"))
        let asset = try #require(try library.assets().first { $0["id"] as? String == id })
        #expect(asset["favourite"] as? Bool == true && asset["caption"] as? String == "Ueno park")
        // The repair is in the history too, and the catalog and the log agree again.
        let history = try library.run(["history", id])
        #expect(history.stdout.contains("repair"), "\(history.stdout)")
        #expect(try library.run(["verify"]).status == 0)
    }

    @Test(arguments: CatalogBackend.all)
    func anAssetLostFromTheCatalogIsReportedNotPurgedOnes(backend: CatalogBackend) throws {
        let (library, id, _) = try indexedSample(backend)
        let other = try #require(try library.assets().dropFirst().first?["id"] as? String)
        #expect(try library.run(["action", "like", id]).status == 0)
        // A purged asset leaves its history behind, with the purge logged: no finding.
        #expect(try library.run(["action", "delete", other]).status == 0)
        #expect(try library.run(["trash", "empty", "--yes"]).status == 0)
        // (Its renditions are stale now: verify's business, but not the log's.)
        let before = try library.run(["verify"])
        #expect(
            !before.stdout.contains("asset-lost") && !before.stdout.contains("history-disagrees"), "\(before.stdout)")
        try CatalogSQL.execute("DELETE FROM assets WHERE id = '\(id)'", root: library.root)
        let verify = try library.run(["verify"])
        #expect(verify.status == 1)
        let catalog = backend == .sqlite ? library.url(".photolib/catalog.sqlite").path : "postgresql://"
        #expect(verify.stdout.contains("asset-lost: \(catalog)"), "\(verify.stdout)")
        #expect(
            verify.stdout.contains(": the action log has 1 entries of asset \(id) (the last: 'like' at 20"),
            "\(verify.stdout)")
        #expect(!verify.stdout.contains(other))
        // Nothing to bring it back from: reported, not repaired (the purged asset's renditions,
        // made a moment ago, are left for a later repair too).
        let repair = try library.run(["verify", "--repair"])
        #expect(repair.status != 0)
        #expect(repair.stdout.contains("[not repaired: the action log keeps no file facts to bring it back"))
    }
}

/// Issue 11 items 1 and 2 as older photolibs left them, with no file move recorded: the
/// original in the trash while the catalog says it is not trashed, or back at its path while
/// the catalog says it is. `verify` names each; `--repair` records what the files say.
@Suite struct OlderTrashStateTests {
    @Test(arguments: CatalogBackend.all, [false, true])
    func aDeleteCutShortByAnOlderPhotolibIsFinished(backend: CatalogBackend, indexedMeanwhile: Bool) throws {
        let library = try TestLibrary.sample(backend)
        try #require(try library.run(["index"]).status == 0)
        let asset = try #require(try library.assets().first)
        let id = try #require(asset["id"] as? String)
        let path = try #require(asset["path"] as? String)
        #expect(try library.run(["action", "caption", "--value", "keep me", id]).status == 0)
        let name = URL(fileURLWithPath: path).lastPathComponent
        // The old trash layout, `<id>-<name>`, moved by the kill-interrupted delete.
        let trashed = library.url(".photolib/trash/\(id)-\(name)").path
        try FileManager.default.moveItem(atPath: path, toPath: trashed)
        if indexedMeanwhile {
            // The index an older photolib ran next marked it missing.
            #expect(try library.run(["index"]).status == 0)
            #expect(try library.assets(["--missing"]).contains { $0["id"] as? String == id })
        }

        let verify = try library.run(["verify"])
        #expect(verify.status == 1)
        #expect(
            verify.stdout.contains(
                "trash-unrecorded: \(trashed): the original of \(path.dropFirst(library.root.path.count + 1)) is in "
                    + "the trash, but the catalog says it is not trashed (a delete cut short)\n"), "\(verify.stdout)")
        #expect(!verify.stdout.contains("original-missing") && !verify.stdout.contains("trash-file-unclaimed"))

        let repair = try library.run(["verify", "--repair"])
        #expect(repair.status == 0, "\(repair.stdout)")
        let inTrash = try #require(try library.assets(["--trashed"]).first { $0["id"] as? String == id })
        #expect(inTrash["caption"] as? String == "keep me")
        #expect(try library.run(["verify"]).status == 0)
        // And the trash gives it back, with its caption and id.
        #expect(try library.run(["action", "restore", id]).status == 0)
        #expect(FileManager.default.fileExists(atPath: path) && !FileManager.default.fileExists(atPath: trashed))
        let back = try #require(try library.assets().first { $0["id"] as? String == id })
        #expect(back["caption"] as? String == "keep me" && back["missing"] as? Bool != true)
        #expect(try library.run(["verify"]).status == 0)
    }

    @Test(arguments: CatalogBackend.all)
    func aRestoreCutShortByAnOlderPhotolibIsFinished(backend: CatalogBackend) throws {
        let library = try TestLibrary.sample(backend)
        try #require(try library.run(["index"]).status == 0)
        let asset = try #require(try library.assets().first)
        let id = try #require(asset["id"] as? String)
        let path = try #require(asset["path"] as? String)
        #expect(try library.run(["action", "favourite", id]).status == 0)
        #expect(try library.run(["action", "delete", id]).status == 0)
        let trashed = library.url(".photolib/trash/\(id)/\(URL(fileURLWithPath: path).lastPathComponent)")
        try FileManager.default.moveItem(atPath: trashed.path, toPath: path)

        let verify = try library.run(["verify"])
        #expect(verify.status == 1)
        #expect(
            verify.stdout.contains(
                "restore-unrecorded: \(path): the original is back at its path and gone from the trash, but the "
                    + "catalog says it is trashed (a restore cut short)\n"), "\(verify.stdout)")
        #expect(!verify.stdout.contains("trash-file-missing"))

        let repair = try library.run(["verify", "--repair"])
        #expect(repair.status == 0, "\(repair.stdout)")
        #expect(try library.assets(["--trashed"]).isEmpty)
        let back = try #require(try library.assets().first { $0["id"] as? String == id })
        #expect(back["favourite"] as? Bool == true)
        #expect(try library.run(["verify"]).status == 0)
        // trash empty has nothing to delete, and the photo stays.
        #expect(try library.run(["trash", "empty", "--yes"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test(arguments: CatalogBackend.all)
    func anotherFileAtThePathIsNotTakenForTheOriginal(backend: CatalogBackend) throws {
        let library = try TestLibrary.sample(backend)
        try #require(try library.run(["index"]).status == 0)
        let assets = try library.assets()
        let id = try #require(assets.first?["id"] as? String)
        let path = try #require(assets.first?["path"] as? String)
        let otherPath = try #require(assets.last?["path"] as? String)
        #expect(try library.run(["action", "delete", id]).status == 0)
        let trashed = library.url(".photolib/trash/\(id)/\(URL(fileURLWithPath: path).lastPathComponent)")
        try FileManager.default.removeItem(at: trashed)
        try FileManager.default.copyItem(atPath: otherPath, toPath: path)
        let verify = try library.run(["verify"])
        #expect(verify.stdout.contains("trash-file-missing: \(trashed.path)"), "\(verify.stdout)")
        #expect(!verify.stdout.contains("restore-unrecorded"))
    }
}

extension OlderTrashStateTests {
    /// In the trash's own-folder layout the sidecar went along: it is the asset's, not unclaimed.
    @Test func aDeleteCutShortWithItsSidecarIsFinishedWhole() throws {
        let library = try TestLibrary()
        let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015/lake-beach.jpg")
        try library.add(sample, as: "a/p.jpg")
        try #require(try BinaryRunner.run(["init", "--sidecars", "write", library.root.path]).status == 0)
        try #require(try library.run(["index"]).status == 0)
        #expect(try library.run(["action", "caption", "--value", "keep me", "a/p.jpg"]).status == 0)
        let id = try #require(try library.assets().first?["id"] as? String)
        let folder = library.url(".photolib/trash/\(id)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["p.jpg", "p.jpg.xmp"] {
            try FileManager.default.moveItem(at: library.url("a/\(name)"), to: folder.appendingPathComponent(name))
        }
        let verify = try library.run(["verify"])
        #expect(verify.stdout.contains("trash-unrecorded: \(folder.path)/p.jpg: "), "\(verify.stdout)")
        #expect(!verify.stdout.contains("trash-file-unclaimed"), "\(verify.stdout)")
        #expect(try library.run(["verify", "--repair"]).status == 0)
        #expect(try library.run(["action", "restore", id]).status == 0)
        #expect(try String(contentsOf: library.url("a/p.jpg.xmp"), encoding: .utf8).contains("keep me"))
        #expect(try library.run(["verify"]).status == 0)
    }
}
