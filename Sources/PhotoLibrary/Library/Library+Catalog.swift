import Foundation
import PhotoCatalog
import PhotoSupport

extension Library {
    /// Opens the library's catalog, which `create` made: a catalog that is missing or empty
    /// is an error, never replaced by a new one (that would drop every asset's id, edits and
    /// history), and a catalog that belongs to another library is refused. File moves an
    /// interrupted command left are then finished or undone (`FileMoveRecovery`).
    /// Each caller gets its own connection; the catalog is used from one thread at a time.
    ///
    /// A library that cannot be written (a read-only mount, a backup, another user's folder)
    /// opens read-only, so that every read works: with `immutable` when even `.photolib/`
    /// cannot be written, as SQLite's WAL index (`-shm`) could not be made there.
    public func openCatalog() throws -> any Catalog {
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

    /// Makes the catalog of a new library and marks both with a new library id.
    func createCatalog() throws -> String {
        let catalog = try SQLiteCatalog(path: catalogPath)
        let id = try catalog.libraryID() ?? UUID().uuidString.lowercased()
        try catalog.setLibraryID(id)
        return id
    }

    /// The catalog and the settings name the same library. A library made before the marker
    /// existed gets one now (when it can be written: a read-only library goes unmarked).
    private func checkMarker(of catalog: SQLiteCatalog) throws {
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
            if settings.catalogSchema != SQLiteCatalog.schemaVersion, let id = settings.libraryID {
                try? writeMarker(id: id)
            }
        }
    }

    private func writeMarker(id: String) throws {
        var marked = settings
        marked.libraryID = id
        marked.catalogSchema = SQLiteCatalog.schemaVersion
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
