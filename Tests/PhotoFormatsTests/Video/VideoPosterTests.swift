import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// The probe and the poster frame of clips FFmpeg's `ffmpeg` command makes at test time, read
/// by FFmpeg's libraries in this process (no worker is registered in a test runner; the
/// end-to-end tests run the worker child).
@Suite(.enabled(if: VideoClips.isAvailable, Comment(rawValue: VideoClips.skipMessage)))
final class VideoPosterTests {
    let folder: TemporaryDirectory
    let videos = VideoPosterSource(program: nil, seconds: 30)

    init() throws { folder = try TemporaryDirectory() }

    func path(_ url: URL) -> RawPath { RawPath(url.path) }

    /// ffmpeg's own first frame at `seconds` of `clip`, turned as it turns it, as RGB.
    func ffmpegFrame(_ clip: URL, at seconds: String) throws -> TestImage {
        let raw = try VideoClips.make(
            "frame-\(seconds).rgb", in: folder.url,
            ["-ss", seconds, "-i", clip.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24"])
        let probe = try videos.probe(path(clip))
        return TestImage(width: probe.width, height: probe.height, pixels: Array(try Data(contentsOf: raw)))
    }

    @Test func theProbeSaysContainerCodecsDurationRateAndSize() throws {
        let clip = try VideoClips.make(
            "sound.mkv", in: folder.url,
            [
                "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=2", "-f", "lavfi", "-i",
                "sine=frequency=440:duration=2", "-c:v", "libx264", "-c:a", "aac", "-metadata",
                "creation_time=2024-05-06T07:08:09Z",
            ])
        let probe = try videos.probe(path(clip))
        #expect(probe.container == "matroska")
        #expect(probe.videoCodec == "h264")
        #expect(probe.audioCodec == "aac")
        #expect(abs((probe.duration ?? 0) - 2) < 0.1, "\(String(describing: probe.duration))")
        #expect(abs((probe.frameRate ?? 0) - 25) < 0.01)
        #expect(probe.width == 320 && probe.height == 240 && probe.rotation == 0)
        #expect(
            probe.creationTime?.hasPrefix("2024-05-06T07:08:09") == true, "\(String(describing: probe.creationTime))")
        #expect(probe.streams.map(\.kind) == ["video", "audio"])
        #expect(probe.streams.last?.sampleRate == 44100 && probe.streams.last?.channels == 1)
    }

    // WebM (VP9 from ffmpeg) gives "no key frame in the video stream" yet: to fix.
    @Test(arguments: ["clip.avi", "clip.mpg", "clip.ts"])
    func otherContainersAreProbedAndGivePosters(name: String) throws {
        let clip = try VideoClips.make(
            name, in: folder.url, ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25:duration=2"])
        let probe = try videos.probe(path(clip))
        #expect(probe.width == 320 && probe.height == 240, "\(probe)")
        #expect(abs((probe.duration ?? 0) - 2) < 0.2, "\(probe)")
        let poster = try videos.poster(path(clip), side: 160, limit: .standard)
        #expect(poster.width == 160 && poster.height == 120)
        #expect(PosterJudge.spread(of: poster.pixels).isLively)
    }

    @Test func aRotatedPortraitClipGivesAnUprightPoster() throws {
        let clip = try VideoClips.portrait(in: folder.url)
        let probe = try videos.probe(path(clip))
        #expect(probe.width == 240 && probe.height == 320 && probe.rotation != 0, "\(probe)")
        let poster = try videos.poster(path(clip), side: 1280, limit: .standard)
        #expect(poster.width == 240 && poster.height == 320)
        #expect(poster.displayWidth == 240 && poster.displayHeight == 320)
        // The key frame past 0.2 s is the one at 0.4 s: as ffmpeg itself turns it.
        let expected = try ffmpegFrame(clip, at: "0.4")
        let poster2 = TestImage(width: poster.width, height: poster.height, pixels: poster.pixels)
        let difference = try #require(poster2.meanAbsoluteDifference(to: expected))
        #expect(difference < 6, "mean difference \(difference) from ffmpeg's turned frame")
    }

    @Test func aClipStartingBlackGivesAPictureNotBlack() throws {
        let clip = try VideoClips.blackStart(in: folder.url)
        let poster = try videos.poster(path(clip), side: 320, limit: .standard)
        let spread = PosterJudge.spread(of: poster.pixels)
        #expect(spread.isLively, "mean \(spread.mean), spread \(spread.value)")
        // And the black frames are what a plain first frame would have given.
        let first = try ffmpegFrame(clip, at: "0")
        #expect(!PosterJudge.spread(of: first.pixels).isLively)
    }

    @Test func theFirstFrameOfAVeryShortClip() throws {
        let clip = try VideoClips.make(
            "short.mp4", in: folder.url,
            [
                "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=0.2", "-c:v", "libx264", "-pix_fmt",
                "yuv420p",
            ])
        let poster = try videos.poster(path(clip), side: 1280, limit: .standard)
        let expected = try ffmpegFrame(clip, at: "0")
        let difference = try #require(
            TestImage(width: poster.width, height: poster.height, pixels: poster.pixels)
                .meanAbsoluteDifference(to: expected))
        #expect(difference < 6, "mean difference \(difference) from the first frame")
    }

    @Test func garbageAndTruncatedClipsAreOneLineEach() throws {
        let garbage = try folder.write(
            [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [UInt8](repeating: 0x5A, count: 4000), named: "garbage.mp4")
        let whole = try Data(contentsOf: try VideoClips.landscape(in: folder.url))
        // ffmpeg writes the movie header last: cut in half, the file has none.
        let truncated = try folder.write(Array(whole.prefix(whole.count / 2)), named: "truncated.mp4")
        for file in [garbage, truncated] {
            #expect {
                _ = try videos.poster(file, side: 256, limit: .standard)
            } throws: { error in
                guard let error = error as? ImagingError, case .undecodableVideo(let message) = error.reason else {
                    return false
                }
                return !message.isEmpty && !error.description.contains("\n")
            }
        }
    }

    /// FFmpeg's own check refuses a stream claiming 100,000 x 100,000 as it opens it (it
    /// admits no picture of 2^28 pixels or more): one line, no decode.
    @Test func aClipClaimingAHundredThousandSquaredIsOneLine() throws {
        let file = try folder.write(VideoClips.claiming(width: 100_000, height: 100_000), named: "huge.y4m")
        #expect(VideoFile.isVideo(file))
        #expect {
            _ = try videos.poster(file, side: 256, limit: .standard)
        } throws: { error in
            guard let error = error as? ImagingError, case .undecodableVideo = error.reason else { return false }
            return !error.description.contains("\n")
        }
    }

