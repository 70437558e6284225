/// Everything indexing learns from one file.
public struct ImageFileReading: Sendable, Equatable {
    /// The file size in bytes, from `fstat`.
    public var size: Int64
    /// The modification time (`st_mtim`) in nanoseconds since 1970.
    public var modifiedNanoseconds: Int64
    /// `ContentFingerprint` of the file: 16 lowercase hex digits.
    public var fingerprint: String
    /// `ImageDataHash` of the file's picture data, metadata left out: nil for a format whose
    /// picture data is not found (TIFF, HEIF, RAW).
    public var imageDataHash: String?
    public var metadata: PhotoMetadata
    /// Things wrong with a file that could still be indexed, one short phrase each:
    /// "truncated (no end-of-image marker)", "corrupt EXIF: …", "invalid EXIF orientation 65535",
    /// "65500x65500 is 4290.3 megapixels, over the limit of 250" (`PixelLimit`).
    public var problems: [String]
    /// Where the JPEG's frame header and metadata segments are, for later readers (XMP, ICC, IPTC).
    public var layout: JPEGLayout
    /// Caption, place and rating from the file's XMP packet and IPTC-IIM block.
    public var embeddedText: EmbeddedText
    /// The kind of movie container ("MOV", "MP4", "AVI", "MTS"…) when the file is a video.
    public var videoKind: String?
    /// Where a motion photo's clip lies in the file (its first byte and how many), when the
    /// JPEG is one and the clip's movie header reads.
    public var motionClip: (offset: Int64, length: Int64)? {
        get { motionClipRange.map { ($0.lowerBound, $0.upperBound - $0.lowerBound) } }
        set { motionClipRange = newValue.map { $0.offset..<($0.offset + $0.length) } }
    }
    var motionClipRange: Range<Int64>?

    public init(
        size: Int64, modifiedNanoseconds: Int64, fingerprint: String, metadata: PhotoMetadata,
        problems: [String], layout: JPEGLayout = JPEGLayout(), embeddedText: EmbeddedText = EmbeddedText(),
        imageDataHash: String? = nil
    ) {
        self.imageDataHash = imageDataHash
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.fingerprint = fingerprint
        self.metadata = metadata
        self.problems = problems
        self.layout = layout
        self.embeddedText = embeddedText
    }
}
