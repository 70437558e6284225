import Foundation
import PhotoSupport

@testable import PhotoCatalog

/// Raw SQL on a test library's catalog: how a hostile or damaged catalog is made.
enum CatalogSQL {
    static func execute(_ sql: String, root: URL) throws {
        let catalog = try SQLiteCatalog(path: RawPath(root.appendingPathComponent(".photolib/catalog.sqlite").path))
        try catalog.database.execute(sql)
    }
}
