import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

/// Every photo of the corpus renders, at the size the pure size function predicts; the broken
/// inputs fail the way `broken/README.md` expects, without crashing and without leftovers.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
final class CorpusRenditionTests {
    let directory: TemporaryDirectory
    let store: RenditionStore
    let maker: RenditionMaker

    init() throws {
        directory = try TemporaryDirectory()
        store = RenditionStore(directory: directory.path)
        maker = RenditionMaker(settings: LibrarySettings(), store: store)
    }

    deinit { directory.remove() }

    /// At small sizes (preview 320, thumbnail 96): the code paths are the same, and pixel loops
    /// run a hundred times slower in the debug builds tests use.
    @Test func everyPhotoRendersAtItsPredictedSize() throws {
        var settings = LibrarySettings()
        settings.previewSize = 320
        settings.thumbnailSize = 96
        let maker = RenditionMaker(settings: settings, store: store)
        let photos = CorpusPhoto.all
        #expect(photos.count > 100)
        for photo in photos {
            let fingerprint = testFingerprint(photo.relativePath)
            let outcome: RenditionOutcome
            do {
                outcome = try maker.make(
                    source: RawPath(photo.path), fingerprint: fingerprint,
                    orientation: photo.orientation, kinds: [.thumbnail, .preview], force: false)
            } catch {
                Issue.record("\(photo.relativePath): \(error)")
                continue
            }
            #expect(
                (outcome.damage == nil) == photo.decodesCleanly,
                "\(photo.relativePath): damage \(outcome.damage ?? "none")")
            for kind in RenditionKind.allCases {
                let spec = maker.spec(kind)
                let predicted = store.existingFile(
                    fingerprint: fingerprint, spec: spec,
                    displayWidth: photo.displayWidth, displayHeight: photo.displayHeight)
                #expect(predicted != nil && predicted == outcome[kind], "\(photo.relativePath) \(kind)")
                guard let file = outcome[kind] else { continue }
                let image = try TestImage.decode(file.path)
                #expect(image.width == file.width && image.height == file.height, "\(photo.relativePath) \(kind)")
            }
        }
        #expect(directory.files().count == photos.count * 2)
    }

    @Test func onlyTheFoundCorruptPhotoIsDamaged() throws {
        let damaged = CorpusPhoto.all.filter { !$0.decodesCleanly }
        #expect(damaged.map(\.relativePath) == ["photos/exif-samples/corrupted.jpg"])
        for photo in damaged {
            let outcome = try maker.make(
                source: RawPath(photo.path), fingerprint: testFingerprint(photo.relativePath),
                orientation: photo.orientation, kinds: [.preview], force: false)
            #expect(outcome.damage?.hasPrefix("Corrupt JPEG data") == true)
            #expect(outcome.warningCount >= 1)
            #expect(outcome.preview != nil)
        }
    }

    // MARK: - Broken inputs

    func renderBroken(_ name: String) throws -> RenditionOutcome {
        try maker.make(
            source: RawPath(Corpus.broken.appendingPathComponent(name).path), fingerprint: testFingerprint(name),
            orientation: 1, kinds: [.thumbnail, .preview], force: false)
    }

    /// Cut in the middle of the scan: both renditions of the top half, the rest gray, and
    /// libjpeg's reason as damage.
    @Test func truncatedFileGetsRenditionsAndDamage() throws {
        let outcome = try renderBroken("truncated_50pct.jpg")
        #expect(outcome.damage == "Premature end of JPEG file")
        #expect(outcome.warningCount >= 1)
        let preview = try TestImage.decode(try #require(outcome.preview).path)
        _ = try TestImage.decode(try #require(outcome.thumbnail).path)
        #expect(preview.width == 640 && preview.height == 480)
        let bottom = preview.pixel(x: preview.width / 2, y: preview.height - 2)
        #expect(abs(bottom.red - 128) <= 3 && abs(bottom.green - 128) <= 3 && abs(bottom.blue - 128) <= 3)
        let topRows = TestImage(
            width: preview.width, height: 40, pixels: Array(preview.pixels[0..<(preview.width * 40 * 3)]))
        let grayRows = TestImage(
            width: preview.width, height: 40, pixels: [UInt8](repeating: 128, count: preview.width * 40 * 3))
        #expect((topRows.meanAbsoluteDifference(to: grayRows) ?? 0) > 20, "the top of the photo was decoded")
        #expect(directory.files().count == 2)
    }

    @Test func oversizedFrameIsRefusedFromTheHeader() throws {
        let started = ContinuousClock.now
        #expect {
            _ = try self.renderBroken("sof_65500x65500.jpg")
        } throws: { error in
            guard let error = error as? ImagingError, case .tooManyPixels(65500, 65500, 250) = error.reason else {
                return false
            }
            return error.kind == .badData && error.description.contains("65500x65500")
        }
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(directory.files().isEmpty)
    }

    @Test(arguments: ["truncated_1KiB.jpg", "zero_bytes.jpg", "text_file.jpg", "png_renamed.jpg"])
    func undecodableFileIsATypedError(name: String) throws {
        #expect {
            _ = try self.renderBroken(name)
        } throws: { error in
            guard let error = error as? ImagingError, case .undecodable(let message) = error.reason else {
                return false
            }
            return error.kind == .badData && !message.isEmpty && error.description.contains(name)
        }
        #expect(directory.files().isEmpty)
    }

    @Test func corruptMetadataDoesNotStopRendering() throws {
        let outcome = try renderBroken("exif_ifd0_offsets_corrupted.jpg")
        #expect(outcome.damage == nil && outcome.preview?.width == 640 && outcome.thumbnail?.width == 256)
    }

    /// `broken/README.md`: a file name that is not UTF-8, made at run time from canon-ixus.jpg.
    @Test func fileNameThatIsNotUTF8Renders() throws {
        let source = RawPath(Corpus.photos.appendingPathComponent("exif-samples/exif-org/canon-ixus.jpg").path)
        let name = RawPath(bytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
        let copy = directory.path.appending(name)
        try FileSystem.writeAtomically(try FileSystem.readFile(source), to: copy)
        let outcome = try maker.make(
            source: copy, fingerprint: testFingerprint("cafe"), orientation: 1,
            kinds: [.preview], force: false)
        #expect(outcome.preview?.width == 640 && outcome.damage == nil)
    }
}
