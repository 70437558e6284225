import Foundation
import PhotoTestSupport
import Synchronization
import Testing

@testable import PhotoCatalog

@Suite struct SQLiteCatalogSharingTests {
    /// Four connections create the same new catalog at once and each writes 25 batches:
    /// the writers must queue (BEGIN IMMEDIATE and the busy timeout), never fail with "database is locked".
    @Test func concurrentWritersAllSucceed() throws {
        let folder = try TemporaryDirectory()
        let path = folder.catalogPath
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            do {
                let catalog = try SQLiteCatalog(path: path)
                for batch in 0..<25 {
                    let files = (0..<20).map { number in
                        let hex = String(format: "%02x%02x%012x", writer, batch, number)
                        return CatalogFixtures.scanned(hex, "w\(writer)/b\(batch)/\(number).jpg")
                    }
                    try catalog.applyIndexChanges(scanned: files, missing: [])
                    _ = try catalog.count()
                }
            } catch {
                failures.withLock { $0.append("writer \(writer): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let catalog = try SQLiteCatalog(path: path)
        #expect(try catalog.count() == 4 * 25 * 20)
        #expect(try catalog.database.userVersion() == SQLiteCatalog.schemaVersion)
        #expect(try catalog.database.integerValue("SELECT count(*) FROM catalog_info") == 2)
    }
}
