import Foundation
import Testing

@testable import PhotoCatalog
@testable import PhotoCatalogPostgres
@testable import PhotoSupport

/// The catalog stores the shared catalog tests run against: `@Test(arguments: CatalogBackend.all)`.
package enum CatalogBackend: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres

    /// SQLite always; PostgreSQL when a server is installed (else skipped, with a message).
    package static var all: [CatalogBackend] { PostgresTestServer.isAvailable ? [.sqlite, .postgres] : [.sqlite] }

    package var testDescription: String { rawValue }
}

/// A fresh, empty catalog of one backend for one test: an SQLite file in a temporary
/// folder, or a schema of its own in the test process's PostgreSQL server.
package final class TestCatalog {
    package let backend: CatalogBackend
    package let folder: TemporaryDirectory
    /// The PostgreSQL address (nil for SQLite).
    package let address: PostgresAddress?
    package let catalog: any Catalog

    package init(_ backend: CatalogBackend) throws {
        self.backend = backend
        folder = try TemporaryDirectory()
        switch backend {
        case .sqlite:
            address = nil
            catalog = try SQLiteCatalog(path: folder.catalogPath)
        case .postgres:
            let address = try PostgresAddress(url: PostgresTestServer.server().url, schema: Self.freshSchemaName())
            self.address = address
            catalog = try PostgresCatalog(address: address)
        }
    }

    /// `t_` and 16 random hex digits: each test's own schema.
    package static func freshSchemaName() -> String { "t_" + AssetID.random().hex }

    /// Another connection to the same catalog, as a second process would open it.
    package func reopen() throws -> any Catalog {
        switch backend {
        case .sqlite: try SQLiteCatalog(path: folder.catalogPath)
        case .postgres: try PostgresCatalog(address: address!)
        }
    }

    /// Runs SQL that both dialects read alike (`TRUE`, quoted literals, no parameters) on
    /// the catalog's own connection, for state the `Catalog` protocol cannot set.
    package func execute(_ sql: String) throws {
        switch catalog {
        case let sqlite as SQLiteCatalog: try sqlite.database.execute(sql)
        case let postgres as PostgresCatalog: try postgres.connection.executeScript(sql)
        default: Issue.record("unknown catalog type \(type(of: catalog))")
        }
    }

    /// The first column of the first row of `sql`, as text (`group_concat` is SQLite's, so
    /// keep to what both know).
    package func text(_ sql: String) throws -> String? {
        switch catalog {
        case let sqlite as SQLiteCatalog: return try sqlite.database.textValue(sql)
        case let postgres as PostgresCatalog:
            return try postgres.connection.execute(sql).rows.first.flatMap { $0.optionalText(0) }
        default: return nil
        }
    }
}
