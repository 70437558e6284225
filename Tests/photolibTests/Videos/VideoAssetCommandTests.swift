import Foundation
import PhotoSupport
import PhotoTestSupport
import Testing

/// End to end with the built binary: clips that ffmpeg makes in the test become assets whose
/// duration, upright size, codecs, date and place are what ffprobe and exiftool read from
/// the same files; a Live Photo's movie is its photo's companion; bad clips are one line each;
/// the filters, collections, flags, captions, ratings, keywords, trash and export take videos.
@Suite(.enabled(if: VideoClips.isAvailable, Comment(rawValue: VideoClips.skipMessage)))
struct VideoAssetCommandTests {
    /// The sample library's ten photos, and beside them clips of five containers, a Live
    /// Photo (a JPEG and its movie of the same name) and two broken MP4s.
    static func library() throws -> TestLibrary {
        let library = try TestLibrary.sample()
        let clips = library.url("clips")
        try FileManager.default.createDirectory(at: clips, withIntermediateDirectories: true)
        _ = try VideoClips.portrait(in: clips)
        let pattern = ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=1"]
        try VideoClips.make(
            "tone.mp4", in: clips,
            [
                "-f", "lavfi", "-i", "testsrc=size=320x240:rate=30:duration=1.5", "-f", "lavfi", "-i",
                "sine=frequency=440:duration=1.5", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac",
                "-metadata", "creation_time=2021-06-01T10:20:30Z", "-metadata", "location=+48.8584+002.2945/",
            ])
        try VideoClips.make("old.avi", in: clips, pattern + ["-c:v", "mpeg4"])
        try VideoClips.make("card.mts", in: clips, pattern + ["-c:v", "mpeg2video", "-f", "mpegts"])
        try VideoClips.make("web.mkv", in: clips, pattern + ["-c:v", "mpeg4"])
        // No movie header at all, and a recording cut before its header (ffmpeg writes moov last).
        try Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8) + [0, 0, 0, 8])
            .write(to: clips.appendingPathComponent("broken.mp4"))
        let whole = try VideoClips.make("whole.mp4", in: library.url(""), pattern + ["-c:v", "libx264"])
        let bytes = try Data(contentsOf: whole)
        try bytes.prefix(bytes.count / 2).write(to: clips.appendingPathComponent("cut.mp4"))
        try FileManager.default.removeItem(at: whole)
        let live = library.url("live")
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: true)
        try library.add(SampleFiles.root.appendingPathComponent("2015/lake-beach.jpg"), as: "live/IMG_0100.JPG")
        try VideoClips.make(
            "IMG_0100.MOV", in: live,
            ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=30:duration=1.2", "-c:v", "libx264"])
        return library
    }

    static func ffprobe(_ url: URL) throws -> (duration: Double, video: [String: Any], audio: [String: Any]?) {
        let probe = try MovieClips.probe(RawPath(url.path))
        let format = try #require(probe["format"] as? [String: Any])
        let streams = try #require(probe["streams"] as? [[String: Any]])
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        let duration = try #require(Double(format["duration"] as? String ?? ""))
        return (duration, video, streams.first { $0["codec_type"] as? String == "audio" })
    }

    @Test func clipsBecomeAssetsWithWhatFFprobeReads() throws {
        let library = try Self.library()
        let index = try library.run(["index", "--no-renditions"])
        #expect(index.status == 2, "\(index.stdout)\(index.stderr)")
        let lines = index.stderr.split(separator: "\n").map(String.init).sorted()
        #expect(
            lines == [
                "photolib: \(library.url("clips/broken.mp4").path): no movie header (truncated recording?)",
                "photolib: \(library.url("clips/cut.mp4").path): no movie header (truncated recording?)",
            ], "\(index.stderr)")
        #expect(index.stdout.contains("added 16,"), "\(index.stdout)")
        #expect(index.stdout.contains("failed 2,"), "\(index.stdout)")
        #expect(index.stdout.contains("companions 1"), "\(index.stdout)")
        #expect(
            index.stdout.contains("videos 5 (AVI 1, MKV/WebM 1, MOV 1, MP4 1, MPEG-TS 1)"), "\(index.stdout)")

        let videos = try library.assets(["--kind", "video"])
        #expect(
            Set(videos.compactMap { $0["fileName"] as? String }) == [
                "portrait.mov", "tone.mp4", "old.avi", "card.mts", "web.mkv",
            ])
        for asset in videos {
            let name = try #require(asset["fileName"] as? String)
            let truth = try Self.ffprobe(library.url("clips/\(name)"))
            #expect(asset["kind"] as? String == "video")
            #expect(asset["format"] as? String == "video")
            let duration = try #require(asset["duration"] as? Double, "\(name)")
            #expect(abs(duration - truth.duration) <= 0.1, "\(name): \(duration) vs ffprobe's \(truth.duration)")
            #expect(asset["videoCodec"] as? String == truth.video["codec_name"] as? String, "\(name)")
            #expect(asset["audioCodec"] as? String == truth.audio?["codec_name"] as? String, "\(name)")
            // ffprobe gives the stored size; the portrait clip's matrix turns it upright.
            let stored = (truth.video["width"] as? Int ?? 0, truth.video["height"] as? Int ?? 0)
            let upright = name == "portrait.mov" ? (stored.1, stored.0) : stored
            #expect(asset["width"] as? Int == upright.0 && asset["height"] as? Int == upright.1, "\(name)")
        }
        #expect(
            videos.first { $0["fileName"] as? String == "portrait.mov" }.map { ($0["width"], $0["height"]) }
                .map { "\($0.0 ?? "")x\($0.1 ?? "")" } == "240x320")

        // Date and place as exiftool reads them from the file.
        let tone = try #require(videos.first { $0["fileName"] as? String == "tone.mp4" })
        let tags = try MovieClips.exiftoolTags(
            RawPath(library.url("clips/tone.mp4").path), ["-GPSLatitude", "-GPSLongitude"])
        #expect(tone["takenAt"] as? String == "2021-06-01T10:20:30+00:00")
        let gps = try #require(tone["gps"] as? [String: Any])
        #expect(abs((gps["latitude"] as? Double ?? 0) - (tags["GPSLatitude"] as? Double ?? 99)) < 1e-6)
        #expect(abs((gps["longitude"] as? Double ?? 0) - (tags["GPSLongitude"] as? Double ?? 99)) < 1e-6)
        #expect(tone["takenAtSource"] as? String == "container")

        // The Live Photo: the photo is the asset, of kind live, with its movie's length.
        let live = try library.assets(["--kind", "live"])
        #expect(live.compactMap { $0["fileName"] as? String } == ["IMG_0100.JPG"])
        let clip = try Self.ffprobe(library.url("live/IMG_0100.MOV"))
        #expect(abs((live.first?["duration"] as? Double ?? 0) - clip.duration) <= 0.1)
        #expect(try library.assets(["--kind", "photo"]).count == 10)
        #expect(try library.assets().count == 16)

        // Durations: photos have none.
        #expect(
            try library.assets(["--min-duration", "1.8"]).compactMap { $0["fileName"] as? String } == ["portrait.mov"])
        #expect(
            Set(
                try library.assets(["--kind", "video", "--max-duration", "1.2s"]).compactMap {
                    $0["fileName"] as? String
                })
                == ["old.avi", "card.mts", "web.mkv"])
        let bad = try library.run(["list", "--kind", "movie"])
        #expect(bad.status == 64, "\(bad.stderr)")

        // A second index reads nothing again, and the broken clips are not reported twice.
        let again = try library.run(["index", "--no-renditions"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("added 0,"), "\(again.stdout)")
    }

    @Test func videosTakeEveryActionAndCollection() throws {
        let library = try Self.library()
        _ = try library.run(["index", "--no-renditions"])
        let clip = "clips/tone.mp4"
        for action in [
            ["action", "favourite", clip], ["action", "like", clip],
            ["action", "caption", "--value", "Eiffel tower at noon", clip],
            ["action", "rating", "--value", "4", clip], ["action", "keyword", "add", "--value", "Trips/Paris", clip],
            ["action", "city", "--value", "Paris", clip],
        ] {
            let result = try library.run(action)
            #expect(result.status == 0, "\(action): \(result.stderr)")
        }
        let tone = try #require(try library.assets(["--favourite"]).first)
        #expect(tone["fileName"] as? String == "tone.mp4")
        #expect(tone["liked"] as? Bool == true)
        #expect(tone["caption"] as? String == "Eiffel tower at noon")
        #expect(tone["rating"] as? Int == 4)
        #expect(tone["keywords"] as? [String] == ["Trips/Paris"])
        #expect(tone["city"] as? String == "Paris")
        #expect(try library.assets(["--keyword", "paris", "--kind", "video"]).count == 1)

        let collections =
            try JSONSerialization.jsonObject(
                with: Data(try library.run(["collections", "--json"]).stdout.utf8)) as? [[String: Any]]
        let counts = Dictionary(
            (collections ?? []).map { ($0["name"] as? String ?? "", $0["count"] as? Int ?? -1) },
            uniquingKeysWith: { first, _ in first })
        #expect(counts["Videos"] == 5, "\(counts)")
        #expect(counts["Live Photos"] == 1, "\(counts)")
        #expect(try library.assets(["--collection", "videos"]).count == 5)
        #expect(try library.assets(["--collection", "live-photos"]).count == 1)

        // To the trash and back, and the count follows.
        #expect(try library.run(["action", "delete", clip]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: library.url(clip).path))
        #expect(try library.assets(["--kind", "video"]).count == 4)
        #expect(try library.assets(["--collection", "videos"]).count == 4)
        #expect(try library.run(["action", "restore", clip]).status == 0)
        #expect(FileManager.default.fileExists(atPath: library.url(clip).path))
        #expect(try library.assets(["--collection", "videos"]).count == 5)

        // Exported byte for byte, and `pop --output -` hands out the clip itself.
        let out = try TemporaryDirectory()
        let export = try library.run(["export", out.url.path, "--kind", "video"])
        #expect(export.status == 0, "\(export.stderr)")
        let exported = FileManager.default.enumerator(atPath: out.url.path)?.compactMap { $0 as? String } ?? []
        let copy = try #require(exported.first { $0.hasSuffix("tone.mp4") }, "\(exported)")
        #expect(
            try Data(contentsOf: out.url.appendingPathComponent(copy)) == (try Data(contentsOf: library.url(clip))))
        #expect(exported.filter { !$0.hasSuffix("/") && $0.contains(".") }.count == 5, "\(exported)")
        let popped = try library.run(["pop", clip, "--output", "-"])
        #expect(popped.status == 0)
        #expect(Data(popped.stdout.utf8).count > 0)
    }
}
