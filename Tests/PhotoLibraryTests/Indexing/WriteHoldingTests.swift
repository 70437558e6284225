import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoLibrary

/// When an index pass holds its batches' writes in one transaction (`WriteHolding`), seen from
/// another connection to the catalog, as another process would see them.
@Suite struct WriteHoldingTests {
    let store: TestCatalog
    let other: any Catalog
    var catalog: any Catalog { store.catalog }
    let fast: UInt64 = WriteHolding.fastRead / 10
    let slow: UInt64 = WriteHolding.fastRead * 2

    init() throws {
        store = try TestCatalog(.sqlite)
        other = try store.reopen()
    }

    func write(_ hex: String) throws {
        try catalog.applyIndexChanges(scanned: [], added: [CatalogFixtures.scanned(hex, "\(hex).jpg")], missing: [])
    }

    func seen() throws -> Int { try other.assets(matching: AssetQuery()).count }

    @Test func batchesThatReadFastShareOneCommit() throws {
        var holding = WriteHolding()
        holding.willWrite(readIn: fast, catalog: catalog)
        try write("00000000000000aa")
        try holding.willWait(catalog: catalog)
        holding.willWrite(readIn: fast, catalog: catalog)
        try write("00000000000000bb")
        #expect(holding.isHolding)
        #expect(try seen() == 0)
        try holding.commit(catalog: catalog)
        #expect(try seen() == 2)
        #expect(!holding.isHolding)
    }

    @Test func aSlowBatchIsCommittedAlone() throws {
        var holding = WriteHolding()
        holding.willWrite(readIn: slow, catalog: catalog)
        try write("00000000000000aa")
        #expect(!holding.isHolding)
        #expect(try seen() == 1)
    }

    @Test func theWaitAfterASlowBatchIsNotHeldThrough() throws {
        var holding = WriteHolding()
        holding.willWrite(readIn: fast, catalog: catalog)
        try write("00000000000000aa")
        // The next batch read slowly: its reading threads' successor may too.
        holding.willWrite(readIn: slow, catalog: catalog)
        try write("00000000000000bb")
        try holding.willWait(catalog: catalog)
        #expect(!holding.isHolding)
        #expect(try seen() == 2)
    }

    @Test func aHoldEndsAtTheFirstWaitPastItsLongest() throws {
        var holding = WriteHolding()
        holding.willWrite(readIn: fast, catalog: catalog)
        try write("00000000000000aa")
        try holding.willWait(catalog: catalog)
        #expect(holding.isHolding)
        Thread.sleep(forTimeInterval: Double(WriteHolding.longestHold) / 1e9 + 0.01)
        try holding.willWait(catalog: catalog)
        #expect(!holding.isHolding)
        #expect(try seen() == 1)
    }
}
