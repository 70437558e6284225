import PhotoLibrary
import PhotoSupport

/// How `catalog info` and `status` show where the catalog is.
enum CatalogLocationJSON {
    /// `"store"`, then `"path"` (SQLite) or `"url"` and `"schema"` (PostgreSQL).
    static func members(_ location: CatalogLocation) -> [(String, JSONValue)] {
        switch location {
        case .sqlite(let path): [("store", .string("sqlite")), ("path", .path(path))]
        case .postgres:
            [
                ("store", .string("postgresql")), ("url", .string(location.postgresAddress?.url ?? "")),
                ("schema", .string(location.postgresAddress?.schema ?? "")),
            ]
        }
    }
}
