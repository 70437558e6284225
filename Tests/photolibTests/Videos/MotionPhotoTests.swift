import Foundation
import PhotoSupport
import PhotoTestSupport
import Testing

/// End to end: a motion photo (an MP4 appended to a JPEG whose XMP says where, as Google's
/// and Samsung's cameras write them; the XMP written by exiftool, the clip by ffmpeg) is one
/// asset of kind live with its clip's duration, and `pop --output - --motion` hands out the
/// clip byte for byte; a Live Photo hands out its movie, a plain photo says it has none.
@Suite(
    .enabled(
        if: VideoClips.isAvailable && MovieClips.exiftool != nil, "needs ffmpeg and exiftool to make a motion photo"))
struct MotionPhotoTests {
    @Test func aMotionPhotoIsLiveAndHandsOutItsClip() throws {
        let library = try TestLibrary()
        let phone = library.url("phone")
        try FileManager.default.createDirectory(at: phone, withIntermediateDirectories: true)
        let movie = try Self.clip(in: library)
        let photo = phone.appendingPathComponent("PXL_20230601_123456789.MP.jpg")
        try FileManager.default.copyItem(at: SampleFiles.root.appendingPathComponent("2015/lake-beach.jpg"), to: photo)
        try Self.append(movie, to: photo)
        let plain = phone.appendingPathComponent("plain.jpg")
        try FileManager.default.copyItem(at: SampleFiles.root.appendingPathComponent("no-exif.jpg"), to: plain)
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)

        let index = try library.run(["index", "--no-renditions"])
        #expect(index.status == 0, "\(index.stderr)")
        let live = try library.assets(["--kind", "live"])
        #expect(live.compactMap { $0["fileName"] as? String } == ["PXL_20230601_123456789.MP.jpg"])
        let clipFile = try TemporaryDirectory()
        let separate = clipFile.url.appendingPathComponent("clip.mp4")
        try movie.write(to: separate)
        let truth = try VideoAssetCommandTests.ffprobe(separate)
        #expect(abs((live.first?["duration"] as? Double ?? 0) - truth.duration) <= 0.1)
        #expect(live.first?["videoCodec"] as? String == "h264")
        #expect(live.first?["format"] as? String == "jpeg")

        let handed = try library.runRaw(["pop", "phone/PXL_20230601_123456789.MP.jpg", "--output", "-", "--motion"])
        #expect(handed.status == 0, "\(handed.stderr)")
        #expect(handed.stdout == [UInt8](movie))

        let none = try library.runRaw(["pop", "phone/plain.jpg", "--output", "-", "--motion"])
        #expect(none.status == 65)
        #expect(none.stderr.contains("phone/plain.jpg: not a Live Photo or motion photo"), "\(none.stderr)")
        #expect(none.stdout.isEmpty)
        let usage = try library.runRaw(["pop", "phone/plain.jpg", "--motion"])
        #expect(usage.status == 64)
    }

    /// A HEIC motion photo (Samsung's and Google's newer phones): the same XMP in the HEIF's
    /// XMP item, the MP4 after the HEIF's boxes. It is live with its clip, hands the clip out,
    /// and its photo renders as the same HEIC without the clip does (libheif was given the
    /// appended MP4's `ftyp` too, and refused the file).
    @Test(.enabled(if: MovieClips.executable("heif-enc") != nil, "heif-enc is needed to make a HEIC"))
    func aHEICMotionPhotoIsLiveAndItsPhotoRenders() throws {
        let library = try TestLibrary()
        for folder in ["phone", "plain"] {
            try FileManager.default.createDirectory(at: library.url(folder), withIntermediateDirectories: true)
        }
        let movie = try Self.clip(in: library)
        let plain = library.url("plain/photo.heic")
        try MovieClips.run(
            MovieClips.executable("heif-enc"),
            ["-q", "60", SampleFiles.root.appendingPathComponent("2015/lake-beach.jpg").path, "-o", plain.path])
        let photo = library.url("phone/photo.heic")
        try FileManager.default.copyItem(at: plain, to: photo)
        try Self.append(movie, to: photo)
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)

        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(index.stderr.isEmpty, "\(index.stderr)")
        let live = try library.assets(["--kind", "live"])
        #expect(live.compactMap { $0["relativePath"] as? String } == ["phone/photo.heic"])
        let separate = library.url("separate.mp4")
        try movie.write(to: separate)
        let truth = try VideoAssetCommandTests.ffprobe(separate)
        #expect(abs((live.first?["duration"] as? Double ?? 0) - truth.duration) <= 0.1)
        #expect(live.first?["videoCodec"] as? String == "h264")
        #expect(live.first?["format"] as? String == "heif")

        let handed = try library.runRaw(["pop", "phone/photo.heic", "--output", "-", "--motion"])
        #expect(handed.status == 0, "\(handed.stderr)")
        #expect(handed.stdout == [UInt8](movie))

        func preview(_ relativePath: String) throws -> TestImage {
            let asset = try #require(try library.assets().first { $0["relativePath"] as? String == relativePath })
            let renditions = try #require(asset["renditions"] as? [String: Any])
            let preview = try #require(renditions["preview"] as? [String: Any])
            return try TestImage.decode(try #require(preview["path"] as? String))
        }
        let withClip = try preview("phone/photo.heic")
        let plainPreview = try preview("plain/photo.heic")
        #expect(withClip.width == plainPreview.width && withClip.height == plainPreview.height)
        #expect(withClip.meanAbsoluteDifference(to: plainPreview) == 0)
    }

    /// A 1.5 s H.264 clip made by ffmpeg, as bytes.
    static func clip(in library: TestLibrary) throws -> Data {
        let clip = try VideoClips.make(
            "clip.mp4", in: library.root,
            [
                "-f", "lavfi", "-i", "testsrc=size=320x240:rate=30:duration=1.5", "-c:v", "libx264", "-pix_fmt",
                "yuv420p",
            ])
        defer { try? FileManager.default.removeItem(at: clip) }
        return try Data(contentsOf: clip)
    }

    /// Makes `photo` a motion photo as Google's camera writes one: its XMP (written by exiftool)
    /// declares a clip of `movie`'s length at the end, and `movie` is appended.
    static func append(_ movie: Data, to photo: URL) throws {
        try MovieClips.run(
            MovieClips.exiftool,
            [
                "-q", "-overwrite_original", "-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoVersion=1",
                "-XMP-GCamera:MicroVideoOffset=\(movie.count)", photo.path,
            ])
        let handle = try FileHandle(forWritingTo: photo)
        try handle.seekToEnd()
        try handle.write(contentsOf: movie)
        try handle.close()
    }
}
