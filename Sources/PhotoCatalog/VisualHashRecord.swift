/// A perceptual fingerprint made from an asset's renditions, with the content hash of the
/// original they were made from: the catalog stores it only while the asset still has that
/// content hash, so a file changed in between never gets the fingerprint of its old picture.
public struct VisualHashRecord: Sendable, Equatable {
    public var id: AssetID
    /// 32 lowercase hex digits (`VisualFingerprint.description`: the whole picture's hash, then
    /// its centre's), or 16 (the whole's alone).
    public var hash: String
    /// The content hash of the original the fingerprint was made from.
    public var contentHash: String

    public init(id: AssetID, hash: String, contentHash: String) {
        self.id = id
        self.hash = hash
        self.contentHash = contentHash
    }

    /// The first 16 digits, for `visual_hash`.
    package var whole: String { String(hash.prefix(16)) }
    /// The last 16 of 32, for `visual_centre_hash`; nil for a whole-only fingerprint.
    package var centre: String? { hash.count == 32 ? String(hash.suffix(16)) : nil }
}
