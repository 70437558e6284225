import Foundation
import PhotoTestSupport
import Testing

/// A file renamed and edited in one step (issue 26.3): `exiftool '-XMP-dc:Subject+=edited'
/// '-FileName=NEW' OLD` rewrites the metadata and the name at once, so neither the path nor the
/// content fingerprint matches. The picture data's hash (`imageDataHash`) does: one index run
/// finds one asset moved and changed, its favourite, rating and caption kept. Run on the built
/// binary, with exiftool making the edits; skipped without it.
@Suite struct RenamedAndEditedTests {
    static let exiftool = "/usr/bin/exiftool"

    static func exiftool(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exiftool)
        process.arguments = ["-q", "-q"] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "exiftool \(arguments)")
    }

    /// A SampleLibrary JPEG, a PNG and a WebP: each edited and renamed, each kept.
    @Test(arguments: [
        ("2015/bordeaux-art.jpg", "2015/bordeaux-art_edited.jpg"),
        ("formats/rgba.png", "formats/rgba_edited.png"),
        ("formats/sunset-exif.webp", "formats/sunset-exif_edited.webp"),
    ])
    func renamedAndEditedInOneStepIsOneAssetMovedAndChanged(old: String, new: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.exiftool) else {
            print("skipped: \(Self.exiftool) is absent (the edit is exiftool's)")
            return
        }
        let library = try TestLibrary.sample()
        for name in ["rgba.png", "sunset-exif.webp"] {
            try library.add(FormatsCommandTests.fixtures.appendingPathComponent(name), as: "formats/\(name)")
        }
        let first = try library.run(["index", "--no-renditions"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try #require(try library.assets().first { $0["relativePath"] as? String == old })
        let id = try #require(before["id"] as? String)
        let hash = try #require(before["imageDataHash"] as? String, "\(old) has an image data hash")
        let fingerprint = try #require(before["fingerprint"] as? String)
        #expect(try library.run(["action", "favourite", id]).status == 0)
        #expect(try library.run(["action", "rating", "--value", "4", id]).status == 0)
        #expect(try library.run(["action", "caption", id, "--value", "Kept over the rename"]).status == 0)

        try Self.exiftool([
            "-overwrite_original", "-XMP-dc:Subject+=edited", "-FileName=\(library.url(new).lastPathComponent)",
            library.url(old).path,
        ])
        #expect(!FileManager.default.fileExists(atPath: library.url(old).path))

        let second = try library.run(["index", "--no-renditions"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("added 0, updated 0, moved 1,"), "\(second.stdout)")
        #expect(second.stdout.contains("missing 0"), "\(second.stdout)")
        let assets = try library.assets(["--collection", "all"])
        let after = try #require(assets.first { $0["id"] as? String == id }, "the asset kept its id")
        #expect(after["relativePath"] as? String == new)
        #expect(after["fingerprint"] as? String != fingerprint, "the file's bytes did change")
        #expect(after["imageDataHash"] as? String == hash, "its picture data did not")
        #expect(after["favourite"] as? Bool == true)
        #expect(after["rating"] as? Int == 4)
        #expect(after["caption"] as? String == "Kept over the rename")
        #expect((after["keywords"] as? [String])?.contains("edited") == true, "the edit was read")
        #expect(try library.assets(["--missing"]).isEmpty)
    }

    /// A different picture put in place of a deleted one is no move, whatever its metadata:
    /// a JPEG re-encoded (other picture data) with the same tags is a new asset, and the old
    /// one goes missing. And the picture data's hash is not the fingerprint: copies that differ
    /// only in metadata share it, different photos do not.
    @Test func anotherPictureUnderANewNameIsNotAMove() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.exiftool) else {
            print("skipped: \(Self.exiftool) is absent")
            return
        }
        let library = try TestLibrary.sample()
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        let hashes = try library.assets().compactMap { $0["imageDataHash"] as? String }
        // The sample's ten photos are ten different pictures: ten hashes.
        #expect(hashes.count == 10 && Set(hashes).count == 10)

        // lake-beach's tags copied onto harbour's picture, under a new name; lake-beach deleted.
        try FileManager.default.copyItem(at: library.url("2015/harbour-rouffiac.jpg"), to: library.url("2015/lake.jpg"))
        try Self.exiftool([
            "-overwrite_original", "-tagsFromFile", library.url("2015/lake-beach.jpg").path, "-all:all",
            library.url("2015/lake.jpg").path,
        ])
        try FileManager.default.removeItem(at: library.url("2015/lake-beach.jpg"))
        let index = try library.run(["index", "--no-renditions"])
        #expect(index.stdout.hasPrefix("added 1, updated 0, moved 0,"), "\(index.stdout)")
        #expect(index.stdout.contains("missing 1"), "\(index.stdout)")
    }
}
