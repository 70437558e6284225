import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

@Suite struct RenditionStoreTests {
    let store = RenditionStore(directory: RawPath("/library/.photolib/renditions"))
    let preview = RenditionSpec(kind: .preview, maxDimension: 1280, quality: 82)

    @Test func namesFilesByFingerprintAndSpecInFanOutFolders() throws {
        let path = try store.path(contentHash: "0123456789abcdef", spec: preview)
        #expect(path == RawPath("/library/.photolib/renditions/01/23/0123456789abcdef-preview-1280-q82.jpg"))
    }

    @Test func everySpecChangeGivesANewName() throws {
        let fingerprint = "0123456789abcdef"
        let names = try [
            preview,
            RenditionSpec(kind: .thumbnail, maxDimension: 1280, quality: 82),
            RenditionSpec(kind: .preview, maxDimension: 1024, quality: 82),
            RenditionSpec(kind: .preview, maxDimension: 1280, quality: 90),
        ].map {
            try store.path(contentHash: fingerprint, spec: $0)
        }
        #expect(Set(names).count == names.count)
        #expect(try store.path(contentHash: "fedcba9876543210", spec: preview) != names[0])
    }

    @Test(arguments: ["", "abc", "../../etc/passwd", "0123456789abcdeg", "01/23456789abcdef"])
    func refusesFingerprintsThatAreNotHex(fingerprint: String) {
        #expect(throws: ImagingError.self) { try store.path(contentHash: fingerprint, spec: preview) }
        #expect(
            store.existingFile(
                contentHash: fingerprint, spec: preview, displayWidth: 100, displayHeight: 100, format: .jpeg) == nil)
    }

    @Test func existingFileNeedsANonEmptyFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = RenditionStore(directory: directory.path)
        let fingerprint = "00ff00ff00ff00ff"
        #expect(
            store.existingFile(
                contentHash: fingerprint, spec: preview, displayWidth: 4000, displayHeight: 3000, format: .jpeg) == nil)
        let path = try store.path(contentHash: fingerprint, spec: preview)
        try FileSystem.createDirectory(path.parent)
        try FileSystem.writeAtomically([], to: path)
        #expect(
            store.existingFile(
                contentHash: fingerprint, spec: preview, displayWidth: 4000, displayHeight: 3000, format: .jpeg) == nil)
        try FileSystem.writeAtomically([0xFF, 0xD8], to: path)
        let file = store.existingFile(
            contentHash: fingerprint, spec: preview, displayWidth: 4000, displayHeight: 3000, format: .jpeg)
        #expect(file == RenditionFile(path: path, width: 1280, height: 960))
    }
}
