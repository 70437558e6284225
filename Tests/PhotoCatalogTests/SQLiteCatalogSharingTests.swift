import Foundation
import PhotoTestSupport
import Synchronization
import Testing

@testable import PhotoCatalog
@testable import PhotoCatalogPostgres

@Suite struct SQLiteCatalogSharingTests {
    /// Four connections create the same new catalog at once and each writes 25 batches:
    /// the writers must queue (SQLite: BEGIN IMMEDIATE and the busy timeout; PostgreSQL: the
    /// migration's advisory lock, then row locks), never fail with "database is locked" or
    /// with a schema made twice.
    @Test(arguments: CatalogBackend.all) func concurrentWritersAllSucceed(_ backend: CatalogBackend) throws {
        let folder = try TemporaryDirectory()
        let path = folder.catalogPath
        let address = try backend == .postgres ? Self.freshAddress() : nil
        let open: @Sendable () throws -> any Catalog = {
            if let address { return try PostgresCatalog(address: address) }
            return try SQLiteCatalog(path: path)
        }
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            do {
                let catalog = try open()
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
        let catalog = try open()
        #expect(try catalog.count() == 4 * 25 * 20)
        switch catalog {
        case let sqlite as SQLiteCatalog:
            #expect(try sqlite.database.userVersion() == SQLiteCatalog.schemaVersion)
            #expect(try sqlite.database.integerValue("SELECT count(*) FROM catalog_info") == 2)
        case let postgres as PostgresCatalog:
            let versions = try postgres.connection.execute("SELECT version FROM schema_migrations ORDER BY version")
            #expect(
                versions.rows.map { Int($0.int64(0)) } == PostgresCatalog.migrator.migrations.map(\.storedVersion))
            #expect(try postgres.connection.value("SELECT count(*) FROM catalog_info") { $0.int64(0) } == 2)
        default:
            Issue.record("unexpected catalog \(catalog)")
        }
    }

    private static func freshAddress() throws -> PostgresAddress {
        try PostgresAddress(url: PostgresTestServer.server().url, schema: TestCatalog.freshSchemaName())
    }
}
