/// An asset's caption, place, rating, keywords and people once every source has been weighed, each field
/// with where it came from.
public struct AssetText: Sendable, Equatable {
    public var caption: String?
    public var captionSource: TextSource?
    public var city: String?
    public var citySource: TextSource?
    /// From the same source as the city.
    public var region: String?
    /// ISO 3166 code; only GPS gives one.
    public var countryCode: String?
    /// From the same source as the city (the gazetteer's English name for GPS).
    public var countryName: String?
    public var rating: Int?
    public var ratingSource: TextSource?
    public var keywords: [String]
    public var keywordsSource: TextSource?
    /// The names of the people shown (see `People`), and where they came from.
    public var people: [String] = []
    public var peopleSource: TextSource?

    public init(
        caption: String? = nil, captionSource: TextSource? = nil, city: String? = nil,
        citySource: TextSource? = nil, region: String? = nil, countryCode: String? = nil,
        countryName: String? = nil, rating: Int? = nil, ratingSource: TextSource? = nil,
        keywords: [String] = [], keywordsSource: TextSource? = nil
    ) {
        self.caption = caption
        self.captionSource = captionSource
        self.city = city
        self.citySource = citySource
        self.region = region
        self.countryCode = countryCode
        self.countryName = countryName
        self.rating = rating
        self.ratingSource = ratingSource ?? (rating == nil ? nil : .xmp)
        self.keywords = keywords
        self.keywordsSource = keywordsSource ?? (keywords.isEmpty ? nil : .xmp)
    }
}
