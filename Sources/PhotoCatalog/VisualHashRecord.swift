/// A perceptual fingerprint made from an asset's renditions, with the content hash of the
/// original they were made from: the catalog stores it only while the asset still has that
/// content hash, so a file changed in between never gets the fingerprint of its old picture.
public struct VisualHashRecord: Sendable, Equatable {
    public var id: AssetID
    /// 16 lowercase hex digits (`PerceptualHash.description`).
    public var hash: String
    /// The content hash of the original the fingerprint was made from.
    public var contentHash: String

    public init(id: AssetID, hash: String, contentHash: String) {
        self.id = id
        self.hash = hash
        self.contentHash = contentHash
    }
}
