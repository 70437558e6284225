extension GPSCoordinate {
    /// Reads the EXIF GPS directory's latitude and longitude (degrees, minutes, seconds as
    /// rationals, with N/S and E/W references) and altitude (with its above/below sea-level
    /// reference). Nil when a coordinate is missing, has a zero denominator, or is out of range;
    /// the altitude alone may be nil while the position is known.
    init?(exif tags: ExifTags) {
        guard let latitude = Self.degrees(tags[.gpsLatitude], reference: tags[.gpsLatitudeRef], negative: "S"),
            let longitude = Self.degrees(tags[.gpsLongitude], reference: tags[.gpsLongitudeRef], negative: "W"),
            abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        var altitude: Double?
        if let metres = tags[.gpsAltitude]?.rational(at: 0), metres.isFinite {
            let belowSeaLevel = tags[.gpsAltitudeRef]?.unsigned(at: 0) == 1
            altitude = belowSeaLevel ? -metres : metres
        }
        self.init(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    /// Degrees + minutes / 60 + seconds / 3600, negated when the reference is `negative`.
    /// Writers that store fewer than three rationals (decimal degrees, or degrees and decimal
    /// minutes) are read as such.
    private static func degrees(_ entry: ExifTags.Entry?, reference: ExifTags.Entry?, negative: Character) -> Double? {
        guard let entry, entry.rationalCount >= 1 else { return nil }
        var value = 0.0
        for (index, divisor) in [1.0, 60.0, 3600.0].enumerated() where index < entry.rationalCount {
            guard let part = entry.rational(at: index) else { return nil }
            value += part / divisor
        }
        guard value.isFinite else { return nil }
        let referenceLetter = reference.flatMap { ExifText.plain($0) }?.uppercased().first
        return referenceLetter == negative ? -value : value
    }
}
