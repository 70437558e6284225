import Foundation
import PhotoSupport
import PhotoTestSupport
import Testing

/// `photolib verify` through the binary: its lines, its JSON and its exit status, on either store.
@Suite struct VerifyCommandTests {
    @Test(arguments: CatalogBackend.all)
    func aWellLibraryExitsZeroAndAProblemOneUntilRepaired(backend: CatalogBackend) throws {
        let library = try ListCommandTests.sampleLibrary(backend: backend)
        let clean = try library.run(["verify"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "checked 10 assets, 20 rendition files, 0 trash files: all is well\n")

        let original = library.url("2015/lake-beach.jpg")
        try FileManager.default.moveItem(at: original, to: library.root.appendingPathComponent("elsewhere.bin"))
        let found = try library.run(["verify"])
        #expect(found.status == 1)
        #expect(
            found.stdout == """
                original-missing: \(original.path): original not found (the catalog does not know it is gone)
                checked 10 assets, 20 rendition files, 0 trash files: 1 problem (run 'photolib verify --repair' to fix what can be fixed)

                """)

        let repaired = try library.run(["verify", "--repair", "--json"])
        #expect(repaired.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(repaired.stdout.utf8)) as? [String: Any])
        #expect(json["ok"] as? Bool == true && json["problems"] as? Int == 1 && json["repaired"] as? Int == 1)
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(finding["kind"] as? String == "original-missing" && finding["path"] as? String == original.path)
        #expect(finding["repaired"] as? Bool == true && (finding["assetId"] as? String)?.count == 16)
        #expect(try library.assets(["--missing"]).count == 1)
        #expect(try library.run(["verify"]).status == 0)
    }

