import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

/// A video's thumbnail and preview are its poster frame, in the same store and naming as a
/// photo's (FFmpeg in this process: a test runner registers no worker).
@Suite(.enabled(if: VideoClips.isAvailable, Comment(rawValue: VideoClips.skipMessage)))
final class RenditionMakerVideoTests {
    let bench: RenditionWorkbench

    init() throws { bench = try RenditionWorkbench() }

    @Test func aPortraitClipGetsUprightRenditionsNamedByItsContent() throws {
        let clip = RawPath(try VideoClips.portrait(in: bench.directory.url).path)
        let maker = bench.maker(preview: 1280, thumbnail: 256)
        let made = try maker.make(
            source: clip, contentHash: nil, orientation: 1, kinds: [.thumbnail, .preview], force: false)
        let hash = try ContentHash.ofFile(at: clip).hash.description
        #expect(made.contentHash == hash)
        let preview = try #require(made.preview)
        let thumbnail = try #require(made.thumbnail)
        #expect(preview.path.description.contains(String(hash.prefix(8))))
        // Never enlarged: the preview is the upright 240x320 picture, the thumbnail fits 256.
        #expect((preview.width, preview.height) == (240, 320))
        #expect((thumbnail.width, thumbnail.height) == (192, 256))
        let decoded = try TestImage.decode(preview.path)
        #expect((decoded.width, decoded.height) == (240, 320))
        let small = try TestImage.decode(thumbnail.path)
        #expect((small.width, small.height) == (192, 256))

        // Made again, both exist: only the probe runs, and says the same sizes.
        let again = try maker.make(
            source: clip, contentHash: hash, orientation: 1, kinds: [.thumbnail, .preview], force: false)
        #expect(!again.madeAnything)
        #expect(again.preview?.width == 240 && again.thumbnail?.height == 256)
    }

    @Test func aDamagedClipIsAnErrorNamingTheFile() throws {
        let clip = try bench.write(
            [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [UInt8](repeating: 0x33, count: 2000), named: "cut.mp4")
        #expect(VideoFile.isVideo(clip))
        #expect {
            _ = try bench.render(clip, key: "cut", with: bench.maker(preview: 320, thumbnail: 64))
        } throws: { error in
            "\(error)".hasPrefix("\(clip): cannot read video: ")
        }
        #expect(bench.renditionFiles().isEmpty)
    }
}
