import Foundation
import PhotoTestSupport
import Testing

/// Colour management seen from the command line: renditions made before it are stale in
/// `verify` and made again by `--repair` or `render --force`, never by an index; a photo whose
/// profile is broken is indexed with its renditions and one warning line.
@Suite struct ColourCommandTests {
    /// `jpeg` without its COM markers: what a rendition made before colour management is.
    static func withoutComments(_ jpeg: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0xFF, 0xD8]
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xDA {
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            if jpeg[offset + 1] != 0xFE { output += jpeg[offset..<offset + 2 + length] }
            offset += 2 + length
        }
        return output + jpeg[offset...]
    }

    static func hasComment(_ path: String) throws -> Bool {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return withoutComments(bytes) != bytes
    }

    @Test func renditionsMadeBeforeColourManagementAreStaleUntilMadeAgain() throws {
        let library = try ListCommandTests.sampleLibrary()
        #expect(try library.run(["verify"]).status == 0)
        let asset = try #require(
            try library.assets().first { ($0["relativePath"] as? String) == "2015/lake-beach.jpg" })
        let renditions = try #require(asset["renditions"] as? [String: Any])
        let paths = try ["preview", "thumbnail"].map { kind in
            try #require((renditions[kind] as? [String: Any])?["path"] as? String)
        }
        for path in paths {
            #expect(try Self.hasComment(path))
            let old = Self.withoutComments([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            try Data(old).write(to: URL(fileURLWithPath: path))
        }
        let found = try library.run(["verify"])
        #expect(found.status == 1)
        #expect(
            found.stdout.contains("rendition-stale: \(paths[0]): preview made before colour management"),
            "\(found.stdout)")
        #expect(found.stdout.contains("rendition-stale: \(paths[1]): thumbnail made before colour management"))
        // An index leaves them: a library's worth of renditions is remade when asked for.
        #expect(try library.run(["index"]).status == 0)
        #expect(try !Self.hasComment(paths[0]))
        let repaired = try library.run(["verify", "--repair"])
        #expect(repaired.status == 0, "\(repaired.stdout)\(repaired.stderr)")
        #expect(try paths.allSatisfy(Self.hasComment))
        #expect(try library.run(["verify"]).status == 0)
        // render --force makes them again too.
        try Data(Self.withoutComments([UInt8](try Data(contentsOf: URL(fileURLWithPath: paths[0])))))
            .write(to: URL(fileURLWithPath: paths[0]))
        #expect(try library.run(["render", "--force"]).status == 0)
        #expect(try Self.hasComment(paths[0]))
        #expect(try library.run(["verify"]).status == 0)
    }

    /// A photo whose embedded profile is junk: indexed, its renditions made, one warning
    /// naming it on stderr, exit 0.
    @Test func aBrokenProfileIsOneWarningAndTheRenditionsAreMade() throws {
        let library = try TestLibrary()
        var junk = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        junk.replaceSubrange(0..<4, with: [0, 0, 0x0B, 0xB8])
        junk.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        var encoder = FixtureJPEG()
        encoder.segments = FixtureSegments.iccProfile(junk)
        try Data(encoder.encode(TestImage.testCard(width: 320, height: 240))).write(to: library.url("broken.jpg"))
        try Data(FixtureJPEG().encode(TestImage.testCard(width: 320, height: 240))).write(to: library.url("plain.jpg"))
        _ = try BinaryRunner.run(["init", library.root.path])
        let index = try library.run(["index"])
        #expect(index.status == 0)
        let lines = index.stderr.split(separator: "\n").filter { $0.contains("colour profile") }
        #expect(lines.count == 1 && lines[0].contains("broken.jpg"), "\(index.stderr)")
        for asset in try library.assets() {
            let renditions = try #require(asset["renditions"] as? [String: Any])
            #expect(renditions["preview"] != nil && renditions["thumbnail"] != nil)
        }
        #expect(try library.run(["verify"]).status == 0)
    }
}
