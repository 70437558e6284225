import Foundation
import PhotoCatalog
import PhotoSupport

extension Library {
    /// Opens the library's catalog (creating it and running migrations as needed).
    /// Each caller gets its own connection; the catalog is used from one thread at a time.
    ///
    /// A library that cannot be written (a read-only mount, a backup, another user's folder)
    /// opens read-only, so that every read works: with `immutable` when even `.photolib/`
    /// cannot be written, as SQLite's WAL index (`-shm`) could not be made there.
    public func openCatalog() throws -> any Catalog {
        guard isWritable else {
            return try SQLiteCatalog(path: catalogPath, access: canWrite(controlDirectory) ? .readOnly : .immutable)
        }
        return try SQLiteCatalog(path: catalogPath)
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