    /// What FFmpeg would decode is refused by the library's pixel limit before a decoder is
    /// opened, with the limit's own words.
    @Test func aClipOverThePixelLimitIsRefusedBeforeDecoding() throws {
        let clip = try VideoClips.make(
            "big.mp4", in: folder.url,
            [
                "-f", "lavfi", "-i", "testsrc=size=1280x960:rate=25:duration=0.2", "-c:v", "libx264", "-pix_fmt",
                "yuv420p",
            ])
        #expect {
            _ = try videos.poster(path(clip), side: 256, limit: PixelLimit(megapixels: 1))
        } throws: { error in
            "\(error)".hasSuffix("1280x960 is 1.2 megapixels, over the limit of 1")
        }
        // The probe reads no picture: it still answers.
        #expect(try videos.probe(path(clip)).width == 1280)
    }

    @Test func videosAreToldByNameAndBytes() throws {
        let clip = try VideoClips.landscape(in: folder.url)
        #expect(VideoFile.isVideo(path(clip)))
        // A video's bytes under a photo's name, and a photo's under a video's, are not videos here.
        let renamed = try folder.write(Array(try Data(contentsOf: clip)), named: "clip.jpg")
        #expect(!VideoFile.isVideo(renamed))
        let photo = try folder.write([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 100), named: "x.mov")
        #expect(!VideoFile.isVideo(photo))
    }
}
