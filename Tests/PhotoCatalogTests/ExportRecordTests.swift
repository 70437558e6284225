import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoSupport

/// What `export` remembers (`ExportRecord`), on both stores alike, and carried by `catalog copy`.
@Suite struct ExportRecordTests {
    static func record(
        _ destination: [UInt8], _ id: String, path: String, fingerprint: String = "f1", size: Int64 = 10
    ) -> ExportRecord {
        ExportRecord(
            destination: RawPath(bytes: destination), assetID: CatalogFixtures.id(id), relativePath: RawPath(path),
            variant: "original", fingerprint: fingerprint, size: size, modifiedNanoseconds: 1_700_000_000_123_456_789,
            exportedAt: 978_307_199.9999999)
    }

    @Test(arguments: CatalogBackend.all) func recordsReplaceByDestinationAndAsset(backend: CatalogBackend) throws {
        let store = try TestCatalog(backend)
        let catalog = store.catalog
        // A destination whose path is not UTF-8 is kept to the byte.
        let odd = Array("/mnt/caf".utf8) + [0xE9]
        try catalog.recordExports([
            Self.record(Array("/mnt/usb".utf8), "00000000000000aa", path: "2015/06/a.jpg"),
            Self.record(Array("/mnt/usb".utf8), "00000000000000bb", path: "b.jpg"),
            Self.record(odd, "00000000000000aa", path: "a.jpg"),
        ])
        // A later export of the same asset to the same folder replaces its record.
        try catalog.recordExports([
            Self.record(
                Array("/mnt/usb".utf8), "00000000000000aa", path: "2015/06/a-1.jpg", fingerprint: "f2", size: 11)
        ])
        let usb = try catalog.exportRecords(destination: RawPath("/mnt/usb"))
        #expect(usb.count == 2)
        #expect(usb[CatalogFixtures.id("00000000000000aa")]?.relativePath == RawPath("2015/06/a-1.jpg"))
        #expect(usb[CatalogFixtures.id("00000000000000aa")]?.fingerprint == "f2")
        #expect(usb[CatalogFixtures.id("00000000000000aa")]?.size == 11)
        let other = try catalog.exportRecords(destination: RawPath(bytes: odd))
        #expect(other.values.map(\.relativePath) == [RawPath("a.jpg")])
        #expect(other.values.first?.exportedAt == 978_307_199.9999999)
        #expect(other.values.first?.modifiedNanoseconds == 1_700_000_000_123_456_789)
        #expect(try catalog.exportRecords(destination: RawPath("/elsewhere")).isEmpty)
        // Another connection (another process) reads what was committed.
        #expect(try store.reopen().allExportRecords() == catalog.allExportRecords())
        #expect(try catalog.allExportRecords().count == 3)
    }

    @Test(arguments: CatalogTransferTests.pairs) func catalogCopyCarriesThem(
        from: CatalogBackend, to: CatalogBackend
    )
        throws
    {
        let source = try TestCatalog(from)
        try source.catalog.recordExports([
            Self.record(Array("/a".utf8), "00000000000000aa", path: "x.jpg"),
            Self.record(Array("/b".utf8), "00000000000000bb", path: "y/z.jpg"),
        ])
        let target = try TestCatalog(to)
        let transfer = try #require(source.catalog as? any CatalogTransfer)
        let destination = try #require(target.catalog as? any CatalogTransfer)
        try destination.recordExports(try transfer.allExportRecords())
        #expect(try destination.allExportRecords() == transfer.allExportRecords())
        #expect(try destination.allExportRecords().map(\.relativePath) == [RawPath("x.jpg"), RawPath("y/z.jpg")])
    }
}
