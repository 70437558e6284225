import PhotoCatalog
import PhotoFormats

extension PostgresCatalog {
    /// Assets with a GPS position whose city, if any, came from that position.
    public func gpsPlacedAssets() throws -> [GPSPlacedAsset] {
        try reconnecting {
            try connection.execute(
                """
                SELECT id, gps_latitude, gps_longitude, city FROM assets
                WHERE gps_latitude IS NOT NULL AND gps_longitude IS NOT NULL AND (city_source IS NULL OR city_source = 'gps')
                """
            ).rows.map { row in
                GPSPlacedAsset(
                    id: try Self.assetID(fromRow: row, column: 0),
                    position: GPSCoordinate(latitude: row.double(1), longitude: row.double(2)),
                    city: row.optionalText(3))
            }
        }
    }

    /// Sets (or, for nil, clears) the GPS place of each asset in one transaction; an asset
    /// whose city meanwhile came from anywhere else is left alone. Safe to repeat.
    public func updateGPSPlaces(_ updates: [(id: AssetID, place: PlaceMatch?)]) throws {
        try reconnecting {
            try connection.inTransaction {
                for (id, place) in updates {
                    try connection.execute(
                        """
                        UPDATE assets SET city = $2, city_source = $3, city_folded = $4, region = $5, country = $6,
                            country_name = $7
                        WHERE id = $1 AND (city_source IS NULL OR city_source = 'gps')
                        """,
                        [
                            .text(id.hex), PGValue(place?.city), PGValue(place == nil ? nil : TextSource.gps.rawValue),
                            PGValue(place.map { Self.fold($0.city) }), PGValue(place?.region),
                            PGValue(place?.countryCode),
                            PGValue(place?.countryName),
                        ])
                }
            }
        }
    }
}
