import PhotoCatalog

extension Library {
    /// Opens the library's catalog (creating it and running migrations as needed).
    /// Each caller gets its own connection; the catalog is used from one thread at a time.
    public func openCatalog() throws -> any Catalog {
        try SQLiteCatalog(path: catalogPath)
    }
}
