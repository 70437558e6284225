import Foundation
import PhotoTestSupport
import Testing

/// Renditions made by `index` and `render`, and reported in the asset JSON.
@Suite struct RenderCommandTests {
    @Test func indexMakesRenditionsAndTheJSONPointsAtThem() throws {
        let library = try ListCommandTests.sampleLibrary()
        let sunset = try #require(
            try library.assets().first { $0["fileName"] as? String == "sunset-orientation-6.jpg" })
        let renditions = try #require(sunset["renditions"] as? [String: Any])
        let thumbnail = try #require(renditions["thumbnail"] as? [String: Any])
        let preview = try #require(renditions["preview"] as? [String: Any])
        // Displayed 1920x1280 (stored 1280x1920, orientation 6): upright renditions are landscape.
        #expect(thumbnail["width"] as? Int == 256 && thumbnail["height"] as? Int == 171)
        #expect(preview["width"] as? Int == 1280 && preview["height"] as? Int == 853)
        for file in [thumbnail, preview] {
            let path = try #require(file["path"] as? String)
            #expect(path.hasPrefix(library.root.appendingPathComponent(".photolib/renditions/").path))
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]))
            #expect(
                JPEGSize.of(bytes).map { [$0.width, $0.height] } == [file["width"] as? Int, file["height"] as? Int])
        }
        // Nothing is made twice; --force makes them again.
        #expect(try library.run(["render"]).stdout == "made 0, existing 10, failed 0\n")
        #expect(
            try library.run(["render", "--force", "--kind", "thumbnail", "2015/lake-beach.jpg"]).stdout
                == "made 1, existing 0, failed 0\n")
        #expect(try library.run(["render", "--kind", "poster"]).status == 64)
    }

    @Test func noRenditionsThenRenderMakesThem() throws {
        let library = try ListCommandTests.sampleLibrary(renditions: false)
        let before = try #require(try library.assets().first)
        #expect((before["renditions"] as? [String: Any])?["preview"] is NSNull)
        let result = try library.run(["render", "--jobs", "2"])
        #expect(result.status == 0)
        #expect(result.stdout == "made 10, existing 0, failed 0\n")
        let after = try #require(try library.assets().first)
        #expect((after["renditions"] as? [String: Any])?["preview"] is [String: Any])
    }

    /// Headers that parse over image data libjpeg cannot decode (a scan naming a component the
    /// frame does not have): `index --no-renditions` cannot know, `peek` and `render` find out
    /// and the catalog keeps it.
    @Test func renderRecordsAnOriginalThatDoesNotDecode() throws {
        let library = try TestLibrary()
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        let frame = segment(0xC0, [8, 0, 16, 0, 16, 1, 1, 0x11, 0])
        let bytes =
            [0xFF, 0xD8] + segment(0xDB, [0] + [UInt8](repeating: 1, count: 64)) + frame
            + segment(0xDA, [1, 9, 0x00, 0, 63, 0]) + [UInt8](repeating: 0x55, count: 64) + [0xFF, 0xD9]
        try Data(bytes).write(to: library.url("undecodable.jpg"))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        #expect(try library.assets().first?["damaged"] as? Bool == false)
        // peek meets it first: it shows the facts without a preview, and says why.
        let peek = try library.run(["peek", "--json", "undecodable.jpg"])
        #expect(
            peek.status == 0 && peek.stdout.contains("\"previewError\": \"") && peek.stdout.contains("cannot decode"))
        #expect(try library.assets().first?["damaged"] as? Bool == true)
        // Known undecodable: render skips it (the same failure every run) unless retried.
        let skipped = try library.run(["render"])
        #expect(skipped.status == 0)
        #expect(skipped.stdout == "made 0, existing 0, failed 0, undecodable 1 (skipped; --retry-failed tries them)\n")
        let render = try library.run(["render", "--retry-failed"])
        #expect(render.status == 2)
        #expect(render.stdout == "made 0, existing 0, failed 1\n")
        let asset = try #require(try library.assets().first)
        #expect(asset["damaged"] as? Bool == true)
        let damage = try #require(asset["damage"] as? String)
        #expect(damage.hasPrefix("cannot decode JPEG: "), "\(damage)")
        #expect(asset["renditions"] as? [String: NSNull] != nil)
        // Said once, however often it is rendered.
        _ = try library.run(["render"])
        #expect(try library.assets().first?["damage"] as? String == damage)
        // verify knows the original has no renditions to expect.
        #expect(try library.run(["verify"]).status == 0)
    }

    /// A SampleLibrary photo cut in half, and one whose header claims 65500x65500 pixels.
    @Test func truncatedFilesAreRenderedAndFlaggedHugeOnesRefused() throws {
        let library = try TestLibrary()
        let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015/bordeaux-art.jpg")
        let whole = try Data(contentsOf: sample)
        try whole.prefix(whole.count / 2).write(to: library.url("truncated.jpg"))
        try PixelLimitCommandTests.oversizedPhoto().write(to: library.url("huge.jpg"))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let index = try library.run(["index"])
        #expect(index.status == 2)
        let lines = index.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "truncated.jpg: truncated (no end-of-image marker); decoded in part (Premature end of JPEG file)")
            })
        #expect(lines.contains { $0.contains("huge.jpg: ") && $0.contains("megapixel") })
        let assets = try library.assets()
        let truncated = try #require(assets.first { $0["fileName"] as? String == "truncated.jpg" })
        #expect(truncated["damaged"] as? Bool == true)
        #expect((truncated["renditions"] as? [String: Any])?["preview"] is [String: Any])
        let huge = try #require(assets.first { $0["fileName"] as? String == "huge.jpg" })
        #expect((huge["renditions"] as? [String: Any])?["preview"] is NSNull)
        let render = try library.run(["render", "huge.jpg"])
        #expect(render.status == 2)
        #expect(render.stderr.contains("65500x65500 is 4290.3 megapixels, over the limit of 250"))
    }
}

/// The frame size in a JPEG's SOF header, read the simple way (for checking renditions).
enum JPEGSize {
    static func of(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (
                    Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]),
                    Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                )
            }
            index += 2 + length
        }
        return nil
    }
}
