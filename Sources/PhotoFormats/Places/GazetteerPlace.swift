/// One place as the gazetteer stores it.
public struct GazetteerPlace: Sendable, Equatable {
    public var name: String
    /// Degrees, to 1e-5 (the file's precision).
    public var latitude: Double
    public var longitude: Double
    public var population: Int
    /// ISO 3166 alpha-2 code (`FR`).
    public var countryCode: String
    /// GeoNames admin1 code (`75`), empty when GeoNames gives none.
    public var admin1Code: String
    /// Admin1 name (`Nouvelle-Aquitaine`); the bare code where no name is known.
    public var admin1Name: String
    /// The IANA time zone (`Europe/Paris`), nil where the data gives none.
    public var timeZone: String?

    public init(
        name: String, latitude: Double, longitude: Double, population: Int,
        countryCode: String, admin1Code: String, admin1Name: String, timeZone: String? = nil
    ) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.countryCode = countryCode
        self.admin1Code = admin1Code
        self.admin1Name = admin1Name
        self.timeZone = timeZone
    }
}

/// What a point resolves to: the place, its region and country, and how it was chosen.
public struct PlaceMatch: Sendable, Equatable {
    /// How the place was chosen.
    public enum Rule: String, Sendable, Equatable {
        /// The largest place whose coverage radius reaches the point (see `Gazetteer.lookup`).
        case withinRadius
        /// No place covers the point; the nearest within `Gazetteer.nearestLimitKilometres`.
        case nearest
    }

    public var city: String
    /// Admin1 name (state, province, région); nil where GeoNames has none (code empty or `00`).
    public var region: String?
    public var countryCode: String
    /// The country's English name; the code itself for a code the gazetteer has no name for.
    public var countryName: String
    /// The place's centre.
    public var latitude: Double
    public var longitude: Double
    public var population: Int
    /// From the looked-up point to the place's centre.
    public var distanceKilometres: Double
    public var rule: Rule
    /// The place's index in the gazetteer, which tells two places of the same name apart.
    public var placeIndex: Int
    /// The place's IANA time zone, nil when the gazetteer has none for it.
    public var timeZone: String? = nil
}
