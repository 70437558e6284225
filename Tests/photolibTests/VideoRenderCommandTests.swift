import Foundation
import PhotoCatalog
import PhotoSupport
import PhotoTestSupport
import Testing

/// End to end: `render` makes a video's thumbnail and preview from its poster frame in the
/// video worker (a child photolib: the photolib that renders never loads FFmpeg), and a
/// damaged clip is one line while the batch goes on.
@Suite(.enabled(if: VideoClips.isAvailable, Comment(rawValue: VideoClips.skipMessage)))
struct VideoRenderCommandTests {
    /// A library with clips put in its catalog as assets the way the index puts files there
    /// (the index takes no video yet: their fields come with the video asset fields).
    static func library(_ clips: [String: (URL) throws -> Void]) throws -> TestLibrary {
        let library = try TestLibrary()
        try FileManager.default.createDirectory(at: library.url("clips"), withIntermediateDirectories: true)
        for (_, make) in clips { try make(library.url("clips")) }
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let catalog = try SQLiteCatalog(path: RawPath(library.url(".photolib/catalog.sqlite").path))
        let scanned = try clips.keys.sorted().enumerated().map { index, name in
            let size = try FileManager.default.attributesOfItem(atPath: library.url("clips/\(name)").path)[.size]
            return CatalogFixtures.scanned(
                String(format: "%016x", index + 1), "clips/\(name)", size: (size as? NSNumber)?.int64Value ?? 0)
        }
        try catalog.applyIndexChanges(scanned: scanned, missing: [])
        return library
    }

    static func preview(of name: String, in library: TestLibrary) throws -> String {
        let asset = try #require(try library.assets().first { $0["fileName"] as? String == name })
        let renditions = try #require(asset["renditions"] as? [String: Any])
        let preview = try #require(renditions["preview"] as? [String: Any])
        return try #require(preview["path"] as? String)
    }

    @Test func renderMakesUprightPostersAndOneLineForADamagedClip() throws {
        let library = try Self.library([
            "portrait.mov": { _ = try VideoClips.portrait(in: $0) },
            "fade.mp4": { _ = try VideoClips.blackStart(in: $0) },
            "broken.mp4": {
                try Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [UInt8](repeating: 0x5A, count: 3000))
                    .write(to: $0.appendingPathComponent("broken.mp4"))
            },
        ])
        let result = try library.run(["render"])
        #expect(result.stdout == "made 2, existing 0, failed 1\n", "\(result.stderr)")
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(
            lines.first?.contains("\(library.url("clips/broken.mp4").path): cannot read video: ") == true,
            "\(result.stderr)")

        let portrait = try TestImage.decode(try Self.preview(of: "portrait.mov", in: library))
        #expect(portrait.width == 240 && portrait.height == 320)
        let fade = try TestImage.decode(try Self.preview(of: "fade.mp4", in: library))
        let mean = Double(fade.pixels.reduce(0) { $0 + Int($1) }) / Double(fade.pixels.count)
        #expect(mean > 40, "the poster's mean brightness is \(mean): a black frame")

        // Made again in a photolib that the dynamic loader watches: FFmpeg's libraries are
        // loaded in the worker children only.
        let again = try BinaryRunner.run(
            ["render", "--force", "--library", library.root.path, "clips/portrait.mov"],
            environment: ["LD_DEBUG": "files"])
        #expect(again.stdout == "made 1, existing 0, failed 0\n", "\(again.stderr.suffix(2000))")
        let loaded = LibraryLoadingTests.loaded(again.stderr)
        #expect(loaded.contains { $0.hasPrefix("libsqlite3.so") }, "the loader said nothing")
        for name in LibraryLoadingTests.ffmpegLibraries {
            #expect(!loaded.contains { $0.hasPrefix(name) }, "render loaded \(name) itself")
        }
    }

    /// A short VP9 WebM has one key frame, at its start; the seek to the poster's offset went
    /// past it and the clip was "undecodable". Its poster is now that first frame, the frame
    /// ffmpeg itself decodes first (compared at the preview's size).
    @Test func aShortVP9WebMGetsItsFirstFrameAsPoster() throws {
        let library = try Self.library([
            "short.webm": {
                try VideoClips.make(
                    "short.webm", in: $0,
                    [
                        "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=3", "-c:v", "libvpx-vp9",
                        "-b:v", "300k", "-deadline", "realtime",
                    ])
            }
        ])
        let result = try library.run(["render"])
        #expect(result.stdout == "made 1, existing 0, failed 0\n", "\(result.stderr)")
        #expect(result.status == 0)
        let preview = try TestImage.decode(try Self.preview(of: "short.webm", in: library))
        #expect(preview.width == 320 && preview.height == 240)
        // ffmpeg's own first frame of the clip, at JPEG's best quality, for the oracle.
        let first = try VideoClips.make(
            "first.jpg", in: library.url("."),
            ["-i", library.url("clips/short.webm").path, "-frames:v", "1", "-q:v", "1"])
        let difference = try #require(preview.meanAbsoluteDifference(to: try TestImage.decode(first.path)))
        #expect(difference < 6, "mean difference \(difference) from ffmpeg's first frame")
    }
}
