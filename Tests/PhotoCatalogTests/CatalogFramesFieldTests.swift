import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoSupport

/// Step 22 (`animationFrames`) on both stores: an animation's frame count, and the formats
/// `gif`, `bmp` and `psd`, go in and come back; a still's `frames` stays nil; the column
/// refuses a count below 2 (an animation has at least two frames).
@Suite struct CatalogFramesFieldTests {
    @Test(arguments: CatalogBackend.all) func framesAndStillFormatsRoundTrip(_ backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        var animated = CatalogFixtures.scanned("00000000000000c1", "anim.gif")
        animated.metadata.format = .gif
        animated.metadata.mimeType = "image/gif"
        animated.metadata.frames = 12
        var bitmap = CatalogFixtures.scanned("00000000000000c2", "scan.bmp")
        bitmap.metadata.format = .bmp
        bitmap.metadata.mimeType = "image/bmp"
        var document = CatalogFixtures.scanned("00000000000000c3", "poster.psd")
        document.metadata.format = .psd
        document.metadata.mimeType = "image/vnd.adobe.photoshop"
        try catalog.applyIndexChanges(scanned: [animated, bitmap, document], missing: [])
        for (hex, file) in [
            ("00000000000000c1", animated), ("00000000000000c2", bitmap), ("00000000000000c3", document),
        ] {
            let read = try #require(try catalog.asset(id: CatalogFixtures.id(hex)))
            #expect(read.metadata == file.metadata, "\(file.metadata.format)")
        }
        var single = CatalogFixtures.scanned("00000000000000c4", "one.gif")
        single.metadata.format = .gif
        single.metadata.frames = 1
        #expect(throws: (any Error).self) { try catalog.applyIndexChanges(scanned: [single], missing: []) }
    }
}
