import PhotoTestSupport

extension CatalogBackend {
    /// What `photolib init` needs to make a library on this backend: nothing for SQLite, a
    /// `--catalog` URL of the test server (with a fresh schema, chosen by init) for PostgreSQL.
    func initArguments() throws -> [String] {
        switch self {
        case .sqlite: []
        case .postgres: ["--catalog", try PostgresTestServer.server().url]
        }
    }
}
