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

    @Test func takesNoArguments() throws {
        let library = try ListCommandTests.sampleLibrary(renditions: false)
        #expect(try library.run(["verify", "extra"]).status == 64)
    }
}
