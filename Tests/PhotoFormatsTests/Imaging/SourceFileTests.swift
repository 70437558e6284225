import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct SourceFileTests {
    /// The frame-size walk that answers "how big are the renditions" without decoding agrees
    /// with exiftool on every photo.
    @Test func frameSizeMatchesGroundTruth() throws {
        for photo in CorpusPhoto.all {
            let size = try SourceFile.frameSize(of: RawPath(photo.path))
            #expect(size?.width == photo.width && size?.height == photo.height, "\(photo.relativePath)")
        }
    }

    @Test(arguments: ["truncated_1KiB.jpg", "zero_bytes.jpg", "text_file.jpg", "png_renamed.jpg"])
    func noFrameInBrokenInputs(name: String) throws {
        #expect(try SourceFile.frameSize(of: RawPath(Corpus.broken.appendingPathComponent(name).path)) == nil)
    }

    @Test func readsWholeFiles() throws {
        let storage = PixelStorage<UInt8>()
        for photo in CorpusPhoto.all.prefix(20) {
            let length = try FileSystem.readFile(RawPath(photo.path), reserve: storage.reserve)
            let expected = try FileSystem.readFile(RawPath(photo.path))
            #expect(length == expected.count)
            #expect(UnsafeBufferPointer(start: storage.base, count: length).elementsEqual(expected))
        }
    }
}
