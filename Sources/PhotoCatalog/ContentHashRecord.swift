import PhotoSupport

/// A content hash computed from an original read whole, with the file facts it was read with:
/// the catalog stores it only while the asset's file still has that size and modification
/// time, so a file changed in between never gets the hash of its old content.
public struct ContentHashRecord: Sendable, Equatable {
    public var id: AssetID
    /// 32 lowercase hex digits (`ContentHash.description`).
    public var hash: String
    public var size: Int64
    public var modifiedNanoseconds: Int64

    public init(id: AssetID, hash: String, size: Int64, modifiedNanoseconds: Int64) {
        self.id = id
        self.hash = hash
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    public init(asset: Asset, hash: ContentHash) {
        self.init(asset: asset, hash: hash.description)
    }

    public init(asset: Asset, hash: String) {
        self.init(
            id: asset.id, hash: hash, size: asset.file.size, modifiedNanoseconds: asset.file.modifiedNanoseconds)
    }
}

extension AssetQuery {
    /// The assets the duplicate filter compares with one another: those whose originals are in
    /// the library (not trashed, not missing). Both stores word it alike.
    package static let duplicateHashesSQL = """
        SELECT content_hash FROM assets
        WHERE content_hash IS NOT NULL AND NOT trashed AND NOT missing
        GROUP BY content_hash HAVING count(*) > 1
        """
}
