import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

/// Every photo of the corpus renders, at the size the pure size function predicts, and only the
/// one photo known to be corrupt is damaged. (Its broken inputs are rendered by
/// `RenditionBrokenInputTests`, beside the fixtures made after them.)
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
                    source: RawPath(photo.path), contentHash: fingerprint,
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
                    contentHash: outcome.contentHash ?? fingerprint, spec: spec,
                    displayWidth: photo.displayWidth, displayHeight: photo.displayHeight, format: .jpeg)
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
                source: RawPath(photo.path), contentHash: testFingerprint(photo.relativePath),
                orientation: photo.orientation, kinds: [.preview], force: false)
            #expect(outcome.damage?.hasPrefix("Corrupt JPEG data") == true)
            #expect(outcome.warningCount >= 1)
            #expect(outcome.preview != nil)
        }
    }
}
