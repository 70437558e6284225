import Foundation
import PhotoSupport

/// A file `index` could not read, as it was when it failed: while its size and modification
/// time stay the same it is not read again (see `Catalog.indexFailures`).
public struct IndexFailure: Sendable, Equatable {
    /// Relative to the library root.
    public var relativePath: RawPath
    public var size: Int64
    public var modifiedNanoseconds: Int64
    public var reason: String
    public var failedAt: Date

    public init(relativePath: RawPath, size: Int64, modifiedNanoseconds: Int64, reason: String, failedAt: Date) {
        self.relativePath = relativePath
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.reason = reason
        self.failedAt = failedAt
    }
}

extension SQLiteCatalog {
    public func indexFailures() throws -> [IndexFailure] {
        try database.prepare(
            "SELECT relative_path, size, modified_ns, reason, failed_at FROM index_failures ORDER BY relative_path"
        ).rows { row in
            IndexFailure(
                relativePath: RawPath(bytes: row.blob(at: 0)), size: row.int64(at: 1),
                modifiedNanoseconds: row.int64(at: 2), reason: row.text(at: 3),
                failedAt: Date(timeIntervalSince1970: row.double(at: 4)))
        }
    }

    public func updateIndexFailures(recording failures: [IndexFailure], clearing paths: [RawPath]) throws {
        try database.inTransaction {
            let clear = try database.cachedStatement("DELETE FROM index_failures WHERE relative_path = ?")
            for path in paths { try clear.run([.blob(path.bytes)]) }
            let record = try database.cachedStatement(
                "INSERT OR REPLACE INTO index_failures (relative_path, size, modified_ns, reason, failed_at) VALUES (?, ?, ?, ?, ?)"
            )
            for failure in failures {
                try record.run([
                    .blob(failure.relativePath.bytes), .integer(failure.size), .integer(failure.modifiedNanoseconds),
                    .text(failure.reason), .real(failure.failedAt.timeIntervalSince1970),
                ])
            }
        }
    }
}
