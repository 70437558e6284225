import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// `ImageFileReader` takes movies as it takes photos: MOV/MP4 through the box walk (no
/// FFmpeg), AVI and MPEG-TS through FFmpeg's probe (in process here: no worker executable is
/// registered in unit tests), each with kind, format, MIME type and the movie's facts; a
/// clip cut before its header is one clear reason.
@Suite(.enabled(if: MovieClips.isAvailable, Comment(rawValue: MovieClips.skipMessage)))
struct VideoFileReadingTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    func truth(_ path: RawPath) throws -> (duration: Double, codec: String?, width: Int?, height: Int?) {
        let probe = try MovieClips.probe(path)
        let streams = try #require(probe["streams"] as? [[String: Any]])
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        let format = try #require(probe["format"] as? [String: Any])
        return (
            try #require(Double(format["duration"] as? String ?? "")), video["codec_name"] as? String,
            video["width"] as? Int, video["height"] as? Int
        )
    }

    @Test(arguments: [
        ("clip.mov", "MOV", "video/quicktime", "libx264", [String]()),
        ("clip.mp4", "MP4", "video/mp4", "libx264", []),
        ("clip.avi", "AVI", "video/x-msvideo", "mpeg4", []),
        ("clip.ts", "MPEG-TS", "video/mp2t", "mpeg2video", ["-f", "mpegts"]),
    ])
    func readsEachContainerAsAVideo(
        name: String, container: String, mimeType: String, codec: String, arguments: [String]
    ) throws {
        let clip = try MovieClips.make(
            name, in: folder, seconds: 1.5, size: "320x240", rate: 25, codec: codec, audio: false, arguments: arguments)
        let reading = try ImageFileReader.read(clip)
        let expected = try truth(clip)
        #expect(reading.videoKind == container)
        #expect(reading.metadata.kind == .video)
        #expect(reading.metadata.format == .video)
        #expect(reading.metadata.mimeType == mimeType)
        #expect(reading.metadata.orientation == 1)
        #expect(reading.metadata.pixelWidth == expected.width && reading.metadata.pixelHeight == expected.height)
        let video = try #require(reading.metadata.video)
        #expect(abs(try #require(video.duration) - expected.duration) <= 0.1, "\(name)")
        #expect(video.videoCodec == expected.codec, "\(name)")
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(reading.fingerprint.count == 16)
    }

    @Test func aClipCutBeforeItsHeaderIsOneReason() throws {
        let clip = try MovieClips.make("whole.mp4", in: folder, seconds: 1)
        let bytes = try FileSystem.readFile(clip)
        let cut = folder.path.appending("cut.mp4")
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: cut.description))
        #expect(
            throws: ImageReadError(
                path: cut, reason: .undecodable(format: .video, message: "no movie header (truncated recording?)"))
        ) {
            try ImageFileReader.read(cut)
        }
        let error = try #require(throws: ImageReadError.self) { try ImageFileReader.read(cut) }
        #expect(error.description == "\(cut): no movie header (truncated recording?)")
    }

    @Test func aLivePhotosClipGivesItsFacts() throws {
        let clip = try MovieClips.make("IMG_0001.MOV", in: folder, seconds: 1.2, rate: 30)
        let facts = try #require(ImageFileReader.clipFacts(clip))
        #expect(abs(try #require(facts.duration) - (try truth(clip).duration)) <= 0.1)
        #expect(facts.videoCodec == "h264")
        #expect(facts.audioCodec == "aac")
        #expect(ImageFileReader.clipFacts(folder.path.appending("none.mov")) == nil)
    }
}
