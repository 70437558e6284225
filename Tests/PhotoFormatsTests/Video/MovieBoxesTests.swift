import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// The box walker on clips FFmpeg makes, against what ffprobe and exiftool read of them.
@Suite(.enabled(if: MovieClips.isAvailable, Comment(rawValue: MovieClips.skipMessage)))
struct MovieBoxesTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    func facts(_ path: RawPath) throws -> MovieFacts {
        try MovieBoxes.read(bytes: try FileSystem.readFile(path))
    }

    @Test func readsWhatFFprobeReads() throws {
        let clip = try MovieClips.make("clip.mov", in: folder, seconds: 2, size: "320x240", rate: 30)
        let movie = try facts(clip)
        let probe = try MovieClips.probe(clip)
        let streams = try #require(probe["streams"] as? [[String: Any]])
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        let audio = try #require(streams.first { $0["codec_type"] as? String == "audio" })
        let format = try #require(probe["format"] as? [String: Any])
        #expect(movie.videoCodec == video["codec_name"] as? String)
        #expect(movie.videoCodec == "h264")
        #expect(movie.audioCodec == audio["codec_name"] as? String)
        #expect(movie.width == video["width"] as? Int)
        #expect(movie.height == video["height"] as? Int)
        let duration = try #require(Double(format["duration"] as? String ?? ""))
        #expect(abs(try #require(movie.duration) - duration) < 0.05)
        #expect(movie.frameRate == 30)
        #expect(movie.rotation == 0)
        #expect(movie.takenAt == nil)
    }

    @Test func hevcAtItsFrameRate() throws {
        let clip = try MovieClips.make(
            "clip.mp4", in: folder, seconds: 1, rate: 24, codec: "libx265", audio: false,
            arguments: ["-tag:v", "hvc1", "-x265-params", "log-level=none"])
        let movie = try facts(clip)
        #expect(movie.videoCodec == "hevc")
        #expect(movie.audioCodec == nil)
        #expect(movie.frameRate == 24)
    }

    @Test func quarterTurnShowsUpright() throws {
        let clip = try MovieClips.make("flat.mov", in: folder, size: "320x240")
        for (angle, name) in [("90", "turned.mov"), ("270", "other.mp4"), ("180", "upside.mov")] {
            let turned = try MovieClips.remux(
                clip, to: name, in: folder, arguments: ["-metadata:s:v:0", "rotate=\(angle)"])
            let movie = try facts(turned)
            let exiftool = try MovieClips.exiftoolTags(turned, ["-Rotation"])
            #expect(movie.rotation == exiftool["Rotation"] as? Int, "\(name)")
            let swapped = angle != "180"
            #expect(movie.width == (swapped ? 240 : 320), "\(name)")
            #expect(movie.height == (swapped ? 320 : 240), "\(name)")
        }
    }

    @Test func appleKeysComeFirst() throws {
        let clip = try MovieClips.make(
            "IMG_0001.MOV", in: folder,
            arguments: [
                "-metadata", "creation_time=2023-06-01T08:00:00Z",
                "-metadata", "com.apple.quicktime.creationdate=2023-06-01T12:34:56+0200",
                "-metadata", "com.apple.quicktime.location.ISO6709=+48.8577+002.2950+035.000/",
                "-metadata", "com.apple.quicktime.make=Apple", "-metadata", "com.apple.quicktime.model=iPhone 12",
                "-metadata", "com.apple.quicktime.content.identifier=9A1B6C2D-0000-4E5F-8A9B-0C1D2E3F4A5B",
                "-movflags", "use_metadata_tags",
            ])
        let movie = try facts(clip)
        #expect(movie.takenAt == CaptureDate(localTime: "2023-06-01T12:34:56", utcOffset: "+02:00"))
        #expect(movie.make == "Apple")
        #expect(movie.model == "iPhone 12")
        #expect(movie.contentIdentifier == "9A1B6C2D-0000-4E5F-8A9B-0C1D2E3F4A5B")
        let gps = try #require(movie.gps)
        let exiftool = try MovieClips.exiftoolTags(clip, ["-GPSLatitude", "-GPSLongitude", "-CreationDate"])
        #expect(abs(gps.latitude - (exiftool["GPSLatitude"] as? Double ?? 0)) < 1e-6)
        #expect(abs(gps.longitude - (exiftool["GPSLongitude"] as? Double ?? 0)) < 1e-6)
        #expect(gps.altitude == 35)
        #expect(exiftool["CreationDate"] as? String == "2023:06:01 12:34:56+02:00")
    }

    @Test func movieHeaderTimeIsUTC() throws {
        let clip = try MovieClips.make(
            "clip.mp4", in: folder, arguments: ["-metadata", "creation_time=2019-12-31T23:59:58Z"])
        let movie = try facts(clip)
        #expect(movie.takenAt == CaptureDate(localTime: "2019-12-31T23:59:58", utcOffset: "+00:00"))
        let exiftool = try MovieClips.exiftoolTags(clip, ["-CreateDate"])
        #expect(exiftool["CreateDate"] as? String == "2019:12:31 23:59:58")
    }

    @Test func dayAtomBeforeMovieHeader() throws {
        let clip = try MovieClips.make(
            "clip.mp4", in: folder,
            arguments: [
                "-metadata", "creation_time=2019-12-31T23:59:58Z", "-metadata", "date=2021-03-04T05:06:07+0100",
                "-metadata", "location=+35.6895+139.6917/",
            ])
        let movie = try facts(clip)
        #expect(movie.takenAt == CaptureDate(localTime: "2021-03-04T05:06:07", utcOffset: "+01:00"))
        // FFmpeg writes an MP4's position as 3GPP's `loci`, in 16.16 fixed point.
        let gps = try #require(movie.gps)
        #expect(abs(gps.latitude - 35.6895) < 1e-4)
        #expect(abs(gps.longitude - 139.6917) < 1e-4)
    }

    @Test func quickTimeLocationAtom() throws {
        let clip = try MovieClips.make("clip.mov", in: folder, arguments: ["-metadata", "location=-33.8688+151.2093/"])
        let gps = try #require(try facts(clip).gps)
        #expect(abs(gps.latitude + 33.8688) < 1e-4)
        #expect(abs(gps.longitude - 151.2093) < 1e-4)
    }

    @Test(.enabled(if: MovieClips.exiftool != nil, "exiftool is not installed"))
    func xmpFromUUIDBoxAndXMPAtom() throws {
        for name in ["clip.mp4", "clip.mov"] {
            let clip = try MovieClips.make(name, in: folder)
            try MovieClips.run(
                MovieClips.exiftool,
                [
                    "-q", "-overwrite_original", "-XMP-dc:Description=Caption of \(name)", "-XMP-dc:Subject=beach",
                    clip.description,
                ])
            let xmp = try #require(try facts(clip).xmp, "\(name)")
            let packet = try XMPPacket(bytes: xmp)
            #expect(packet.value(XMPNamespace.dc, "description") == "Caption of \(name)")
            #expect(packet.keywords == ["beach"])
        }
    }

    @Test func iso6709Forms() {
        #expect(ISO6709.coordinate("+48.8577+002.2950/") == GPSCoordinate(latitude: 48.8577, longitude: 2.295))
        let minutes = ISO6709.coordinate("+4851.462+00217.700/")
        #expect(abs((minutes?.latitude ?? 0) - 48.8577) < 1e-4)
        #expect(abs((minutes?.longitude ?? 0) - 2.295) < 1e-4)
        let seconds = ISO6709.coordinate("-335207.7+1511233.5+010CRSWGS_84/")
        #expect(abs((seconds?.latitude ?? 0) + 33.868806) < 1e-5)
        #expect(seconds?.altitude == 10)
        #expect(ISO6709.coordinate("+99.0+000.0/") == nil)
        #expect(ISO6709.coordinate("garbage") == nil)
    }

    @Test func dates() {
        #expect(
            MovieWalk.date("2023-06-01T12:34:56+0200")
                == CaptureDate(localTime: "2023-06-01T12:34:56", utcOffset: "+02:00"))
        #expect(MovieWalk.date("2023-06-01T12:34:56.123-05:30")?.utcOffset == "-05:30")
        #expect(MovieWalk.date("2023:06:01 12:34:56") == CaptureDate(localTime: "2023-06-01T12:34:56"))
        #expect(MovieWalk.date("2023-06-01T10:34:56Z")?.utcOffset == "+00:00")
        #expect(MovieWalk.date("2023") == nil)
        #expect(MovieWalk.date("2023-06-01Tab:34:56") == nil)
    }
}
