import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

/// Broken inputs made at test time (`BrokenFixture`, after the corpus's `broken/`), and the
/// corpus's own when it is here, fail the way they should, without crashing or leftovers.
@Suite final class RenditionBrokenInputTests {
    let bench: RenditionWorkbench
    let maker: RenditionMaker

    init() throws {
        bench = try RenditionWorkbench()
        maker = bench.maker()
    }

    /// The fixture, written out, and the corpus file of the same name when the corpus is here.
    func sources(_ fixture: BrokenFixture) throws -> [RawPath] {
        let made = try bench.write(fixture.bytes, named: fixture.rawValue)
        guard Corpus.isAvailable else { return [made] }
        return [made, RawPath(Corpus.broken.appendingPathComponent(fixture.rawValue).path)]
    }

    func render(_ source: RawPath) throws -> RenditionOutcome {
        try bench.render(source, key: source.description, with: maker)
    }

    /// Cut in the middle of the scan: both renditions of the top half, the rest gray, and
    /// libjpeg's reason as damage.
    @Test func truncatedFileGetsRenditionsAndDamage() throws {
        for source in try sources(.truncatedHalfway) {
            let outcome = try render(source)
            #expect(outcome.damage == "Premature end of JPEG file")
            #expect(outcome.warningCount >= 1)
            let preview = try TestImage.decode(try #require(outcome.preview).path)
            _ = try TestImage.decode(try #require(outcome.thumbnail).path)
            #expect(preview.width == 640 && preview.height == 480)
            let bottom = preview.pixel(x: preview.width / 2, y: preview.height - 2)
            #expect(abs(bottom.red - 128) <= 3 && abs(bottom.green - 128) <= 3 && abs(bottom.blue - 128) <= 3)
            let top = TestImage(width: 640, height: 40, pixels: Array(preview.pixels[0..<(640 * 40 * 3)]))
            let gray = TestImage(width: 640, height: 40, pixels: [UInt8](repeating: 128, count: 640 * 40 * 3))
            #expect(try #require(top.meanAbsoluteDifference(to: gray)) > 20, "\(source): the top was decoded")
        }
        // The fixture's top rows are the card's.
        let preview = try TestImage.decode(try #require(try render(try sources(.truncatedHalfway)[0]).preview).path)
        let card = TestImage.testCard(width: 640, height: 480)
        let top = TestImage(width: 640, height: 40, pixels: Array(preview.pixels[0..<(640 * 40 * 3)]))
        let cardTop = TestImage(width: 640, height: 40, pixels: Array(card.pixels[0..<(640 * 40 * 3)]))
        let topDifference = try #require(top.meanAbsoluteDifference(to: cardTop))
        #expect(topDifference < 8, "top rows: mean difference \(topDifference) from the card")
        #expect(bench.renditionFiles().count == 2 * (Corpus.isAvailable ? 2 : 1))
    }

    @Test func oversizedFrameIsRefusedFromTheHeader() throws {
        for source in try sources(.oversizedFrame) {
            let started = ContinuousClock.now
            #expect {
                _ = try self.render(source)
            } throws: { error in
                guard let error = error as? ImagingError, case .tooManyPixels(65500, 65500, 250) = error.reason else {
                    return false
                }
                return error.kind == .badData
                    && error.description == "\(source): 65500x65500 is 4290.3 megapixels, over the limit of 250"
            }
            #expect(ContinuousClock.now - started < .seconds(2))
        }
        #expect(bench.renditionFiles().isEmpty)
    }

    @Test(arguments: [BrokenFixture.truncatedHeaders, .empty, .text])
    func undecodableFileIsATypedError(_ fixture: BrokenFixture) throws {
        for source in try sources(fixture) {
            #expect {
                _ = try self.render(source)
            } throws: { error in
                guard let error = error as? ImagingError, case .undecodable(let message) = error.reason else {
                    return false
                }
                return error.kind == .badData && !message.isEmpty && error.description.contains(fixture.rawValue)
            }
        }
        #expect(bench.renditionFiles().isEmpty)
    }

    /// A PNG signature and nothing usable: refused by libpng with its reason. (The corpus's
    /// png_renamed.jpg is a whole PNG, which renders: recognised by its bytes.)
    @Test func brokenPNGWithAJPEGNameIsAFormatError() throws {
        let source = try bench.write(BrokenFixture.pngRenamed.bytes, named: BrokenFixture.pngRenamed.rawValue)
        #expect {
            _ = try self.render(source)
        } throws: { error in
            guard let error = error as? ImagingError, case .undecodableFormat(.png, let message) = error.reason else {
                return false
            }
            return error.kind == .badData && !message.isEmpty
        }
        #expect(bench.renditionFiles().isEmpty)
        if Corpus.isAvailable {
            let outcome = try render(RawPath(Corpus.broken.appendingPathComponent("png_renamed.jpg").path))
            #expect(outcome.preview?.width == 128)
        }
    }

    @Test func corruptMetadataDoesNotStopRendering() throws {
        for source in try sources(.corruptExif) {
            let outcome = try render(source)
            #expect(outcome.damage == nil && outcome.preview?.width == 640 && outcome.thumbnail?.width == 256)
        }
    }

    /// A file name that is not UTF-8 (as in the corpus's `broken/README.md`).
    @Test func fileNameThatIsNotUTF8Renders() throws {
        let name = RawPath(bytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let copy = bench.directory.path.appending(name)
        try FileSystem.writeAtomically(try FileSystem.readFile(SampleFiles.path("2015/bordeaux-art.jpg")), to: copy)
        let outcome = try bench.render(copy, key: "cafe", kinds: [.preview], with: maker)
        #expect(outcome.preview?.width == 1280 && outcome.damage == nil)
    }
}
