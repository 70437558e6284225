import PhotoCatalog
import PhotoFormats

extension PostgresCatalog {
    /// Assets with a GPS position (see `SQLiteCatalog.gpsPlacedAssets`).
    public func gpsPlacedAssets() throws -> [GPSPlacedAsset] {
        try reconnecting {
            try connection.execute(
                """
                SELECT id, gps_latitude, gps_longitude, city, city_source IS NULL OR city_source = 'gps',
                    taken_local, taken_offset, taken_zone
                FROM assets WHERE gps_latitude IS NOT NULL AND gps_longitude IS NOT NULL
                """
            ).rows.map { row in
                GPSPlacedAsset(
                    id: try Self.assetID(fromRow: row, column: 0),
                    position: GPSCoordinate(latitude: row.double(1), longitude: row.double(2)),
                    city: row.optionalText(3), cityFromPosition: row.bool(4),
                    takenAt: row.optionalText(5).map {
                        CaptureDate(localTime: $0, utcOffset: row.optionalText(6), zone: row.optionalText(7))
                    })
            }
        }
    }

    public func updateTakenZones(_ updates: [(id: AssetID, takenAt: CaptureDate)]) throws {
        try reconnecting {
            try connection.inTransaction {
                for (id, date) in updates {
                    try connection.execute(
                        """
                        UPDATE assets SET taken_offset = $3, taken_zone = $4, taken_sort = $5
                        WHERE id = $1 AND taken_local = $2 AND (taken_offset IS NULL OR taken_zone IS NOT NULL)
                        """,
                        [
                            .text(id.hex), .text(date.localTime), PGValue(date.utcOffset), PGValue(date.zone),
                            .text(CaptureDateText.sortText(date)),
                        ])
                }
            }
        }
    }

    public func info(_ key: CatalogInfoKey) throws -> String? {
        try reconnecting {
            try connection.value("SELECT value FROM catalog_info WHERE key = $1", [.text(key.rawValue)]) {
                $0.optionalText(0)
            } ?? nil
        }
    }

    public func setInfo(_ key: CatalogInfoKey, to value: String?) throws {
        try reconnecting {
            if let value {
                try connection.execute(
                    """
                    INSERT INTO catalog_info (key, value) VALUES ($1, $2)
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """, [.text(key.rawValue), .text(value)])
            } else {
                try connection.execute("DELETE FROM catalog_info WHERE key = $1", [.text(key.rawValue)])
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
