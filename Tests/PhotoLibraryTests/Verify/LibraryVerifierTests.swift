import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport

/// `LibraryVerifier` on a real library: the committed SampleLibrary photos, indexed with renditions.
@Suite struct LibraryVerifierTests {
    let folder: TemporaryDirectory
    let library: Library
    let catalog: any Catalog

    init() throws {
        folder = try TemporaryDirectory()
        for name in ["2015/lake-beach.jpg", "2015/bordeaux-art.jpg", "2015/sunset-orientation-6.jpg"] {
            let destination = folder.url.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: SampleFiles.root.appendingPathComponent(name), to: destination)
        }
        library = try Library.create(at: folder.path)
        catalog = try library.openCatalog()
        let summary = try Indexer(
            library: library, catalog: catalog, options: IndexOptions(jobs: 2, makeRenditions: true)
        ).run()
        #expect(summary.added == 3 && summary.rendered == 3)
    }

    private func asset(_ relativePath: String) throws -> Asset {
        try #require(try catalog.asset(atRelativePath: RawPath(relativePath)))
    }

    private func makeOld(_ path: RawPath) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path.description)
    }

    @Test func aFreshlyIndexedLibraryIsWell() throws {
        let report = try LibraryVerifier(library: library, catalog: catalog).check()
        #expect(report.findings.isEmpty)
        #expect(report.assetsChecked == 3 && report.renditionFilesChecked == 6 && report.trashFilesChecked == 0)
    }

    /// The log is read a page at a time (bounded memory at millions of events): pages of one,
    /// two or three events fold into the same witnesses as one page holding the whole log.
    @Test func theHistoryIsReadPageByPage() throws {
        let lake = try asset("2015/lake-beach.jpg")
        let bordeaux = try asset("2015/bordeaux-art.jpg")
        for change in [AssetEdit.Change.favourite(true), .caption("Lac"), .favourite(false), .city("Hourtin")] {
            _ = try catalog.apply([AssetEdit(id: lake.id, change: change)], action: "test")
        }
        _ = try catalog.apply([AssetEdit(id: bordeaux.id, change: .liked(true))], action: "test")
        let verifier = LibraryVerifier(library: library, catalog: catalog)
        let whole = try verifier.historyWitnesses(pageSize: 1_000)
        #expect(whole[lake.id]?.count == 4 && whole[bordeaux.id]?.count == 1)
        #expect(whole[lake.id]?.last.change.field == "city")
        #expect(whole[lake.id]?.lastByField["favourite"]?.change.newValue == "false")
        for pageSize in [1, 2, 3] {
            let paged = try verifier.historyWitnesses(pageSize: pageSize)
            #expect(paged.keys.sorted { $0.hex < $1.hex } == whole.keys.sorted { $0.hex < $1.hex })
            for (id, witness) in whole {
                #expect(paged[id]?.count == witness.count, "page size \(pageSize)")
                #expect(paged[id]?.last == witness.last, "page size \(pageSize)")
                #expect(paged[id]?.lastByField == witness.lastByField, "page size \(pageSize)")
            }
        }
        #expect(try verifier.check().findings.isEmpty)
    }

    @Test func findsEachKindOfProblemAndRepairsWhatIsSafe() throws {
        let lake = try asset("2015/lake-beach.jpg")
        let sunset = try asset("2015/sunset-orientation-6.jpg")
        let store = RenditionStore(library: library)
        // A moved-away original, a lost thumbnail, a temporary file and a stale rendition left by a killed writer.
        try FileManager.default.removeItem(atPath: library.absolutePath(of: lake.file.relativePath).description)
        let thumbnail = try store.path(
            contentHash: try #require(sunset.contentHash), spec: .standard(.thumbnail, settings: library.settings))
        try FileManager.default.removeItem(atPath: thumbnail.description)
        let temporary = library.renditionsDirectory.appending(".preview.jpg.tmp-123-456")
        try FileSystem.writeAtomically([1, 2, 3], to: temporary)
        let stale = try store.path(
            contentHash: "abcdef0123456789", spec: .standard(.preview, settings: library.settings))
        try FileSystem.createDirectory(stale.parent)
        try FileSystem.writeAtomically([0xFF, 0xD8, 0xFF, 0xD9], to: stale)
        let stray = library.trashDirectory.appending("stray.jpg")
        try FileSystem.writeAtomically([0xFF, 0xD8], to: stray)
        for path in [temporary, stale] { try makeOld(path) }

        let verifier = LibraryVerifier(library: library, catalog: catalog)
        let report = try verifier.check()
        let found = report.findings.map { "\($0.kind.rawValue) \($0.path.lastComponent) \($0.assetID?.hex ?? "-")" }
        #expect(
            found == [
                "original-missing lake-beach.jpg \(lake.id.hex)",
                "rendition-missing \(thumbnail.lastComponent) \(sunset.id.hex)",
                "rendition-orphaned .preview.jpg.tmp-123-456 -",
                "rendition-stale abcdef0123456789-preview-1280-q82.jpg -",
                "trash-file-unclaimed stray.jpg -",
            ])

        let repaired = try verifier.checkAndRepair(jobs: 2)
        #expect(repaired.findings.map(\.repaired) == [true, true, true, true, false])
        #expect(repaired.outstanding.map(\.kind) == [.trashFileUnclaimed])
        #expect(repaired.failedRepairs.isEmpty)
        #expect(try asset("2015/lake-beach.jpg").missing)
        #expect(store.isRendition(thumbnail))
        #expect(!FileSystem.exists(temporary) && !FileSystem.exists(stale))
        #expect(try FileSystem.readFile(stray) == [0xFF, 0xD8])
        #expect(try verifier.check().findings.map(\.kind) == [.trashFileUnclaimed])
    }

    @Test func aChangedOriginalIsIndexedAgainKeepingItsFlags() throws {
        let bordeaux = try asset("2015/bordeaux-art.jpg")
        _ = try catalog.apply([AssetEdit(id: bordeaux.id, change: .favourite(true))], action: "favourite")
        let path = library.absolutePath(of: bordeaux.file.relativePath)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path.description))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0x00]))
        try handle.close()
        let oldRenditions = try RenditionKind.allCases.map {
            try RenditionStore(library: library).path(
                contentHash: try #require(bordeaux.contentHash), spec: .standard($0, settings: library.settings))
        }
        for file in oldRenditions { try makeOld(file) }

        let verifier = LibraryVerifier(library: library, catalog: catalog)
        let before = try verifier.check().findings
        #expect(before.map(\.kind) == [.originalChanged])
        #expect(
            before.first?.detail
                == "original changed since indexing (size \(bordeaux.file.size) is now \(bordeaux.file.size + 1))")

        let repaired = try verifier.checkAndRepair(jobs: 1)
        #expect(repaired.outstanding.isEmpty)
        // Indexing it again removed the renditions of the old content and made the new ones.
        #expect(repaired.findings.map(\.kind) == [.originalChanged])
        let after = try asset("2015/bordeaux-art.jpg")
        #expect(after.id == bordeaux.id && after.favourite && after.file.size == bordeaux.file.size + 1)
        #expect(oldRenditions.allSatisfy { !FileSystem.exists($0) })
        #expect(try verifier.check().findings.isEmpty)
    }

    @Test func aTrashedAssetWhoseFileLeftTheTrashIsReportedNotRepaired() throws {
        let lake = try asset("2015/lake-beach.jpg")
        let performed = try ActionPerformer(library: library, catalog: catalog).perform(.delete, value: nil, on: [lake])
        let location = try #require(performed.outcomes.first?.after.trashLocation)
        let verifier = LibraryVerifier(library: library, catalog: catalog)
        #expect(try verifier.check().findings.isEmpty)
        #expect(try verifier.check().trashFilesChecked == 1)

        try FileManager.default.removeItem(atPath: library.absolutePath(of: location).description)
        let repaired = try verifier.checkAndRepair(jobs: 1)
        #expect(repaired.findings.map(\.kind) == [.trashFileMissing])
        #expect(repaired.findings.first?.assetID == lake.id && repaired.findings.first?.repaired == false)
        #expect(repaired.failedRepairs.isEmpty)
    }

    @Test func aRecentStrayRenditionFileIsLeftForTheWriterThatMayOwnIt() throws {
        let temporary = library.renditionsDirectory.appending(".x.jpg.tmp-1-2")
        try FileSystem.writeAtomically([1], to: temporary)
        let repaired = try LibraryVerifier(library: library, catalog: catalog).checkAndRepair(jobs: 1)
        let finding = try #require(repaired.findings.first)
        #expect(finding.kind == .renditionOrphaned && !finding.repaired)
        guard case .changedRecently(let seconds) = finding.repairProblem else {
            Issue.record("repair problem: \(String(describing: finding.repairProblem))")
            return
        }
        #expect(seconds < 60)
        #expect(FileSystem.exists(temporary))
        #expect(repaired.failedRepairs.count == 1)
    }

    @Test func renditionNamesAreReadFromTheirPlaceInTheFanOut() throws {
        let directory = folder.path.appending("r")
        let good = directory.appending("ab/cd/abcd12-thumbnail-256-q82.jpg")
        let misplaced = directory.appending("ab/ce/abcd12-thumbnail-256-q82.jpg")
        let empty = directory.appending("ab/cd/abcd34-preview-1280-q82.jpg")
        for path in [good, misplaced] {
            try FileSystem.createDirectory(path.parent)
            try FileSystem.writeAtomically([1], to: path)
        }
        try FileSystem.writeAtomically([], to: empty)
        #expect(RenditionName.parse(good, in: directory) == .rendition(key: "abcd12"))
        #expect(
            RenditionName.parse(misplaced, in: directory) == .notARendition("name is not <content hash>-<spec>.jpg"))
        #expect(RenditionName.parse(empty, in: directory) == .notARendition("empty"))
        #expect(
            RenditionName.parse(directory.appending("abcd12-x.jpg"), in: directory)
                == .notARendition("not in a fan-out folder"))
        #expect(try FileWalker.entries(under: directory) == [misplaced, empty, good].sorted())
        #expect(try FileWalker.entries(under: folder.path.appending("absent")) == [])
    }
}
