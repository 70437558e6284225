import Foundation
import PhotoCatalog
import PhotoFormats
import PhotoLibrary
import PhotoSupport
import PhotoTestSupport
import Testing

@testable import photolib

@Suite struct AssetReferenceTextTests {
    @Test func jsonLinesCountByTheirID() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let library = try Library.create(at: folder.path)
        let catalog = try library.openCatalog()
        try catalog.applyIndexChanges(
            scanned: ["3fa2c81d00000001", "3fa2c81d00000002", "77b0e1c400000003"].map { hex in
                ScannedFile(
                    id: AssetID(hex: hex)!,
                    file: FileFacts(
                        relativePath: RawPath("\(hex).jpg"), size: 1_000, modifiedNanoseconds: 0,
                        fingerprint: "fp-\(hex)"),
                    metadata: PhotoMetadata())
            }, missing: [])
        let resolver = AssetReferenceResolver(library: library, catalog: catalog, workingDirectory: library.root)
        func resolve(_ line: String) throws -> String {
            try AssetReferenceText.resolve(RawPath(line), with: resolver).id.hex
        }

        let line = #"{"id":"77b0e1c400000003","caption":"say \"id\": \"3fa2c81d00000001\"","nested":{"id":"x"}}"#
        #expect(try resolve(line) == "77b0e1c400000003")
        let late = #"{"caption":"x","gps":{"id":"no"},"id" : "3fa2c81d00000002"}"#
        #expect(try resolve(late) == "3fa2c81d00000002")
        let error = try #require(throws: JSONLineError.self) { try resolve(#"{"caption":"no id here"}"#) }
        #expect(error.kind == .noSuchInput)
        #expect(error.description == #"a JSON line without an "id": {"caption":"no id here"}"#)
        let unknown = try #require(throws: AssetReferenceError.self) { try resolve(#"{"id":"ffff000000000000"}"#) }
        #expect(unknown.reason == .unknown)
    }

    @Test func standardInputLines() {
        let input = Array("3fa2\r\n\n  \n2015/a.jpg\n{\"id\":\"x\"}".utf8) + [0x0A, 0xE9, 0x0A]
        #expect(
            AssetReferenceText.references(inLines: input) == [
                RawPath("3fa2"), RawPath("2015/a.jpg"), RawPath("{\"id\":\"x\"}"), RawPath(bytes: [0xE9]),
            ])
    }
}
