import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport

@Suite struct TrashBinTests {
    let folder: TemporaryDirectory
    let library: Library
    let catalog: any Catalog

    init() throws {
        folder = try TemporaryDirectory()
        library = try Library.create(at: folder.path)
        catalog = try library.openCatalog()
    }

    /// A file of random bytes in the library, indexed under a fixed id.
    private func addPhoto(_ relativePath: String, hex: String = "00000000000000aa") throws -> (Asset, [UInt8]) {
        let bytes = (0..<200_000).map { _ in UInt8.random(in: 0...255) }
        let path = library.absolutePath(of: RawPath(relativePath))
        try FileSystem.createDirectory(path.parent)
        try FileSystem.writeAtomically(bytes, to: path)
        try catalog.applyIndexChanges(scanned: [CatalogFixtures.scanned(hex, relativePath)], missing: [])
        return (try #require(try catalog.asset(id: CatalogFixtures.id(hex))), bytes)
    }

    @Test func deleteThenRestoreGivesBackTheSameBytesAtTheSamePath() throws {
        let (asset, bytes) = try addPhoto("2015/a.jpg")
        let original = library.absolutePath(of: asset.file.relativePath)
        let modified = try #require(FileSystem.status(original)).st_mtim
        let performer = ActionPerformer(library: library, catalog: catalog)
        let deleted = try performer.perform(.delete, value: nil, on: [asset])
        #expect(deleted.failures.isEmpty)
        let trashed = try #require(deleted.outcomes.first?.after)
        #expect(trashed.trashLocation == RawPath(".photolib/trash/00000000000000aa/a.jpg"))
        #expect(!FileSystem.exists(original))
        #expect(try FileSystem.readFile(library.absolutePath(of: trashed.trashLocation!)) == bytes)
        // Where the original is now: the one answer every reader of it gets.
        #expect(try library.originalPath(of: asset) == original)
        #expect(try library.originalPath(of: trashed) == library.trashDirectory.appending("00000000000000aa/a.jpg"))

        let restored = try performer.perform(.restore, value: nil, on: [trashed])
        #expect(restored.failures.isEmpty && restored.outcomes.first?.after.trashed == false)
        #expect(try FileSystem.readFile(original) == bytes)
        let after = try #require(FileSystem.status(original)).st_mtim
        #expect(after.tv_sec == modified.tv_sec && after.tv_nsec == modified.tv_nsec)
        #expect(try catalog.history(for: asset.id, limit: nil).map(\.change.newValue) == ["true", "false"])
    }

    @Test func restoreIsRefusedWhenThePathIsTaken() throws {
        let (asset, bytes) = try addPhoto("a.jpg")
        let performer = ActionPerformer(library: library, catalog: catalog)
        let trashed = try performer.perform(.delete, value: nil, on: [asset]).outcomes[0].after
        let original = library.absolutePath(of: asset.file.relativePath)
        try FileSystem.writeAtomically([9, 9, 9], to: original)
        let report = try performer.perform(.restore, value: nil, on: [trashed])
        let failure = try #require(report.failures.first)
        #expect(
            failure.error.description.hasSuffix(
                "a.jpg: cannot restore: another file is at this path now; move it away first"))
        #expect(try FileSystem.readFile(original) == [9, 9, 9])
        #expect(try FileSystem.readFile(library.absolutePath(of: trashed.trashLocation!)) == bytes)
        #expect(try catalog.asset(id: asset.id)?.trashed == true)
    }

    @Test func dryRunPlansWithoutChanging() throws {
        let (asset, _) = try addPhoto("a.jpg")
        let plan = ActionPerformer(library: library, catalog: catalog).plan(.delete, value: nil, on: [asset])
        #expect(plan.outcomes.first?.changes == [FieldChange(field: "trashed", oldValue: "false", newValue: "true")])
        // The plan names the place the delete would use.
        #expect(plan.outcomes.first?.after.trashLocation == RawPath(".photolib/trash/00000000000000aa/a.jpg"))
        #expect(FileSystem.exists(library.absolutePath(of: asset.file.relativePath)))
        #expect(try catalog.asset(id: asset.id) == asset)
        #expect(try catalog.history(for: nil, limit: nil).isEmpty)
    }

    @Test func copyingMoveKeepsBytesModeAndTime() throws {
        let source = folder.path.appending("source.bin")
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try FileSystem.writeAtomically(bytes, to: source)
        _ = source.withCString { chmod($0, 0o600) }
        let before = try #require(FileSystem.status(source))
        let target = folder.path.appending("target.bin")
        try FileTransfer.copyThenRemove(source, to: target)
        #expect(!FileSystem.exists(source))
        #expect(try FileSystem.readFile(target) == bytes)
        let after = try #require(FileSystem.status(target))
        #expect(after.st_mode & 0o7777 == 0o600)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    }

    @Test func moveNeverReplaces() throws {
        let source = folder.path.appending("one")
        let target = folder.path.appending("two")
        try FileSystem.writeAtomically([1], to: source)
        try FileSystem.writeAtomically([2], to: target)
        let error = try #require(throws: FileSystemError.self) { try FileTransfer.move(source, to: target) }
        #expect(error.reason == .alreadyExists)
        #expect(try FileSystem.readFile(source) == [1] && FileSystem.readFile(target) == [2])
        #expect(throws: FileSystemError.self) { try FileTransfer.copyThenRemove(source, to: target) }
        #expect(try FileSystem.readFile(target) == [2] && FileSystem.exists(source))
    }

    /// /dev/shm is a tmpfs of its own on most Linux machines: a real cross-device move.
    @Test(.enabled(if: FileTransferTestPlaces.crossDevice != nil, "no second file system to move across"))
    func moveAcrossFileSystems() throws {
        let other = try #require(FileTransferTestPlaces.crossDevice)
        let source = other.appending("photolib-\(UUID().uuidString)")
        defer { _ = source.withCString { unlink($0) } }
        let bytes = Array("across devices".utf8)
        try FileSystem.writeAtomically(bytes, to: source)
        let target = folder.path.appending("arrived")
        try FileTransfer.move(source, to: target)
        #expect(!FileSystem.exists(source))
        #expect(try FileSystem.readFile(target) == bytes)
    }
}

enum FileTransferTestPlaces {
    /// A writable folder on another device than the temporary directory, if there is one.
    static let crossDevice: RawPath? = {
        let shm = RawPath("/dev/shm")
        let temporary = RawPath(FileManager.default.temporaryDirectory.path)
        guard let a = FileSystem.status(shm), let b = FileSystem.status(temporary), a.st_dev != b.st_dev,
            access("/dev/shm", W_OK) == 0
        else { return nil }
        return shm
    }()
}
