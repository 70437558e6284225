import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport

/// A pass of several batches (each placed and written while the next is read, the first ones
/// smaller, the last split in two) writes what a pass of one batch writes: the same assets,
/// the same counts, the same moves.
@Suite struct IndexerBatchTests {
    /// The sample photos in three folders, each copy made different by trailing bytes (so no
    /// two share a fingerprint), and a truncated JPEG that fails: 31 files.
    static func makeTree(in folder: TemporaryDirectory) throws -> URL {
        let root = folder.url
        let photos = try FileManager.default.subpathsOfDirectory(atPath: SampleFiles.root.path)
            .filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(photos.count >= 10)
        for copy in ["f0", "f1", "f2"] {
            for photo in photos {
                var bytes = try Data(contentsOf: SampleFiles.root.appendingPathComponent(photo))
                bytes.append(contentsOf: Array("\(copy)/\(photo)".utf8))
                let target = root.appendingPathComponent(copy).appendingPathComponent(photo)
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: target)
            }
        }
        let whole = try Data(contentsOf: SampleFiles.root.appendingPathComponent(photos[0]))
        try whole.prefix(200).write(to: root.appendingPathComponent("f1/truncated.jpg"))
        return root
    }

    /// A library at `root` with a new, empty catalog.
    static func freshLibrary(_ root: URL) throws -> Library {
        try? FileManager.default.removeItem(at: root.appendingPathComponent(Library.controlDirectoryName))
        return try Library.create(at: RawPath(root.path))
    }

    static func index(_ library: Library, batchSize: Int, jobs: Int = 2) throws -> IndexSummary {
        var options = IndexOptions(jobs: jobs)
        options.batchSize = batchSize
        return try Indexer(library: library, catalog: library.openCatalog(), options: options).run()
    }

    static let placeholder = AssetID.random()

    /// The catalog's assets by path, with what differs between two runs (ids, index times) made equal.
    static func comparable(_ library: Library) throws -> [String: Asset] {
        var query = AssetQuery()
        query.trash = .included
        return Dictionary(
            uniqueKeysWithValues: try library.openCatalog().assets(matching: query).map { asset in
                var asset = asset
                asset.id = Self.placeholder
                asset.indexedAt = Date(timeIntervalSince1970: 0)
                return (asset.file.relativePath.description, asset)
            })
    }

    @Test(arguments: [1, 2])
    func smallBatchesWriteWhatOneBatchWrites(jobs: Int) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let root = try Self.makeTree(in: folder)
        let first = try Self.freshLibrary(root)
        let inOne = try Self.index(first, batchSize: 1000, jobs: jobs)
        let oneBatch = try Self.comparable(first)
        let second = try Self.freshLibrary(root)
        // Batches of 3 and 6, then, the walk's end seen a batch ahead, the last 22 files in
        // batches of 8, 7, 4, 2 and 1.
        let inMany = try Self.index(second, batchSize: 12, jobs: jobs)
        let manyBatches = try Self.comparable(second)
        #expect(inOne.added == 30 && inOne.failed == 1)
        #expect(inMany == inOne)
        #expect(manyBatches.count == 30)
        #expect(manyBatches == oneBatch)
    }

    /// The last batches halve down to a small one, add up to what is left, and none is over
    /// the largest batch.
    @Test(arguments: [0, 1, 30, 31, 62, 93, 100, 999, 1200, 1670, 2000])
    func closingBatchesHalveDownToASmallOne(count: Int) {
        let sizes = IndexBatchSizes.closing(count, largest: 1000, smallest: 31)
        #expect(sizes.reduce(0, +) == count)
        #expect(sizes.allSatisfy { $0 >= 1 && $0 <= 1000 })
        #expect(sizes.last.map { $0 <= 62 } ?? true)
        for (size, next) in zip(sizes, sizes.dropFirst()) { #expect(next <= size, "\(sizes)") }
        if count >= 1670 { #expect(sizes.count >= 6, "\(sizes)") }
    }

    @Test func movesAcrossBatchesAreFound() throws {
        var outcomes: [IndexSummary] = []
        for batchSize in [1000, 8] {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let root = try Self.makeTree(in: folder)
            let library = try Self.freshLibrary(root)
            _ = try Self.index(library, batchSize: batchSize)
            let before = try IndexerTests.assets(library)
            // One file moved to the end of the walk, one to its start, one deleted.
            let manager = FileManager.default
            try manager.moveItem(
                at: root.appendingPathComponent("f0/2015/lake-beach.jpg"),
                to: root.appendingPathComponent("f2/zz-lake.jpg"))
            try manager.moveItem(
                at: root.appendingPathComponent("f2/2016/progressive-tokyo.jpg"),
                to: root.appendingPathComponent("a-first.jpg"))
            try manager.removeItem(at: root.appendingPathComponent("f1/no-exif.jpg"))
            let summary = try Self.index(library, batchSize: batchSize)
            let after = try IndexerTests.assets(library)
            #expect(summary.moved == 2 && summary.missing == 1 && summary.added == 0)
            #expect(after["f2/zz-lake.jpg"]?.id == before["f0/2015/lake-beach.jpg"]?.id)
            #expect(after["a-first.jpg"]?.id == before["f2/2016/progressive-tokyo.jpg"]?.id)
            #expect(after["f1/no-exif.jpg"]?.missing == true)
            outcomes.append(summary)
        }
        #expect(outcomes[0] == outcomes[1])
    }
}
