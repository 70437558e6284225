import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport

/// The re-index that compares the ordered walk with the catalog read page by page: a few
/// changes among many unchanged files are each seen, and an unchanged tree writes nothing.
@Suite struct IndexerMergeTests {
    /// Names whose byte order interleaves files and folders ("a.jpg" < "a/" < "a-2" is false:
    /// '-' < '.' < '/'), across more records than one catalog page holds.
    static let names = ["a", "a-2", "a.b", "b"]

    /// A library of `CatalogCursor.pageSize` + 300 hard links of one photo, in folders whose
    /// names make the walk interleave files and subfolders, plus two photos of their own.
    static func makeLibrary(in folder: TemporaryDirectory) throws -> Library {
        let root = folder.url
        let sample = SampleFiles.root.appendingPathComponent("2015/lake-beach.jpg")
        let manager = FileManager.default
        var made = 0
        var index = 0
        while made < CatalogCursor.pageSize + 300 {
            let top = names[index % names.count]
            let inner = names[(index / names.count) % names.count]
            let folderURL = root.appendingPathComponent("\(top)/\(inner)")
            try manager.createDirectory(at: folderURL, withIntermediateDirectories: true)
            for name in names {
                try manager.linkItem(at: sample, to: folderURL.appendingPathComponent("\(name)\(index).jpg"))
                made += 1
            }
            // A file beside the folders, named like them.
            try manager.linkItem(at: sample, to: root.appendingPathComponent("\(top)/\(inner)\(index).jpg"))
            made += 1
            index += 1
        }
        try manager.copyItem(
            at: SampleFiles.root.appendingPathComponent("no-exif.jpg"), to: root.appendingPathComponent("a/plain.jpg"))
        try manager.copyItem(
            at: SampleFiles.root.appendingPathComponent("2016/progressive-tokyo.jpg"),
            to: root.appendingPathComponent("b/b/tokyo.jpg"))
        return try Library.create(at: RawPath(root.path))
    }

    /// The path of the link named `name` made in round `index` of `makeLibrary`.
    static func path(_ index: Int, _ name: String) -> String {
        "\(names[index % names.count])/\(names[(index / names.count) % names.count])/\(name)\(index).jpg"
    }

    static func index(_ library: Library, _ paths: [String] = []) throws -> IndexSummary {
        try Indexer(library: library, catalog: library.openCatalog(), options: IndexOptions(jobs: 2))
            .run(paths: paths.map { RawPath(library.root.description + "/" + $0) })
    }

    /// Every asset by path.
    static func records(_ library: Library) throws -> [String: IndexRecord] {
        Dictionary(
            uniqueKeysWithValues: try library.openCatalog().indexRecords().map {
                ($0.file.relativePath.description, $0)
            })
    }

    @Test func anUnchangedTreeIsAllUnchangedAndNoRowIsWritten() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let library = try Self.makeLibrary(in: folder)
        let first = try Self.index(library)
        let before = try Self.records(library)
        #expect(first.added == before.count && before.count > CatalogCursor.pageSize)

        let again = try Self.index(library)
        #expect(again.unchanged == before.count)
        #expect(again.added + again.updated + again.moved + again.missing + again.failed == 0)
        // Every write stamps indexed_at: an untouched row keeps the one it had.
        #expect(try Self.records(library) == before)
    }

    @Test func aChangeAnAdditionARemovalAndAMoveAmongManyAreEachSeen() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let library = try Self.makeLibrary(in: folder)
        _ = try Self.index(library)
        let before = try Self.records(library)
        let root = folder.url
        let manager = FileManager.default

        // Changed: same path, other bytes (a fresh inode, so the links stay as they were).
        let changed = Self.path(9, "a.b")
        try manager.removeItem(at: root.appendingPathComponent(changed))
        try manager.copyItem(
            at: SampleFiles.root.appendingPathComponent("2016/progressive-tokyo.jpg"),
            to: root.appendingPathComponent(changed))
        // Added, in a folder that sorts between others: a copy of a photo still in place.
        let added = "a-2/new.jpg"
        try manager.linkItem(at: root.appendingPathComponent("a/plain.jpg"), to: root.appendingPathComponent(added))
        // Removed, deep in the tree.
        let removed = Self.path(7, "a")
        try manager.removeItem(at: root.appendingPathComponent(removed))
        // Moved: a photo of its own from late in the order to early.
        try manager.moveItem(
            at: root.appendingPathComponent("b/b/tokyo.jpg"), to: root.appendingPathComponent("a/a/0-tokyo.jpg"))

        let summary = try Self.index(library)
        #expect(summary.updated == 1 && summary.added == 1 && summary.missing == 1 && summary.moved == 1)
        #expect(summary.unchanged == before.count - 3)
        let after = try Self.records(library)
        #expect(after[changed]?.id == before[changed]?.id)
        #expect(after[changed]?.file.fingerprint != before[changed]?.file.fingerprint)
        #expect(after[added] != nil && before[added] == nil)
        #expect(after[removed]?.missing == true && after[removed]?.id == before[removed]?.id)
        #expect(after["a/a/0-tokyo.jpg"]?.id == before["b/b/tokyo.jpg"]?.id)
        #expect(after["b/b/tokyo.jpg"] == nil)
        // The rest were not written.
        let untouched = before.keys.filter { ![changed, removed, "b/b/tokyo.jpg"].contains($0) }
        #expect(untouched.allSatisfy { after[$0] == before[$0] })
    }

    @Test func aSubfolderRootLeavesItsNamesakesAlone() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let library = try Self.makeLibrary(in: folder)
        _ = try Self.index(library)
        // "a" as a root: its range of paths also holds "a-2/..." and "a.b/...", which it must not mark missing.
        let inside = Self.path(0, "a")
        let namesake = Self.path(1, "a")
        #expect(inside.hasPrefix("a/") && namesake.hasPrefix("a-2/"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(namesake))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(inside))
        let summary = try Self.index(library, ["a"])
        #expect(summary.missing == 1)
        let after = try Self.records(library)
        #expect(after[inside]?.missing == true && after[namesake]?.missing == false)
    }
}
