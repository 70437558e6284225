import Foundation
import PhotoCatalog
import PhotoSupport
import PhotoTestSupport
import Testing

@testable import PhotoLibrary

/// How the watcher cuts a card into batches and what it leaves for the renditions: the queue
/// on real files, the pass on a real library.
@Suite struct WatchBatchTests {
    /// A folder of `count` one-byte files last written a minute ago.
    static func folder(files count: Int) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let old = Date().addingTimeInterval(-60)
        for number in 0..<count {
            let url = folder.url.appendingPathComponent("IMG_\(number).jpg")
            try Data([1]).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
        }
        return folder
    }

    @Test func aCardGoesInBatchesOfTheOldestFirst() throws {
        let folder = try Self.folder(files: 600)
        defer { folder.remove() }
        var queue = WatchQueue(settle: 2)
        let t = Date().timeIntervalSince1970
        for number in 0..<600 {
            queue.fileChanged(RawPath("IMG_\(number).jpg"), closed: true, now: t + Double(number) / 1000)
        }
        let taken = queue.take(now: t + 1, root: folder.path)
        let first = try #require(taken)
        #expect(first.files.count == queue.batchFiles)
        #expect(first.files == Set((0..<queue.batchFiles).map { RawPath("IMG_\($0).jpg") }))
        // The rest is due at once, not after another wait.
        #expect(queue.nextDeadline().map { $0 <= t + 1 } == true)
        let secondTaken = queue.take(now: t + 1, root: folder.path)
        let thirdTaken = queue.take(now: t + 1, root: folder.path)
        let second = try #require(secondTaken)
        let third = try #require(thirdTaken)
        #expect(second.files.count == queue.batchFiles && third.files.count == 600 - 2 * queue.batchFiles)
        #expect(queue.isEmpty)
    }

    @Test func aBatchWithAFileGoneTakesEveryDueFile() throws {
        let folder = try Self.folder(files: 300)
        defer { folder.remove() }
        var queue = WatchQueue(settle: 2)
        let t = Date().timeIntervalSince1970
        // A folder renamed file by file: the halves of each move must meet in one pass.
        queue.removed(RawPath("old/IMG_0.jpg"), now: t)
        for number in 0..<300 { queue.fileMovedIn(RawPath("IMG_\(number).jpg"), now: t) }
        let changes = queue.take(now: t + 1, root: folder.path)
        let taken = try #require(changes)
        #expect(taken.files.count == 300 && taken.gone == [RawPath("old/IMG_0.jpg")])
    }

    @Test func aClosedFileInANewFolderIsNotLeftToSettle() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let card = folder.url.appendingPathComponent("card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        let library = try Library.create(at: folder.path)
        let indexer = Indexer(library: library, catalog: try library.openCatalog(), options: IndexOptions(jobs: 1))
        try FileManager.default.copyItem(
            at: SampleFiles.root.appendingPathComponent("2015/bordeaux-art.jpg"),
            to: card.appendingPathComponent("fresh.jpg"))
        // As the watcher asks: the new folder scanned, its file just closed, nothing settled by age.
        let changes = IndexChanges(files: [RawPath("card/fresh.jpg")], scans: [RawPath("card")])
        let done = try indexer.apply(changes, isSettled: { _ in false }, listingWritten: true)
        #expect(done.summary.added == 1 && done.deferred.isEmpty)
        #expect(done.written.map(\.relativePath) == [RawPath("card/fresh.jpg")])
        // A file of that folder no event named is still left for the settle time.
        try FileManager.default.copyItem(
            at: SampleFiles.root.appendingPathComponent("2015/lake-beach.jpg"),
            to: card.appendingPathComponent("unheard.jpg"))
        let again = try indexer.apply(IndexChanges(scans: [RawPath("card")]), isSettled: { _ in false })
        #expect(again.summary.added == 0 && again.deferred.contains(RawPath("card/unheard.jpg")))
        #expect(again.written.isEmpty)
    }

    @Test func theBacklogKeepsOrderAndWaits() {
        var backlog = RenditionBacklog()
        let ids = (0..<5).map { _ in AssetID.random() }
        backlog.add(ids[0], previousContentHash: nil, notBefore: 10)
        backlog.add(ids[1], previousContentHash: "a", notBefore: 10)
        backlog.add(ids[2], previousContentHash: nil, notBefore: 20)
        backlog.add(ids[1], previousContentHash: "b", notBefore: 10)
        #expect(backlog.count == 3 && backlog.nextDeadline() == 10)
        let first = backlog.take(now: 10, limit: 5)
        #expect(first.map(\.id) == [ids[0], ids[1]] && first[1].previousContentHash == "a")
        #expect(backlog.take(now: 15, limit: 5).isEmpty && backlog.nextDeadline() == 20)
        #expect(backlog.take(now: 20, limit: 5).map(\.id) == [ids[2]] && backlog.isEmpty)
    }
}
