import Foundation
import PhotoTestSupport
import Testing

/// The command that makes renditions stale removes them: an index that finds an original
/// edited, and `trash empty`. `verify` exited 1 after ordinary edits until `--repair`.
@Suite struct StaleRenditionTests {
    /// The rendition files under `.photolib/renditions`, by name.
    private func renditions(_ library: TestLibrary) -> Set<String> {
        let folder = library.url(".photolib/renditions")
        let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return Set(names.filter { $0.hasSuffix(".jpg") }.map { URL(fileURLWithPath: $0).lastPathComponent })
    }

    /// How many rendition files are of the content `hash`.
    private func count(_ library: TestLibrary, _ hash: String) -> Int {
        renditions(library).filter { (name: String) in name.hasPrefix(hash) }.count
    }

    private func hash(_ library: TestLibrary, _ path: String) throws -> String {
        let asset = try #require(try library.assets().first { $0["relativePath"] as? String == path })
        return try #require(asset["contentHash"] as? String)
    }

    @Test(arguments: CatalogBackend.all)
    func anEditedOriginalsOldRenditionsGoWithTheIndex(backend: CatalogBackend) throws {
        let library = try ListCommandTests.sampleLibrary(backend: backend)
        let old = try hash(library, "2015/lake-beach.jpg")
        #expect(count(library, old) == 2)
        // An edit that leaves the image data as it was: bytes appended after the image.
        let handle = try FileHandle(forWritingTo: library.url("2015/lake-beach.jpg"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("edited by another tool".utf8))
        try handle.close()
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(index.stdout.contains("updated 1"))
        let new = try hash(library, "2015/lake-beach.jpg")
        #expect(new != old)
        #expect(count(library, old) == 0)
        #expect(count(library, new) == 2)
        let verify = try library.run(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test(arguments: CatalogBackend.all)
    func trashEmptyRemovesTheRenditionsNoCopyShares(backend: CatalogBackend) throws {
        let library = try ListCommandTests.sampleLibrary(backend: backend)
        // A byte-identical copy shares the renditions of the photo deleted below.
        try FileManager.default.copyItem(
            at: library.url("2015/harbour-rouffiac.jpg"), to: library.url("harbour-copy.jpg"))
        #expect(try library.run(["index"]).status == 0)
        let shared = try hash(library, "2015/harbour-rouffiac.jpg")
        let alone = try hash(library, "2015/lake-beach.jpg")
        for path in ["2015/harbour-rouffiac.jpg", "2015/lake-beach.jpg"] {
            #expect(try library.run(["action", "delete", "--yes", path]).status == 0)
        }
        let empty = try library.run(["trash", "empty", "--yes"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(count(library, alone) == 0)
        #expect(count(library, shared) == 2)
        let verify = try library.run(["verify"])
        #expect(verify.status == 0, "\(verify.stdout)")
    }
}
