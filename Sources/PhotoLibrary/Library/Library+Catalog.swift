import Foundation
import PhotoCatalog
import PhotoCatalogPostgres
import PhotoFormats
import PhotoSupport

/// Where a library's catalog lives.
public enum CatalogLocation: Sendable, Equatable, CustomStringConvertible {
    /// The library's own SQLite file, `.photolib/catalog.sqlite`.
    case sqlite(RawPath)
    /// A schema in a PostgreSQL database, shared by the machines that open the library.
    case postgres(PostgresAddress)

    public var description: String {
        switch self {
        case .sqlite(let path): path.description
        case .postgres(let address): address.description
        }
    }
}

extension Library {
    /// Where the catalog is, as the settings say: the SQLite file unless `catalog` names a
    /// PostgreSQL URL. Throws when the settings hold an address photolib refuses.
    public func catalogLocation() throws -> CatalogLocation {
        guard let url = settings.catalog else { return .sqlite(catalogPath) }
        guard let schema = settings.catalogSchema else {
            throw LibraryError(
                path: settingsPath, reason: .unreadableSettings("'catalog' is set but 'catalogSchema' is not"))
        }
        return .postgres(try PostgresAddress(url: url, schema: schema))
    }

    /// Opens the library's catalog (creating it and running migrations as needed).
    /// Each caller gets its own connection; the catalog is used from one thread at a time.
    public func openCatalog() throws -> any Catalog {
        try Self.openCatalog(at: catalogLocation())
    }

    /// Opens the catalog at `location`.
    public static func openCatalog(at location: CatalogLocation) throws -> any Catalog {
        switch location {
        case .sqlite(let path): try SQLiteCatalog(path: path)
        case .postgres(let address): try PostgresCatalog(address: address)
        }
    }

    /// Opens the catalog at `location` with what `catalog copy` needs of it too.
    public static func openTransferableCatalog(at location: CatalogLocation) throws -> any Catalog & CatalogTransfer {
        switch location {
        case .sqlite(let path): try SQLiteCatalog(path: path)
        case .postgres(let address): try PostgresCatalog(address: address)
        }
    }

    /// Makes a library at `root` with its catalog, or nothing at all: when the catalog cannot
    /// be made (a server that refuses, a schema that already holds a catalog), the
    /// `.photolib/` just made is removed again.
    public static func createWithCatalog(
        at root: RawPath, settings: LibrarySettings, dataFiles: DataFiles = .besideRunningExecutable()
    ) throws -> Library {
        if let url = settings.catalog {
            let address = try PostgresAddress(url: url, schema: settings.catalogSchema ?? "")
            try PostgresCatalog.refuseExisting(at: address)
        }
        let library = try create(at: root, settings: settings, dataFiles: dataFiles)
        do {
            _ = try library.openCatalog()
        } catch {
            library.removeEmptyControlDirectory()
            throw error
        }
        return library
    }

    /// Undoes `create`: the settings file and the empty folders it made (anything else in
    /// them, which `create` did not make, stays).
    private func removeEmptyControlDirectory() {
        _ = settingsPath.withCString { unlink($0) }
        for folder in [renditionsDirectory, trashDirectory, controlDirectory] {
            _ = folder.withCString { rmdir($0) }
        }
    }

    /// A fresh schema name for a new library's PostgreSQL catalog: `photolib_` and 8 random hex digits.
    public static func newCatalogSchemaName() -> String {
        "photolib_" + AssetID.random().hex.prefix(8)
    }
}
