import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoSupport

@Suite struct AbandonedTemporariesTests {
    /// The id of a process that has exited and been reaped: no process has it now
    /// (unless the system reused it within the test, which would only keep a file).
    private func deadProcessID() throws -> pid_t {
        // Above any pid_max Linux allows (2^22): never a live process, where a finished
        // child's id can be handed to another process of this parallel test run at once.
        pid_t(Int32.max - 1)
    }

    @Test func removesOnlyTemporariesWhoseWriterIsGone() throws {
        let folder = try TemporaryDirectory()
        let dead = try deadProcessID()
        let files = [
            "ab/cd/.abcd-thumb.jpg.tmp-\(dead)-12345",  // left by a killed writer: removed
            ".settings.json.tmp-\(dead)-9",  // at the top level too: removed
            "ab/cd/.abcd-preview.jpg.tmp-\(getpid())-777",  // its writer (us) is alive: kept
            "ab/cd/abcd-thumb.jpg",  // a finished rendition: kept
            "ab/cd/.abcd-thumb.jpg.tmp-notapid-1",  // not our pattern: kept
            "ab/.hidden.jpg",  // a hidden file of someone else: kept
        ]
        for file in files {
            let url = folder.url.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data([0xFF, 0xD8]).write(to: url)
        }
        #expect(AbandonedTemporaries.remove(under: folder.path) == 2)
        #expect(
            folder.files()
                == [
                    "ab/.hidden.jpg", "ab/cd/.abcd-preview.jpg.tmp-\(getpid())-777",
                    "ab/cd/.abcd-thumb.jpg.tmp-notapid-1", "ab/cd/abcd-thumb.jpg",
                ].sorted())
    }

    @Test func readsTheWriterFromTheNamesWriteAtomicallyGives() throws {
        let folder = try TemporaryDirectory()
        // A name as writeAtomically makes it, caught before its rename.
        let name = ".photo.xmp.tmp-\(getpid())-\(UInt32.max)"
        #expect(AbandonedTemporaries.writerProcess(ofTemporaryNamed: Array(name.utf8)) == getpid())
        #expect(AbandonedTemporaries.writerProcess(ofTemporaryNamed: Array("photo.xmp.tmp-12-3".utf8)) == nil)
        #expect(AbandonedTemporaries.writerProcess(ofTemporaryNamed: Array(".photo.xmp.tmp-12-".utf8)) == nil)
        #expect(AbandonedTemporaries.writerProcess(ofTemporaryNamed: Array(".photo.xmp.tmp-12-3-4".utf8)) == nil)
        // A folder that cannot be listed is skipped, not an error.
        #expect(AbandonedTemporaries.remove(under: folder.path.appending("absent")) == 0)
    }
}

extension AbandonedTemporariesTests {
    @Test func readsTheWriterFromAnExportStagingFolderName() {
        #expect(AbandonedTemporaries.exportStagingProcess(ofFolderNamed: Array(".a.jpg.photolib-export-42".utf8)) == 42)
        #expect(AbandonedTemporaries.exportStagingProcess(ofFolderNamed: Array("a.jpg.photolib-export-42".utf8)) == nil)
        #expect(AbandonedTemporaries.exportStagingProcess(ofFolderNamed: Array(".a.jpg.photolib-export-".utf8)) == nil)
        #expect(AbandonedTemporaries.exportStagingProcess(ofFolderNamed: Array(".a.photolib-export-4x".utf8)) == nil)
        // Not a file temporary either.
        #expect(AbandonedTemporaries.writerProcess(ofTemporaryNamed: Array(".a.jpg.photolib-export-42".utf8)) == nil)
    }

    /// Before a write into a folder: only its own abandoned entries, old enough, go.
    @Test func aFolderIsCleanedOfOldAbandonedEntriesOnly() throws {
        let folder = try TemporaryDirectory()
        let dead = try deadProcessID()
        let hourAgo = Date(timeIntervalSinceNow: -3600)
        for name in [".x.tmp-\(dead)-1", ".y.tmp-\(dead)-2", "sub/.z.tmp-\(dead)-3"] {
            let url = folder.url.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data([1]).write(to: url)
        }
        for name in [".x.tmp-\(dead)-1", "sub/.z.tmp-\(dead)-3"] {
            try FileManager.default.setAttributes(
                [.modificationDate: hourAgo], ofItemAtPath: folder.url.appendingPathComponent(name).path)
        }
        let handle = try DirectoryHandle.open(root: folder.path)
        #expect(AbandonedTemporaries.sweep(handle) == 1)
        // The young one stays (its writer may live on another machine), and so does the subfolder's.
        #expect(folder.files() == [".y.tmp-\(dead)-2", "sub/.z.tmp-\(dead)-3"])
    }
}
