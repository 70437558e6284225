import Foundation
import Testing

/// End to end: videos are not assets but are counted by kind (recognised by their bytes,
/// whatever their names) and named with `index --verbose`; GIF, BMP and PSD counted as
/// formats not read yet, not failures; and `peek` on a file that is no asset says why instead of
/// suggesting an index that would never make it one.
@Suite struct VideosAndPassedOverTests {
    /// The first bytes of each kind of file, enough for recognition.
    static let heads: [(String, [UInt8])] = [
        ("IMG_0001.MOV", [0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [0, 0, 0, 0] + Array("qt  ".utf8)),
        ("clip.mp4", [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8)),
        ("old.avi", Array("RIFF".utf8) + [0x10, 0, 0, 0] + Array("AVI LIST".utf8)),
        ("phone.3gp", [0, 0, 0, 0x14] + Array("ftyp3gp4".utf8) + [0, 0, 0, 0] + Array("3gp4".utf8)),
        // Named like a photo, but a movie by its bytes: counted as what it is.
        ("misnamed.jpg", [0, 0, 0, 0x08] + Array("wide".utf8) + [0, 0, 0, 0x08] + Array("mdat".utf8)),
        ("anim.gif", Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]),
        ("scan.bmp", Array("BM".utf8) + [UInt8](repeating: 0, count: 30)),
        ("layers.psd", Array("8BPS".utf8) + [0, 1, 0, 0, 0, 0, 0, 0]),
        ("notes.txt", Array("Tax free shopping list\n".utf8)),
    ]

    private func library() throws -> TestLibrary {
        let library = try TestLibrary()
        try library.add(
            FormatsCommandTests.fixtures.appendingPathComponent("sunset-exif6.heic"), as: "phone/IMG_0001.HEIC")
        for (name, bytes) in Self.heads { try Data(bytes).write(to: library.url("phone/\(name)")) }
        try Data(try Data(contentsOf: FormatsCommandTests.fixtures.appendingPathComponent("rgba.png")))
            .write(to: library.url("phone/CRW_0002.THM"))
        _ = try BinaryRunner.run(["init", library.root.path])
        return library
    }

    @Test func videosAreCountedByKindAndNamedWhenVerbose() throws {
        let library = try library()
        let plain = try library.run(["index", "--no-renditions"])
        // A GIF is named as a format not read yet, not a failure: the batch succeeds.
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("failed 0,"), "\(plain.stdout)")
        #expect(plain.stdout.contains("not read yet 3 (BMP 1, GIF 1, PSD 1)"), "\(plain.stdout)")
        #expect(plain.stdout.contains("videos 5 (MOV 2, 3GP 1, AVI 1, MP4 1)"), "\(plain.stdout)")
        #expect(plain.stdout.contains("skipped 1 (not images)"))
        #expect(!plain.stdout.contains("passed over"))
        #expect(plain.stderr == "")

        let verbose = try library.run(["index", "--no-renditions", "--verbose", "--retry-failed"])
        let lines = verbose.stdout.split(separator: "\n").map(String.init)
        for name in ["IMG_0001.MOV", "clip.mp4", "old.avi", "phone.3gp", "misnamed.jpg"] {
            #expect(
                lines.contains {
                    $0.hasPrefix("passed over \(library.url("phone/\(name)").path): ") && $0.hasSuffix(" video")
                })
        }
        #expect(
            lines.contains("passed over \(library.url("phone/notes.txt").path): not a format photolib reads (text)"))
        #expect(
            lines.contains("passed over \(library.url("phone/anim.gif").path): GIF: not a format photolib reads yet"))

        let json =
            try JSONSerialization.jsonObject(
                with: Data(
                    try library.run(["index", "--no-renditions", "--json", "--verbose", "--retry-failed"]).stdout.utf8))
            as? [String: Any]
        let summary = try #require(json)
        #expect(summary["videos"] as? [String: Int] == ["MOV": 2, "MP4": 1, "AVI": 1, "3GP": 1])
        #expect(summary["notReadYet"] as? [String: Int] == ["GIF": 1, "BMP": 1, "PSD": 1])
        let failures = try #require(summary["failures"] as? [[String: Any]])
        #expect(failures.isEmpty)
        let passedOver = try #require(summary["passedOver"] as? [[String: Any]])
        #expect(passedOver.count == 9)
        #expect(passedOver.contains { $0["reason"] as? String == "3GP video" })
    }

    @Test func peekSaysWhyAFileIsNoAsset() throws {
        let library = try library()
        _ = try library.run(["index", "--no-renditions"])
        func peek(_ name: String) throws -> (Int32, String) {
            let result = try library.run(["peek", "phone/\(name)"])
            return (result.status, result.stderr)
        }
        // A Live Photo movie beside its photo names the photo's asset.
        #expect(try peek("IMG_0001.MOV") == (0, ""))
        #expect(
            try peek("clip.mp4") == (
                66,
                "photolib: error: phone/clip.mp4: not an asset: MP4 video (photolib catalogues photos, not videos)\n"
            ))
        #expect(
            try peek("notes.txt") == (
                66, "photolib: error: phone/notes.txt: not an asset: text, a format photolib does not read\n"
            ))
        #expect(
            try peek("CRW_0002.THM") == (
                66,
                "photolib: error: phone/CRW_0002.THM: not an asset: a camera's thumbnail (.THM), never a photo of its own\n"
            ))
        #expect(
            try peek("anim.gif") == (
                66, "photolib: error: phone/anim.gif: not an asset: GIF image, a format photolib does not read\n"
            ))
        // A readable photo added since the index is the one case where indexing is the answer.
        try library.add(FormatsCommandTests.fixtures.appendingPathComponent("rgba.png"), as: "phone/new.png")
        #expect(
            try peek("new.png") == (
                66, "photolib: error: phone/new.png: not in the catalog yet; run 'photolib index' first\n"
            ))
    }
}
