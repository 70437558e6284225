import PhotoFormats

extension SQLiteCatalog {
    /// Assets with a GPS position whose city, if any, came from that position: the ones a
    /// new gazetteer may name differently.
    public func gpsPlacedAssets() throws -> [GPSPlacedAsset] {
        try database.prepare(
            """
            SELECT id, gps_latitude, gps_longitude, city FROM assets
            WHERE gps_latitude IS NOT NULL AND gps_longitude IS NOT NULL AND (city_source IS NULL OR city_source = 'gps')
            """
        ).rows { row in
            GPSPlacedAsset(
                id: try Self.assetID(fromRow: row, column: 0),
                position: GPSCoordinate(latitude: row.double(at: 1), longitude: row.double(at: 2)),
                city: row.optionalText(at: 3))
        }
    }

    /// Sets (or, for nil, clears) the GPS place of each asset, in one transaction; an asset
    /// whose city meanwhile came from anywhere else is left alone.
    public func updateGPSPlaces(_ updates: [(id: AssetID, place: PlaceMatch?)]) throws {
        try database.inTransaction {
            let statement = try database.cachedStatement(
                """
                UPDATE assets SET city = ?2, city_source = ?3, region = ?4, country = ?5, country_name = ?6
                WHERE id = ?1 AND (city_source IS NULL OR city_source = 'gps')
                """)
            for (id, place) in updates {
                try statement.run([
                    .text(id.hex), SQLiteValue(place?.city), SQLiteValue(place == nil ? nil : TextSource.gps.rawValue),
                    SQLiteValue(place?.region), SQLiteValue(place?.countryCode), SQLiteValue(place?.countryName),
                ])
            }
        }
    }
}

/// An asset whose city comes, or could come, from its GPS position.
public struct GPSPlacedAsset: Sendable, Equatable {
    public var id: AssetID
    public var position: GPSCoordinate
    public var city: String?

    public init(id: AssetID, position: GPSCoordinate, city: String?) {
        self.id = id
        self.position = position
        self.city = city
    }
}
