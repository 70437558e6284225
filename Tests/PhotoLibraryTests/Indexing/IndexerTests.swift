import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport

/// The indexer's decisions, on copies of SampleLibrary/ photos in a temporary library.
@Suite struct IndexerTests {
    static let sample = SampleFiles.root

    /// A library in `folder` with `files` (SampleLibrary path → path in the library).
    static func makeLibrary(_ files: [String: String], in folder: TemporaryDirectory) throws -> (Library, URL) {
        let root = folder.url
        for (source, destination) in files {
            let target = root.appendingPathComponent(destination)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: sample.appendingPathComponent(source), to: target)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return (try Library.create(at: RawPath(root.path)), root)
    }

    static func index(_ library: Library, _ paths: [String] = []) throws -> IndexSummary {
        try Indexer(library: library, catalog: library.openCatalog(), options: IndexOptions(jobs: 2))
            .run(paths: paths.map { RawPath(library.root.description + "/" + $0) })
    }

    static func assets(_ library: Library) throws -> [String: Asset] {
        var query = AssetQuery()
        query.trash = .included
        return Dictionary(
            uniqueKeysWithValues: try library.openCatalog().assets(matching: query)
                .map { ($0.file.relativePath.description, $0) })
    }

    @Test func indexingASubfolderLeavesTheRestAlone() throws {
        let folder = try TemporaryDirectory()
        let (library, root) = try Self.makeLibrary(
            [
                "2015/lake-beach.jpg": "a/lake.jpg", "2016/progressive-tokyo.jpg": "b/tokyo.jpg",
            ], in: folder)
        defer { folder.remove() }
        #expect(try Self.index(library).added == 2)
        try FileManager.default.removeItem(at: root.appendingPathComponent("b/tokyo.jpg"))
        let partial = try Self.index(library, ["a"])
        #expect(partial.unchanged == 1 && partial.missing == 0)
        #expect(try Self.assets(library)["b/tokyo.jpg"]?.missing == false)
        let whole = try Self.index(library)
        #expect(whole.missing == 1)
        #expect(try Self.assets(library)["b/tokyo.jpg"]?.missing == true)
    }

