/// What `similar` needs of every asset to find the groups: its id, its fingerprint, and the
/// camera and time a burst is told by; read for a million assets in a second or two where
/// whole assets take much longer and much more memory. The whole asset is read afterwards
/// for the members of groups only (`Catalog.assets(ids:)`).
public struct SimilarityRecord: Sendable, Equatable {
    public var id: AssetID
    /// `Asset.visualHash`: 32 hexadecimal digits, 16 for a fingerprint made before centres.
    public var visualHash: String
    /// The camera's make and model joined by a NUL; nil without a model (no burst then).
    public var camera: String?
    /// `CaptureDate.localTime`, nil when undated.
    public var takenLocal: String?
    /// `takenSubsecond` when the date is the camera's own (EXIF), else nil: a date a person
    /// set counts whole seconds.
    public var takenSubsecond: String?
    /// `PhotoMetadata.burstId`: frames with one are a burst whatever their times and looks.
    public var burstId: String?

    public init(
        id: AssetID, visualHash: String, camera: String?, takenLocal: String?, takenSubsecond: String?,
        burstId: String? = nil
    ) {
        self.id = id
        self.burstId = burstId
        self.visualHash = visualHash
        self.camera = camera
        self.takenLocal = takenLocal
        self.takenSubsecond = takenSubsecond
    }

    /// The record of an asset already read whole; nil without a fingerprint.
    public init?(_ asset: Asset) {
        guard let visualHash = asset.visualHash else { return nil }
        let metadata = asset.metadata
        self.init(
            id: asset.id, visualHash: visualHash,
            camera: metadata.cameraModel.map { (metadata.cameraMake ?? "") + "\u{0}" + $0 },
            takenLocal: metadata.takenAt?.localTime,
            takenSubsecond: metadata.takenAtSource == .exif ? metadata.takenSubsecond : nil, burstId: metadata.burstId)
    }
}
