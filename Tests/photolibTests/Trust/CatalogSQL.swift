import Foundation
import PhotoLibrary
import PhotoSupport

@testable import PhotoCatalog
@testable import PhotoCatalogPostgres

/// Raw SQL on a test library's catalog, whichever store it uses: how a hostile or damaged
/// catalog is made. The catalog is opened as it is (no file-move recovery, no marker check),
/// as another program would open it.
enum CatalogSQL {
    static func execute(_ sql: String, root: URL) throws {
        let location = try Library.open(at: RawPath(root.path), catalogTrust: BinaryRunner.catalogTrust)
            .catalogLocation()
        switch try Library.openTransferableCatalog(at: location) {
        case let sqlite as SQLiteCatalog: try sqlite.database.execute(sql)
        case let postgres as PostgresCatalog: try postgres.connection.executeScript(sql)
        default: fatalError("a catalog store the tests do not know")
        }
    }

    /// The spelling of SQL values that differ between the stores, for the library at `root`.
    struct Dialect {
        var isPostgres: Bool

        init(root: URL) throws {
            if case .postgres = try Library.open(at: RawPath(root.path), catalogTrust: BinaryRunner.catalogTrust)
                .catalogLocation()
            {
                isPostgres = true
            } else {
                isPostgres = false
            }
        }

        /// A path as the catalog stores it (BLOB, bytea).
        func blob(_ text: String) -> String {
            isPostgres ? "convert_to('\(text)', 'UTF8')" : "CAST('\(text)' AS BLOB)"
        }

        func bool(_ value: Bool) -> String { isPostgres ? String(value) : (value ? "1" : "0") }
    }
}
