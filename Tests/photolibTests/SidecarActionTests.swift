import Foundation
import Testing

/// With `sidecars: write`, actions give caption, city and favourite back in an XMP sidecar.
@Suite struct SidecarActionTests {
    @Test func actionsWriteTheSidecarAndIndexingKeepsTheUsersValues() throws {
        let library = try TestLibrary()
        let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary")
        try library.add(sample.appendingPathComponent("2015/lake-beach.jpg"), as: "lake.jpg")
        #expect(try BinaryRunner.run(["init", "--sidecars", "write", library.root.path]).status == 0)
        #expect(try library.run(["index"]).status == 0)
        let original = try Data(contentsOf: library.url("lake.jpg"))

        #expect(try library.run(["action", "favourite", "lake.jpg"]).status == 0)
        #expect(try library.run(["action", "caption", "--value", "Lac de Bordeaux, été", "lake.jpg"]).status == 0)
        #expect(try library.run(["action", "city", "--value", "Bordeaux", "lake.jpg"]).status == 0)

        let sidecar = try String(contentsOf: library.url("lake.jpg.xmp"), encoding: .utf8)
        #expect(sidecar.contains("Lac de Bordeaux, été"))
        #expect(sidecar.contains("Bordeaux"))
        #expect(sidecar.contains("Rating"))
        #expect(try Data(contentsOf: library.url("lake.jpg")) == original, "the original must never be written")

        // Re-indexing reads the sidecar; the user's edits still win and the asset is unchanged.
        _ = try library.run(["index"])
        let asset = try #require(try library.assets().first)
        #expect(asset["caption"] as? String == "Lac de Bordeaux, été")
        #expect(asset["captionSource"] as? String == "user")
        #expect(asset["city"] as? String == "Bordeaux" && asset["citySource"] as? String == "user")
        #expect(asset["favourite"] as? Bool == true)
        #expect(asset["rating"] as? Int == 5)

        #expect(try library.run(["action", "unfavourite", "lake.jpg"]).status == 0)
        let after = try String(contentsOf: library.url("lake.jpg.xmp"), encoding: .utf8)
        #expect(!after.contains("Rating=\"5\"") && !after.contains("<xmp:Rating>5<"))
    }

    @Test func withSidecarsOffNothingIsWritten() throws {
        let library = try TestLibrary()
        let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary")
        try library.add(sample.appendingPathComponent("2015/lake-beach.jpg"), as: "lake.jpg")
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        _ = try library.run(["index"])
        #expect(try library.run(["action", "favourite", "lake.jpg"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: library.url("lake.jpg.xmp").path))
    }
}
