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

extension CatalogLocation {
    /// True for the text that names a PostgreSQL catalog rather than a file.
    public static func isPostgresURL(_ text: String) -> Bool { PostgresAddress.isPostgresURL(text) }

    /// The PostgreSQL catalog at `url`, `schema`, which the user names (command line,
    /// environment): checked as libpq reads it (no password in it), and trusted.
    public static func postgres(url: String, schema: String) throws -> CatalogLocation {
        .postgres(try PostgresAddress(url: url, schema: schema))
    }

    /// The URL and schema of a PostgreSQL catalog; nil for SQLite.
    public var postgresAddress: (url: String, schema: String)? {
        guard case .postgres(let address) = self else { return nil }
        return (address.url, address.schema)
    }

    /// Whether the store offers a shared work queue (`WorkQueueCatalog`): PostgreSQL's does.
    public var offersWorkQueue: Bool { postgresAddress != nil }
}

extension Library {
    /// The work queue of the library's catalog, chosen by its settings; nil when that store
    /// has none (an SQLite catalog is then not even opened).
    public func openWorkQueue() throws -> (any WorkQueueCatalog)? {
        guard try catalogLocation().offersWorkQueue else { return nil }
        return try openCatalog().workQueue
    }

    /// Where the catalog is, as the settings say: the SQLite file unless `catalog` names a
    /// PostgreSQL URL. Throws when the settings hold an address photolib refuses.
    ///
    /// The settings are the library folder's, which is not trusted: the address carries the
    /// user's password only when the user trusts it (`catalogTrust`), and is otherwise
    /// connected to without one. That is decided here, before any connection.
    public func catalogLocation() throws -> CatalogLocation {
        guard let url = settings.catalog else { return .sqlite(catalogPath) }
        guard let schema = settings.postgresSchema else {
            throw LibraryError(
                path: settingsPath, reason: .unreadableSettings("'catalog' is set but 'postgresSchema' is not"))
        }
        let trusted = catalogTrust.trusts(url: url, schema: schema)
        return .postgres(try PostgresAddress(url: url, schema: schema, credentials: trusted ? .user : .withheld))
    }

    /// Opens the library's catalog, which `create` made: a catalog that is missing or empty
    /// is an error, never replaced by a new one (that would drop every asset's id, edits and
    /// history), and a catalog that belongs to another library is refused. File moves an
    /// interrupted command left are then finished or undone (`FileMoveRecovery`).
    /// Each caller gets its own connection; the catalog is used from one thread at a time.
    ///
    /// A library that cannot be written (a read-only mount, a backup, another user's folder)
    /// opens read-only, so that every read works: with `immutable` when even `.photolib/`
    /// cannot be written, as SQLite's WAL index (`-shm`) could not be made there.
    /// A PostgreSQL catalog has no file to check: it is marked and recovered the same way.
    public func openCatalog() throws -> any Catalog {
        if case .postgres(let address) = try catalogLocation() {
            let catalog = try PostgresCatalog(address: address)
            try checkMarker(of: catalog)
            if isWritable { try FileMoveRecovery(library: self, catalog: catalog).run() }
            return catalog
        }
        var info = stat()
        guard catalogPath.withCString({ stat($0, &info) }) == 0 else {
            throw LibraryError(path: catalogPath, reason: .catalogMissing)
        }
        guard info.st_size > 0 else { throw LibraryError(path: catalogPath, reason: .catalogEmpty) }
        guard isWritable else {
            // Nothing can be marked or recovered here; reading needs neither.
            let catalog = try SQLiteCatalog(
                path: catalogPath, access: canWrite(controlDirectory) ? .readOnly : .immutable)
            try checkMarker(of: catalog)
            return catalog
        }
        let catalog = try SQLiteCatalog(path: catalogPath)
        try checkMarker(of: catalog)
        try FileMoveRecovery(library: self, catalog: catalog).run()
        return catalog
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
    /// The caller gives the catalog's address (the command line), so it is trusted.
    public static func createWithCatalog(
        at root: RawPath, settings: LibrarySettings, dataFiles: DataFiles = .besideRunningExecutable(),
        catalogTrust: CatalogTrust = .none
    ) throws -> Library {
        var trust = catalogTrust
        if let url = settings.catalog {
            let address = try PostgresAddress(url: url, schema: settings.postgresSchema ?? "")
            try PostgresCatalog.refuseExisting(at: address)
            trust = trust.adding(url: address.url, schema: address.schema)
        }
        let library = try create(at: root, settings: settings, dataFiles: dataFiles, catalogTrust: trust)
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

    /// Makes the catalog of a new library and marks both with a new library id.
    func createCatalog() throws -> String {
        let catalog = try Self.openCatalog(at: catalogLocation())
        let id = try catalog.libraryID() ?? UUID().uuidString.lowercased()
        try catalog.setLibraryID(id)
        return id
    }

    /// Whether the catalog is the library's SQLite file (whose schema version the settings keep).
    private var catalogIsSQLite: Bool { settings.catalog == nil }

    /// The catalog and the settings name the same library. A library made before the marker
    /// existed gets one now (when it can be written: a read-only library goes unmarked).
    private func checkMarker(of catalog: any Catalog) throws {
        let catalogID = try catalog.libraryID()
        switch (settings.libraryID, catalogID) {
        case (let expected?, let found?) where expected != found:
            throw LibraryError(path: catalogPath, reason: .catalogOfAnotherLibrary(expected: expected, found: found))
        case (let expected?, nil):
            throw LibraryError(path: catalogPath, reason: .catalogOfAnotherLibrary(expected: expected, found: nil))
        case (nil, nil):
            let id = UUID().uuidString.lowercased()
            guard (try? catalog.setLibraryID(id)) != nil else { return }
            try? writeMarker(id: id)
        case (nil, let found?):
            try? writeMarker(id: found)
        default:
            if catalogIsSQLite, settings.catalogSchema != SQLiteCatalog.schemaVersion, let id = settings.libraryID {
                try? writeMarker(id: id)
            }
        }
    }

    private func writeMarker(id: String) throws {
        var marked = settings
        marked.libraryID = id
        if catalogIsSQLite { marked.catalogSchema = SQLiteCatalog.schemaVersion }
        try writeSettings(marked)
    }

    /// Whether this process may change the library: `.photolib/` and its catalog writable.
    public var isWritable: Bool {
        canWrite(controlDirectory) && (!FileSystem.exists(catalogPath) || canWrite(catalogPath))
    }

    /// Throws `LibraryError.readOnly` unless the library may be changed: for the commands
    /// that write, before they start.
    public func requireWritable() throws {
        guard isWritable else { throw LibraryError(path: root, reason: .readOnly) }
    }

    private func canWrite(_ path: RawPath) -> Bool {
        path.withCString { access($0, W_OK) } == 0
    }
}
