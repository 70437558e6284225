import Foundation
import PhotoTestSupport
import Testing

/// `index --worker` remembers the files it could not read as the plain index does: an
/// unchanged one is neither read nor reported again, a changed one is read again, and the
/// plain index and the workers share the one list.
@Suite(.enabled(if: PostgresTestServer.isAvailable, "no PostgreSQL server installed"))
struct WorkerFailuresTests {
    @Test func workersRememberTheFilesTheyCouldNotRead() throws {
        let library = try TestLibrary()
        let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015/lake-beach.jpg")
        try library.add(sample, as: "a/p.jpg")
        try FileManager.default.createDirectory(at: library.url("b"), withIntermediateDirectories: true)
        try Data("not a photo at all".utf8).write(to: library.url("b/notes.jpg"))
        let made = try BinaryRunner.run(["init"] + CatalogBackend.postgres.initArguments() + [library.root.path])
        try #require(made.status == 0, "\(made.stderr)")
        let bad = library.url("b/notes.jpg").path

        let first = try library.run(["index", "--worker", "--no-renditions"])
        #expect(first.status != 0)
        #expect(first.stderr.contains(bad), "\(first.stderr)")
        #expect(try library.run(["list", "--failed"]).stdout.contains("notes.jpg"))

        let second = try library.run(["index", "--worker", "--no-renditions"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.isEmpty, "\(second.stderr)")
        #expect(second.stdout.contains("failed before 1 (unchanged; not read)"), "\(second.stdout)")
        // The plain index reads the same list.
        let plain = try library.run(["index", "--no-renditions"])
        #expect(plain.stdout.contains("failed before 1 (unchanged; not read)") && plain.stderr.isEmpty)

        // Changed, it is read again (and fails again); removed, it is forgotten.
        try Data("still not a photo, but longer".utf8).write(to: library.url("b/notes.jpg"))
        let changed = try library.run(["index", "--worker", "--no-renditions"])
        #expect(changed.stderr.contains(bad), "\(changed.stderr)")
        try FileManager.default.removeItem(atPath: bad)
        let removed = try library.run(["index", "--worker", "--no-renditions"])
        #expect(removed.status == 0, "\(removed.stderr)")
        let left = try library.run(["list", "--failed"])
        #expect(!left.stdout.contains("notes.jpg"), "\(left.stdout)")
    }
}
