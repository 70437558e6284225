/// What `RenditionMaker.make` did for one photo.
public struct RenditionOutcome: Sendable, Equatable {
    /// The requested renditions that now exist (made now or before), nil for kinds not requested.
    public var thumbnail: RenditionFile?
    public var preview: RenditionFile?
    /// Why the source is damaged, in libjpeg's words ("Premature end of JPEG file"), when the
    /// decoder warned or stopped early; the renditions then show what could be decoded.
    /// Nil when the file decoded cleanly or was not decoded (renditions already there).
    public var damage: String?
    /// libjpeg's corrupt-data warnings for this decode.
    public var warningCount: Int
    /// True when at least one file was written.
    public var madeAnything: Bool
    /// The content hash that names the renditions (given, or computed from the bytes read), for
    /// the catalog to keep (`Catalog.recordContentHashes`). Nil only from outside the maker.
    public var contentHash: String?
    /// The picture's perceptual fingerprint (`VisualFingerprint`), made from the thumbnail's
    /// pixels whenever the original was decoded, or from the stored thumbnail when asked for.
    public var visualHash: String?
    /// What the source's colours were called ("Display P3", "Adobe RGB (1998)", "sRGB")
    /// whenever the original was decoded; nil when it was not.
    public var colour: String?
    /// Why the source's colour description could not be used (its pixels were taken as
    /// sRGB): one line for the batch to show. The renditions were made all the same.
    public var colourWarning: String?

    public init(
        thumbnail: RenditionFile? = nil, preview: RenditionFile? = nil, damage: String? = nil,
        warningCount: Int = 0, madeAnything: Bool = false
    ) {
        self.thumbnail = thumbnail
        self.preview = preview
        self.damage = damage
        self.warningCount = warningCount
        self.madeAnything = madeAnything
    }

    /// The file of `kind`, when requested and present.
    public subscript(kind: RenditionKind) -> RenditionFile? {
        get { kind == .thumbnail ? thumbnail : preview }
        set { if kind == .thumbnail { thumbnail = newValue } else { preview = newValue } }
    }
}
