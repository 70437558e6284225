import Foundation
import PhotoTestSupport
import Synchronization
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport

/// What an index pass does with renditions it cannot make: a failure to write them is not
/// damage to the photo, and only what the original's bytes say is.
@Suite struct IndexerRenditionTests {
    private static func index(_ library: Library) throws -> (IndexSummary, [IndexEvent]) {
        let events = Mutex<[IndexEvent]>([])
        let summary = try Indexer(
            library: library, catalog: library.openCatalog(), options: IndexOptions(jobs: 2, makeRenditions: true)
        ).run { event in
            if case .progress = event { return }
            events.withLock { $0.append(event) }
        }
        return (summary, events.withLock { $0 })
    }

    /// Replaces the renditions folder with a file, so that no rendition can be written.
    private static func blockRenditions(_ library: Library) throws {
        try FileManager.default.removeItem(atPath: library.renditionsDirectory.description)
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: library.renditionsDirectory.description))
    }

    private static func unblockRenditions(_ library: Library) throws {
        try FileManager.default.removeItem(atPath: library.renditionsDirectory.description)
        try FileSystem.createDirectory(library.renditionsDirectory)
    }

    @Test func renditionsThatCannotBeWrittenAreCountedApartAndTheAssetsStayUndamaged() throws {
        let folder = try TemporaryDirectory()
        let (library, root) = try IndexerTests.makeLibrary(
            [
                "2015/lake-beach.jpg": "lake.jpg", "no-exif.jpg": "plain.jpg",
            ], in: folder)
        defer { folder.remove() }
        try Self.blockRenditions(library)
        let (summary, events) = try Self.index(library)
        #expect(summary.added == 2 && summary.damaged == 0 && summary.rendered == 0 && summary.failed == 0)
        #expect(summary.renditionsFailed == 2 && summary.hadProblems)
        let paths = Set(summary.renditionFailures.map(\.path.description))
        #expect(paths == [root.path + "/lake.jpg", root.path + "/plain.jpg"])
        for failure in summary.renditionFailures {
            #expect(failure.reason.hasPrefix(library.renditionsDirectory.description + "/"), "\(failure.reason)")
            // Written through folders opened from the root: a file in the folder's place is refused.
            #expect(failure.reason.hasSuffix("renditions' is not a folder"), "\(failure.reason)")
        }
        let reported = events.compactMap { event -> RenditionFailure? in
            guard case .renditionsFailed(let path, let reason) = event else { return nil }
            return RenditionFailure(path: path, reason: reason)
        }
        #expect(reported == summary.renditionFailures)
        #expect(!events.contains { if case .damaged = $0 { true } else { false } })
        for asset in try IndexerTests.assets(library).values {
            #expect(asset.damage == nil && !asset.undecodable)
        }

        // Once there is room, verify's repair makes them.
        try Self.unblockRenditions(library)
        let repaired = try LibraryVerifier(library: library, catalog: library.openCatalog()).checkAndRepair(jobs: 2)
        #expect(repaired.findings.map(\.kind) == Array(repeating: .renditionMissing, count: 4))
        #expect(repaired.outstanding.isEmpty)
    }

    @Test func aTruncatedOriginalIsDamagedYetVerifyStillMakesItsMissingRenditions() throws {
        let folder = try TemporaryDirectory()
        let (library, root) = try IndexerTests.makeLibrary(["2015/lake-beach.jpg": "cut.jpg"], in: folder)
        defer { folder.remove() }
        let cut = root.appendingPathComponent("cut.jpg")
        let whole = try Data(contentsOf: cut)
        try whole.prefix(whole.count / 2).write(to: cut)
        let (summary, _) = try Self.index(library)
        #expect(summary.damaged == 1 && summary.rendered == 1 && summary.renditionsFailed == 0)
        let asset = try #require(try IndexerTests.assets(library)["cut.jpg"])
        #expect(asset.damage?.contains("decoded in part (Premature end of JPEG file)") == true)
        #expect(!asset.undecodable)

        // Renditions removed (a cleanup, a restored backup): the damaged asset gets them back.
        try Self.unblockRenditions(library)
        let verifier = LibraryVerifier(library: library, catalog: try library.openCatalog())
        #expect(try verifier.check().findings.map(\.kind) == [.renditionMissing, .renditionMissing])
        let repaired = try verifier.checkAndRepair(jobs: 1)
        #expect(repaired.outstanding.isEmpty && repaired.findings.count == 2)
        #expect(try verifier.check().findings.isEmpty)
    }

    @Test func anOriginalWhoseImageDataDoesNotDecodeIsDamagedAndExpectsNoRenditions() throws {
        let folder = try TemporaryDirectory()
        let (library, root) = try IndexerTests.makeLibrary(["2015/lake-beach.jpg": "lossless.jpg"], in: folder)
        defer { folder.remove() }
        // The baseline frame marker (SOF0) turned into lossless (SOF3), which libjpeg-turbo
        // here does not decode: the header still reads, the image data does not.
        let file = root.appendingPathComponent("lossless.jpg")
        var bytes = [UInt8](try Data(contentsOf: file))
        var marker = 2  // walk the segments: an EXIF thumbnail holds a SOF0 of its own
        while bytes[marker] == 0xFF, bytes[marker + 1] != 0xC0 {
            marker += 2 + (Int(bytes[marker + 2]) << 8 | Int(bytes[marker + 3]))
        }
        try #require(bytes[marker] == 0xFF)
        bytes[marker + 1] = 0xC3
        try Data(bytes).write(to: file)

        let (summary, events) = try Self.index(library)
        #expect(summary.added == 1 && summary.damaged == 1 && summary.renditionsFailed == 0 && summary.rendered == 0)
        let asset = try #require(try IndexerTests.assets(library)["lossless.jpg"])
        #expect(asset.undecodable)
        #expect(asset.damage?.hasPrefix("cannot decode JPEG: ") == true, "\(asset.damage ?? "nil")")
        let damaged = events.compactMap { event -> String? in
            guard case .damaged(_, let message) = event else { return nil }
            return message
        }
        #expect(damaged == ["\(root.path)/lossless.jpg: \(asset.damage ?? "")"])
        #expect(try LibraryVerifier(library: library, catalog: library.openCatalog()).check().findings.isEmpty)
    }
}
