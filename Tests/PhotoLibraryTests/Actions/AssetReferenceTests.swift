import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary
@testable import PhotoSupport

@Suite struct AssetReferenceTests {
    let folder: TemporaryDirectory
    let library: Library
    let catalog: any Catalog
    let resolver: AssetReferenceResolver

    init() throws {
        folder = try TemporaryDirectory()
        library = try Library.create(at: folder.path)
        catalog = try library.openCatalog()
        try catalog.applyIndexChanges(
            scanned: [
                CatalogFixtures.scanned("3fa2c81d00000001", "2015/a.jpg"),
                CatalogFixtures.scanned("3fa2c81d00000002", "2015/b.jpg"),
                CatalogFixtures.scanned("77b0e1c400000003", "c d.jpg"),
            ], missing: [])
        try FileSystem.createDirectory(folder.path.appending("2015"))
        for name in ["2015/a.jpg", "2015/unindexed.jpg"] {
            try FileSystem.writeAtomically([0xFF, 0xD8, 0xFF, 0xE0], to: folder.path.appending(name))
        }
        try FileSystem.writeAtomically(Array("a note\n".utf8), to: folder.path.appending("2015/note.jpg"))
        try FileSystem.writeAtomically([0xFF, 0xD8, 0xFF, 0xE0], to: folder.path.appending("2015/CRW_1.THM"))
        resolver = AssetReferenceResolver(
            library: library, catalog: catalog, workingDirectory: folder.path.appending("2015"))
    }

    private func reason(_ reference: String) throws -> AssetReferenceError.Reason {
        try #require(throws: AssetReferenceError.self) { try resolver.resolve(RawPath(reference)) }.reason
    }

    @Test func idsAndUniquePrefixesInAnyCase() throws {
        #expect(try resolver.resolve(RawPath("77b0e1c400000003")).file.relativePath == RawPath("c d.jpg"))
        #expect(try resolver.resolve(RawPath("7")).id.hex == "77b0e1c400000003")
        #expect(try resolver.resolve(RawPath("3FA2C81D00000002")).id.hex == "3fa2c81d00000002")
    }

    @Test func ambiguousPrefixNamesTheCandidates() throws {
        let error = try #require(throws: AssetReferenceError.self) { try resolver.resolve(RawPath("3fa2")) }
        #expect(error.kind == .noSuchInput)
        #expect(
            error.description == "ambiguous asset '3fa2': it could be 3fa2c81d00000001 (2015/a.jpg), "
                + "3fa2c81d00000002 (2015/b.jpg); give more digits")
    }

    @Test func pathsRelativeToTheWorkingDirectoryOrAbsolute() throws {
        #expect(try resolver.resolve(RawPath("a.jpg")).id.hex == "3fa2c81d00000001")
        #expect(try resolver.resolve(RawPath("../c d.jpg")).id.hex == "77b0e1c400000003")
        #expect(try resolver.resolve(folder.path.appending("2015/b.jpg")).id.hex == "3fa2c81d00000002")
        // Not below the working directory, but below the library root.
        #expect(try resolver.resolve(RawPath("2015/b.jpg")).id.hex == "3fa2c81d00000002")
    }

    @Test func unknownUnindexedAndOutsideReferences() throws {
        #expect(try reason("ffff") == .unknown)
        #expect(try reason("nothing.jpg") == .unknown)
        #expect(try reason("unindexed.jpg") == .notIndexed)
        // A file index would never make an asset says why, rather than "not indexed yet".
        #expect(try reason("note.jpg") == .notAPhoto(detected: "text"))
        #expect(try reason("CRW_1.THM") == .companion(of: nil))
        #expect(try reason("/") == .outsideLibrary(library.root))
    }
}
