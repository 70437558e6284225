import Foundation

/// Great-circle distances on a spherical Earth, and the coverage rule of the gazetteer.
public enum GeoDistance {
    /// The mean Earth radius (IUGG), in kilometres.
    public static let earthRadiusKilometres = 6371.0088
    static let kilometresPerDegree = earthRadiusKilometres * Double.pi / 180
    static let radiansPerDegree = Double.pi / 180

    /// Haversine distance between two points given in degrees.
    public static func kilometres(
        latitude: Double, longitude: Double,
        toLatitude otherLatitude: Double, longitude otherLongitude: Double
    ) -> Double {
        let sinHalfLatitude = sin((otherLatitude - latitude) * radiansPerDegree / 2)
        let sinHalfLongitude = sin((otherLongitude - longitude) * radiansPerDegree / 2)
        let haversine =
            sinHalfLatitude * sinHalfLatitude
            + cos(latitude * radiansPerDegree) * cos(otherLatitude * radiansPerDegree) * sinHalfLongitude
            * sinHalfLongitude
        return 2 * earthRadiusKilometres * asin(min(1, haversine.squareRoot()))
    }

    /// How far from its centre a place of this population counts as "in" it:
    /// max(1.5, sqrt(population) / 200) km, so Paris (2.1 million) reaches 7.3 km and
    /// swallows its own arrondissements, while any place under 90,000 people keeps 1.5 km.
    public static func coverageRadiusKilometres(population: Int) -> Double {
        max(1.5, Double(max(population, 0)).squareRoot() / 200)
    }
}
