import Foundation

/// A caption, a place, a rating and keywords as one metadata source states them: an XMP packet,
/// an IPTC-IIM block or a sidecar. Blank values are nil.
public struct PhotoText: Sendable, Equatable {
    /// The description (XMP `dc:description`, IPTC Caption-Abstract), else the title
    /// (`dc:title`, IPTC Object Name).
    public var caption: String?
    public var city: String?
    /// State or province (`photoshop:State`, IPTC Province-State).
    public var region: String?
    /// The country's name as written (`photoshop:Country`, IPTC Country-PrimaryLocationName).
    public var country: String?
    /// `xmp:Rating`: -1 (rejected) to 5; IPTC has none.
    public var rating: Int?
    /// When the photo was taken: XMP `exif:DateTimeOriginal`, else `photoshop:DateCreated`;
    /// IPTC Date Created with Time Created.
    public var takenAt: CaptureDate?
    /// XMP `xmp:CreateDate`: when the file was made, the weakest hint of a capture date.
    public var createdAt: CaptureDate?
    /// XMP `exif:GPSLatitude`, `exif:GPSLongitude`, `exif:GPSAltitude`.
    public var gps: GPSCoordinate?
    /// Keywords, hierarchies written `Places/France/Bordeaux`, deduplicated (see `Keywords`):
    /// XMP `lr:hierarchicalSubject`, `digiKam:TagsList` and `dc:subject`; IPTC Keywords (2:25).
    public var keywords: [String]
    /// The names of the people shown (see `People` and `XMPPacket.peopleNames`), cleaned,
    /// deduplicated and bounded; XMP only (IPTC-IIM has no such field).
    public var people: [String] = []
    /// What was dropped while reading (more names than `People.maximumCount`), one line each.
    public var problems: [String] = []
    /// True when photolib wrote the caption itself (a sidecar it wrote, see `SidecarWriter`):
    /// the caption is a person's words, kept even when it looks like camera boilerplate
    /// (`IMG_1234`), which the caption filters drop from every other source.
    public var captionIsVerbatim = false

    public init(
        caption: String? = nil, city: String? = nil, region: String? = nil, country: String? = nil,
        rating: Int? = nil, takenAt: CaptureDate? = nil, createdAt: CaptureDate? = nil, gps: GPSCoordinate? = nil,
        keywords: [String] = []
    ) {
        self.caption = caption
        self.city = city
        self.region = region
        self.country = country
        self.rating = rating
        self.takenAt = takenAt
        self.createdAt = createdAt
        self.gps = gps
        self.keywords = keywords
    }

    /// True when the source says nothing photolib reads.
    public var isEmpty: Bool {
        caption == nil && city == nil && region == nil && country == nil && rating == nil && takenAt == nil
            && createdAt == nil && gps == nil && keywords.isEmpty && people.isEmpty
    }

    /// This text, with each missing field taken from `other` (the extended XMP of a packet).
    func filled(from other: PhotoText) -> PhotoText {
        var text = PhotoText(
            caption: caption ?? other.caption, city: city ?? other.city, region: region ?? other.region,
            country: country ?? other.country, rating: rating ?? other.rating, takenAt: takenAt ?? other.takenAt,
            createdAt: createdAt ?? other.createdAt, gps: gps ?? other.gps,
            keywords: keywords.isEmpty ? other.keywords : keywords)
        text.people = people.isEmpty ? other.people : people
        text.problems = problems + other.problems
        return text
    }

    /// Trimmed text, nil when blank (cameras and tools pad fields with spaces or NULs).
    static func clean(_ text: String?) -> String? {
        guard let text, let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return nil }
        // Most fields have nothing to trim, and Foundation's trim goes through NSString: it
        // runs only when an end is padding (making the set for each field and trimming each
        // were 2.7% of a first index's instructions).
        guard padding.contains(first) || padding.contains(last) else { return text }
        let trimmed = text.trimmingCharacters(in: padding)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// What `clean` trims: white space, line ends and NULs.
    private static let padding = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0"))
}

/// The text embedded in one JPEG: its XMP packet (with extended XMP) and its IPTC-IIM block.
public struct EmbeddedText: Sendable, Equatable {
    public var xmp: PhotoText?
    public var iptc: PhotoText?
    /// What could not be read (a malformed packet), one short phrase each; never fatal.
    public var problems: [String]
    /// A motion photo's clip, as its XMP gives it: how many bytes at the file's end it is.
    public var motionClipLength: Int64?

    public init(xmp: PhotoText? = nil, iptc: PhotoText? = nil, problems: [String] = []) {
        self.xmp = xmp
        self.iptc = iptc
        self.problems = problems
    }
}
