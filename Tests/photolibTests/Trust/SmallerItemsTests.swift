import Foundation
import PhotoTestSupport
import Testing

/// Issue 11's smaller items, each as a user meets it.
@Suite struct SmallerItemsTests {
    private func indexedSample(_ backend: CatalogBackend = .sqlite) throws -> TestLibrary {
        let library = try TestLibrary.sample(backend)
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        return library
    }

    /// Item 16: a trashed asset is not "missing" to index.
    @Test func indexDoesNotCountTrashedAssetsAsMissing() throws {
        let library = try indexedSample()
        #expect(try library.run(["action", "delete", "2015/lake-beach.jpg"]).status == 0)
        let index = try library.run(["index", "--no-renditions"])
        #expect(index.status == 0)
        #expect(index.stdout.contains("missing 0"), "\(index.stdout)")
        #expect(try library.assets(["--missing"]).isEmpty)
    }

    /// Item 16: render of an asset whose header gives no size fails and says so.
    @Test func renderOfAnAssetWithNoSizeFails() throws {
        let library = try indexedSample()
        try CatalogSQL.execute(
            "UPDATE assets SET pixel_width = NULL, pixel_height = NULL WHERE relative_path = CAST('2015/lake-beach.jpg' AS BLOB)",
            root: library.root)
        let render = try library.run(["render", "2015/lake-beach.jpg"])
        #expect(render.status == 1)
        #expect(render.stdout == "made 0, existing 0, failed 1\n")
        #expect(render.stderr == "photolib: 2015/lake-beach.jpg: cannot render: its header gives no image size\n")
    }

    /// Item 15: verify on a catalog with corrupt pages gives the documented finding.
    @Test func verifyOnACorruptCatalogSaysCatalogDamaged() throws {
        let library = try indexedSample()
        let catalog = try FileHandle(forUpdating: library.url(".photolib/catalog.sqlite"))
        try catalog.seek(toOffset: 4096)
        try catalog.write(contentsOf: Data(repeating: 0x5A, count: 4096 * 6))
        try catalog.close()
        let verify = try library.run(["verify"])
        #expect(verify.status == 1)
        #expect(
            verify.stdout.hasPrefix(
                "catalog-damaged: \(library.url(".photolib/catalog.sqlite").path): SQLite error 11: "
                    + "database disk image is malformed\n"), "\(verify.stdout)")
        #expect(!verify.stdout.contains("SELECT") && verify.stderr.isEmpty, "\(verify.stderr)")
        let json = try library.run(["verify", "--json"])
        #expect(json.stdout.contains("\"catalog-damaged\""))
    }

    /// Item 12: a 255-byte name goes into the trash and back.
    @Test(arguments: CatalogBackend.all)
    func aLongNameCanBeDeletedAndRestored(backend: CatalogBackend) throws {
        let library = try TestLibrary.sample(backend)
        let name = String(repeating: "n", count: 251) + ".jpg"
        try library.add(
            BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015/lake-beach.jpg"), as: "long/\(name)")
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let deleted = try library.run(["action", "delete", "long/\(name)"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library.url("long/\(name)").path))
        let id = try #require(try library.assets(["--trashed"]).first?["id"] as? String)
        #expect(try library.run(["action", "restore", id]).status == 0)
        #expect(FileManager.default.fileExists(atPath: library.url("long/\(name)").path))
    }
}

extension SmallerItemsTests {
    /// Item 13: the temporaries a killed photolib leaves beside a sidecar, the settings or a
    /// moved original are reported by verify and removed by --repair.
    @Test(arguments: CatalogBackend.all)
    func verifyReportsAndRepairRemovesLeftoverTemporaries(backend: CatalogBackend) throws {
        let library = try indexedSample(backend)
        let names = [
            "2015/.lake-beach.jpg.xmp.tmp-999999-12345", ".photolib/.settings.json.tmp-999999-1",
            "2015/.lake-beach.jpg.photolib-999999-77",
        ]
        let old = Date(timeIntervalSinceNow: -3600)
        for name in names {
            try Data("half".utf8).write(to: library.url(name))
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: library.url(name).path)
        }
        let verify = try library.run(["verify"])
        #expect(verify.status == 1)
        for name in names {
            #expect(
                verify.stdout.contains(
                    "temporary-left: \(library.url(name).path): temporary file left by a photolib that was stopped"),
                "\(verify.stdout)")
        }
        let repair = try library.run(["verify", "--repair"])
        #expect(repair.status == 0, "\(repair.stdout)")
        for name in names { #expect(!FileManager.default.fileExists(atPath: library.url(name).path)) }
    }
}