    @Test func aMoveIntoTheIndexedFolderKeepsTheIdButACopyDoesNot() throws {
        let folder = try TemporaryDirectory()
        let (library, root) = try Self.makeLibrary(
            ["2015/lake-beach.jpg": "a/lake.jpg", "no-exif.jpg": "b/plain.jpg"], in: folder)
        defer { folder.remove() }
        _ = try Self.index(library)
        let before = try Self.assets(library)
        // Moved from b/ into a/: indexing only a/ still sees that b/plain.jpg is gone.
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("b/plain.jpg"), to: root.appendingPathComponent("a/plain.jpg"))
        // Copied within a/: the original is still there, so the copy is a new asset.
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("a/lake.jpg"), to: root.appendingPathComponent("a/lake-copy.jpg"))
        let summary = try Self.index(library, ["a"])
        #expect(summary.moved == 1 && summary.added == 1 && summary.unchanged == 1)
        let after = try Self.assets(library)
        #expect(after["a/plain.jpg"]?.id == before["b/plain.jpg"]?.id)
        #expect(after["a/lake-copy.jpg"].map { $0.id != before["a/lake.jpg"]?.id } == true)
        #expect(after["a/lake-copy.jpg"]?.file.fingerprint == after["a/lake.jpg"]?.file.fingerprint)
    }

    @Test func hiddenFoldersAndTheControlFolderAreSkipped() throws {
        let folder = try TemporaryDirectory()
        let (library, _) = try Self.makeLibrary(
            [
                "2015/lake-beach.jpg": "lake.jpg", "no-exif.jpg": ".hidden/plain.jpg",
            ], in: folder)
        defer { folder.remove() }
        #expect(try Self.index(library).added == 1)
        let withHidden = try Indexer(
            library: library, catalog: library.openCatalog(),
            options: IndexOptions(jobs: 1, includeHidden: true)
        ).run()
        #expect(withHidden.added == 1 && withHidden.unchanged == 1)
        #expect(try Self.assets(library).keys.sorted() == [".hidden/plain.jpg", "lake.jpg"])
    }

    @Test func symlinkLoopsAreWalkedOnce() throws {
        let folder = try TemporaryDirectory()
        let (library, root) = try Self.makeLibrary(["2015/lake-beach.jpg": "a/lake.jpg"], in: folder)
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("a/loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("a/self").path, withDestinationPath: "self")
        let collected = EventLog()
        let summary = try Indexer(library: library, catalog: library.openCatalog(), options: IndexOptions(jobs: 2))
            .run { collected.append($0) }
        let events = collected.events
        #expect(summary.added == 1)
        #expect(summary.failed == 1)
        #expect(
            events.contains {
                if case .failed(_, let message) = $0 { message.hasSuffix("a/self: symlink loop") } else { false }
            })
    }

    @Test(.disabled(if: getuid() == 0, "runs as root, which reads a chmod 000 folder anyway"))
    func anUnreadableFolderIsReportedAndTheRestIndexed() throws {
        let folder = try TemporaryDirectory()
        let (library, root) = try Self.makeLibrary(
            [
                "2015/lake-beach.jpg": "a/lake.jpg", "no-exif.jpg": "locked/plain.jpg",
            ], in: folder)
        let locked = root.appendingPathComponent("locked")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path)
            folder.remove()
        }
        let collected = EventLog()
        let summary = try Indexer(library: library, catalog: library.openCatalog(), options: IndexOptions(jobs: 2))
            .run { collected.append($0) }
        #expect(summary.added == 1 && summary.failed == 1)
        #expect(
            collected.events.contains {
                if case .failed(_, let message) = $0 {
                    message.hasSuffix("locked: cannot open folder: Permission denied")
                } else {
                    false
                }
            })
    }

    @Test func aFileThatVanishesAfterTheWalkIsReportedAndSkipped() throws {
        let folder = try TemporaryDirectory()
        let (library, root) = try Self.makeLibrary(
            ["2015/lake-beach.jpg": "a/lake.jpg", "no-exif.jpg": "a/plain.jpg"], in: folder)
        defer { folder.remove() }
        let doomed = root.appendingPathComponent("a/plain.jpg")
        let collected = EventLog()
        // The walk has listed both files when `planned` arrives; one is deleted before it is read.
        let summary = try Indexer(library: library, catalog: library.openCatalog(), options: IndexOptions(jobs: 1)).run
        { event in
            if case .planned = event { try? FileManager.default.removeItem(at: doomed) }
            collected.append(event)
        }
        #expect(summary.added == 1 && summary.failed == 1)
        #expect(try Self.assets(library).keys.sorted() == ["a/lake.jpg"])
        let failures = collected.events.compactMap { if case .failed(_, let message) = $0 { message } else { nil } }
        #expect(failures.count == 1 && failures[0].contains("a/plain.jpg"))
    }

    @Test func aLoopOfFolderLinksAndADanglingLinkAreReportedOnce() throws {
        let folder = try TemporaryDirectory()
        let (library, root) = try Self.makeLibrary(["2015/lake-beach.jpg": "a/b/lake.jpg"], in: folder)
        defer { folder.remove() }
        // a/b/up -> .. and a/down -> b make a cycle through two links; gone -> nowhere dangles.
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("a/b/up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("a/down").path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("a/gone.jpg").path, withDestinationPath: "nowhere.jpg")
        let collected = EventLog()
        let summary = try Indexer(library: library, catalog: library.openCatalog(), options: IndexOptions(jobs: 2))
            .run { collected.append($0) }
        #expect(summary.added == 1)
        let failures = collected.events.compactMap { if case .failed(_, let message) = $0 { message } else { nil } }
        #expect(failures.count == 1 && failures.first?.hasSuffix("a/gone.jpg: broken symlink") == true)
    }
}

/// Collects indexer events from its worker threads.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [IndexEvent] = []
    func append(_ event: IndexEvent) {
        lock.lock()
        stored.append(event)
        lock.unlock()
    }
    var events: [IndexEvent] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