    @Test(arguments: CatalogBackend.all)
    func whatVerifyMustNotTouchKeepsTheStatusAtOne(backend: CatalogBackend) throws {
        let library = try ListCommandTests.sampleLibrary(backend: backend)
        let stray = library.root.appendingPathComponent(".photolib/trash/unknown.jpg")
        try Data([0xFF, 0xD8, 0xFF]).write(to: stray)
        let result = try library.run(["verify", "--repair"])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("trash-file-unclaimed: \(stray.path): in the trash but no asset claims it"))
        #expect(result.stdout.hasSuffix(": 1 problem, 0 repaired, 0 repairs failed, 1 left\n"))
        #expect(FileManager.default.fileExists(atPath: stray.path))
    }

    @Test(arguments: CatalogBackend.all)
    func aRepairThatCannotBeMadeExitsTwo(backend: CatalogBackend) throws {
        let library = try ListCommandTests.sampleLibrary(renditions: false, backend: backend)
        // A file stands where one asset's fan-out folder must go, so its renditions cannot be
        // made (root ignores permissions, a file in the way it does not), and the file is too
        // recent to be removed: three repairs fail, the other eighteen renditions are made.
        // Renditions are named by the content hash, not computed yet: the file's own.
        let path = try #require(try library.assets().first?["path"] as? String)
        let contentHash = try ContentHash.ofFile(at: RawPath(path)).hash.description
        let blocker = library.root.appendingPathComponent(".photolib/renditions/\(contentHash.prefix(2))")
        try Data("in the way".utf8).write(to: blocker)
        let result = try library.run(["verify", "--repair", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(result.status == 2)
        #expect(json["problems"] as? Int == 21 && json["repaired"] as? Int == 18)
        #expect(json["repairsFailed"] as? Int == 3 && json["ok"] as? Bool == false)
    }

    /// Stored collection counts written behind photolib's back: `collections` shows them,
    /// `verify` calls the catalog damaged (status 1), `--repair` recounts and names what it
    /// rewrote (status 0), and afterwards all is well and `collections` is right again.
    @Test(arguments: CatalogBackend.all)
    func storedCountsThatDisagreeAreRecounted(backend: CatalogBackend) throws {
        let library = try ListCommandTests.sampleLibrary(backend: backend)
        let right = try library.run(["collections"]).stdout
        try CatalogSQL.execute("UPDATE collection_counts SET count = count + 7 WHERE kind = 'all'", root: library.root)
        try CatalogSQL.execute(
            "DELETE FROM collection_counts WHERE kind = 'year' AND name = '2016'", root: library.root)
        #expect(try library.run(["collections"]).stdout != right)

        let found = try library.run(["verify"])
        #expect(found.status == 1)
        let lines = found.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(found.stdout)")
        #expect(lines.first?.hasPrefix("catalog-damaged: ") == true)
        #expect(lines.first?.hasSuffix(": 2 stored collection counts that disagree with the assets") == true)
        #expect(lines.last?.hasSuffix("1 problem (run 'photolib verify --repair' to fix what can be fixed)") == true)

        let repaired = try library.run(["verify", "--repair"])
        #expect(repaired.status == 0)
        #expect(
            repaired.stdout.contains(
                ": 2 stored collection counts that disagree with the assets; "
                    + "recounted: all 10 (stored 17), year 2016 4 (stored 0) [repaired]\n"), "\(repaired.stdout)")
        #expect(repaired.stdout.hasSuffix(": 1 problem, 1 repaired, 0 repairs failed, 0 left\n"))
        let again = try library.run(["verify"])
        #expect(again.status == 0 && again.stdout.hasSuffix(": all is well\n"), "\(again.stdout)")
        #expect(try library.run(["collections"]).stdout == right)
    }

    /// Other catalog damage beside the counts: nothing is recounted, all is reported as before.
    @Test func countsAreNotRecountedInAnOtherwiseDamagedCatalog() throws {
        let library = try ListCommandTests.sampleLibrary()
        try CatalogSQL.execute("UPDATE collection_counts SET count = 1 WHERE kind = 'all'", root: library.root)
        try CatalogSQL.execute(
            "UPDATE assets SET trash_path = CAST('x' AS BLOB) WHERE relative_path = CAST('no-exif.jpg' AS BLOB)",
            root: library.root)
        let result = try library.run(["verify", "--repair"])
        #expect(result.status == 1)
        #expect(result.stdout.contains(": 1 stored collection counts that disagree with the assets [not repaired: "))
        #expect(result.stdout.hasSuffix(": 2 problems, 0 repaired, 0 repairs failed, 2 left\n"), "\(result.stdout)")
        #expect(try library.run(["verify"]).stdout.contains("1 stored collection counts that disagree"))
    }

    @Test func takesNoArguments() throws {
        let library = try ListCommandTests.sampleLibrary(renditions: false)
        #expect(try library.run(["verify", "extra"]).status == 64)
    }

    /// A small raw's preview made at the size earlier versions made it (its half-size picture
    /// enlarged) has the name it has now: verify reads its header, reports it stale with its
    /// asset, and `--repair` makes it again at the half-size picture's size.
    @Test func aRawPreviewOfASizeNoLongerMadeIsMadeAgain() throws {
        let library = try TestLibrary()
        try Data(GeneratedTIFFFixtures.dng(width: 1600, height: 1200)).write(to: library.url("DSC_0003.DNG"))
        _ = try BinaryRunner.run(["init", library.root.path])
        #expect(try library.run(["index"]).status == 0)
        #expect(try library.run(["verify"]).status == 0)
        let renditions = try #require(try library.assets().first?["renditions"] as? [String: Any])
        let preview = try #require((renditions["preview"] as? [String: Any])?["path"] as? String)
        let thumbnail = try #require((renditions["thumbnail"] as? [String: Any])?["path"] as? String)
        // Another JPEG of another size in its place (the thumbnail's), old enough to be replaced.
        try FileManager.default.removeItem(atPath: preview)
        try FileManager.default.copyItem(atPath: thumbnail, toPath: preview)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: preview)
        let found = try library.run(["verify"])
        #expect(found.status == 1)
        #expect(
            found.stdout.hasPrefix(
                "rendition-stale: \(preview): preview made at 192x256; this raw's is 600x800 now"), "\(found.stdout)")
        let repaired = try library.run(["verify", "--repair", "--json"])
        #expect(repaired.status == 0, "\(repaired.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(repaired.stdout.utf8)) as? [String: Any])
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(finding["repaired"] as? Bool == true && (finding["assetId"] as? String)?.count == 16)
        let remade = try TestImage.decode(preview)
        #expect((remade.width, remade.height) == (600, 800))
        #expect(try library.run(["verify"]).status == 0)
    }
}
