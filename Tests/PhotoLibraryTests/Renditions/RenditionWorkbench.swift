import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoLibrary
@testable import PhotoSupport

/// A folder for fixtures and a rendition store, and makers at the sizes a test asks for.
final class RenditionWorkbench {
    let directory: TemporaryDirectory
    let store: RenditionStore

    init() throws {
        directory = try TemporaryDirectory()
        try FileSystem.createDirectory(directory.path.appending("renditions"))
        store = RenditionStore(directory: directory.path.appending("renditions"))
    }

    /// A maker with the library's defaults, or previews and thumbnails of the sizes given
    /// (small ones where the size does not matter: tests run debug builds).
    func maker(preview: Int = 1280, thumbnail: Int = 256) -> RenditionMaker {
        var settings = LibrarySettings()
        settings.previewSize = preview
        settings.thumbnailSize = thumbnail
        return RenditionMaker(settings: settings, store: store)
    }

    /// Writes a fixture into the folder (beside, not inside, the renditions).
    func write(_ bytes: [UInt8], named name: String) throws -> RawPath {
        let path = directory.path.appending(RawPath(name))
        try FileSystem.writeAtomically(bytes, to: path)
        return path
    }

    /// The renditions of `source`, fingerprinted by `key` (a name for this rendering).
    func render(
        _ source: RawPath, key: String, orientation: Int = 1, kinds: Set<RenditionKind> = [.thumbnail, .preview],
        force: Bool = false, with maker: RenditionMaker
    ) throws -> RenditionOutcome {
        try maker.make(
            source: source, contentHash: testFingerprint(key), orientation: orientation, kinds: kinds, force: force)
    }

    /// The preview of `source`, decoded.
    func preview(_ source: RawPath, key: String, orientation: Int = 1, with maker: RenditionMaker) throws -> TestImage {
        let outcome = try render(source, key: key, orientation: orientation, kinds: [.preview], with: maker)
        return try TestImage.decode(try #require(outcome.preview).path)
    }

    /// The files in the renditions folder, relative to it.
    func renditionFiles() -> [String] {
        directory.files().filter { $0.hasPrefix("renditions/") }
    }
}
