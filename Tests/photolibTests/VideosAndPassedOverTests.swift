import Foundation
import Testing

/// End to end: clips that are no whole movies (recognised as videos by their bytes, whatever
/// their names) are one line each, as are GIF, BMP and PSD heads without their image (formats
/// photolib reads); other files named with `index --verbose`; and `peek` on a file that is no asset says why instead of
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

    @Test func brokenClipsAreOneLineEachAndOtherFilesAreCounted() throws {
        let library = try library()
        let plain = try library.run(["index", "--no-renditions"])
        // The heads above are no whole movies or images: each is one line naming it, the batch
        // goes on, exit 2. The MOV beside the HEIC of its name is that Live Photo's movie, a companion.
        #expect(plain.status == 2, "\(plain.stderr)")
        #expect(plain.stdout.contains("added 1,"), "\(plain.stdout)")
        #expect(plain.stdout.contains("failed 7,"), "\(plain.stdout)")
        #expect(plain.stdout.contains("companions 2"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("skipped:"), "\(plain.stdout)")
        #expect(!plain.stdout.contains("videos "), "\(plain.stdout)")
        #expect(plain.stdout.contains("skipped 1 (not images)"))
        #expect(!plain.stdout.contains("passed over"))
        let lines = plain.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 7, "\(plain.stderr)")
        for name in ["anim.gif", "scan.bmp", "layers.psd"] {
            #expect(
                lines.contains { $0.hasPrefix("photolib: \(library.url("phone/\(name)").path): ") }, "\(plain.stderr)")
        }
        for name in ["clip.mp4", "phone.3gp", "misnamed.jpg"] {
            let path = library.url("phone/\(name)").path
            #expect(lines.contains("photolib: \(path): no movie header (truncated recording?)"), "\(plain.stderr)")
        }
        #expect(lines.contains { $0.hasPrefix("photolib: \(library.url("phone/old.avi").path): ") }, "\(plain.stderr)")
        // The "movie" beside the HEIC is no movie: a companion still, but the photo stays a photo.
        #expect(try library.assets(["--kind", "live"]).isEmpty)

        let verbose = try library.run(["index", "--no-renditions", "--verbose", "--retry-failed"])
        let said = verbose.stdout.split(separator: "\n").map(String.init)
        #expect(
            said.contains("passed over \(library.url("phone/notes.txt").path): not a format photolib reads (text)"))

        let json =
            try JSONSerialization.jsonObject(
                with: Data(
                    try library.run(["index", "--no-renditions", "--json", "--verbose", "--retry-failed"]).stdout.utf8))
            as? [String: Any]
        let summary = try #require(json)
        #expect(summary["videos"] as? [String: Int] == [:])
        #expect(summary["notReadYet"] as? [String: Int] == [:])
        let failures = try #require(summary["failures"] as? [[String: Any]])
        #expect(failures.count == 7)
        let passedOver = try #require(summary["passedOver"] as? [[String: Any]])
        #expect(passedOver.count == 1)
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
        let clip = try peek("clip.mp4")
        #expect(clip.0 == 66)
        #expect(
            clip.1.hasPrefix("photolib: error: phone/clip.mp4: not an asset: index could not read it (")
                && clip.1.contains("no movie header (truncated recording?)"), "\(clip.1)")
        #expect(
            try peek("notes.txt") == (
                66, "photolib: error: phone/notes.txt: not an asset: text, a format photolib does not read\n"
            ))
        #expect(
            try peek("CRW_0002.THM") == (
                66,
                "photolib: error: phone/CRW_0002.THM: not an asset: a camera's thumbnail (.THM), never a photo of its own\n"
            ))
        let gif = try peek("anim.gif")
        #expect(gif.0 == 66)
        #expect(
            gif.1.hasPrefix("photolib: error: phone/anim.gif: not an asset: index could not read it (")
                && gif.1.contains("cannot read GIF: "), "\(gif.1)")
        // A readable photo added since the index is the one case where indexing is the answer.
        try library.add(FormatsCommandTests.fixtures.appendingPathComponent("rgba.png"), as: "phone/new.png")
        #expect(
            try peek("new.png") == (
                66, "photolib: error: phone/new.png: not in the catalog yet; run 'photolib index' first\n"
            ))
    }
}
