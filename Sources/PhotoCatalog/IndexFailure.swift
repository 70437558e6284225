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
