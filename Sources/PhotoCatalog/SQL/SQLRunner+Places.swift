import PhotoFormats

// MARK: - Places and zones looked up again, and the catalog's own facts, the same on both stores

extension SQLRunner {
    /// Assets with a GPS position: the ones a new gazetteer may name, or place in a zone,
    /// differently.
    package func gpsPlacedAssets() throws -> [GPSPlacedAsset] {
        try rows(
            """
            SELECT id, gps_latitude, gps_longitude, city, city_source IS NULL OR city_source = 'gps',
                taken_local, taken_offset, taken_zone
            FROM assets WHERE gps_latitude IS NOT NULL AND gps_longitude IS NOT NULL
            """, []
        ) { row in
            GPSPlacedAsset(
                id: try assetID(row, 0), position: GPSCoordinate(latitude: row.double(1), longitude: row.double(2)),
                city: row.optionalText(3), cityFromPosition: row.bool(4),
                takenAt: row.optionalText(5).map {
                    CaptureDate(localTime: $0, utcOffset: row.optionalText(6), zone: row.optionalText(7))
                })
        }
    }

    /// Gives each date its new offset and zone, in one transaction; a date changed meanwhile
    /// (another wall-clock reading, or an offset the file or a person gave) is left alone.
    package func updateTakenZones(_ updates: [(id: AssetID, takenAt: CaptureDate)]) throws {
        let p = dialect.placeholder
        _ = try runEach(
            """
            UPDATE assets SET taken_offset = \(p(3)), taken_zone = \(p(4)), taken_sort = \(p(5))
            WHERE id = \(p(1)) AND taken_local = \(p(2)) AND (taken_offset IS NULL OR taken_zone IS NOT NULL)
            """,
            updates.map { id, date in
                [
                    .text(id.hex), .text(date.localTime), CellValue(date.utcOffset), CellValue(date.zone),
                    .text(CaptureDateText.sortText(date)),
                ]
            })
    }

    package func info(_ key: CatalogInfoKey) throws -> String? {
        try rows("SELECT value FROM catalog_info WHERE key = \(dialect.placeholder(1))", [.text(key.rawValue)]) {
            $0.optionalText(0)
        }.first ?? nil
    }

    package func setInfo(_ key: CatalogInfoKey, to value: String?) throws {
        let p = dialect.placeholder
        if let value {
            _ = try runEach(
                """
                INSERT INTO catalog_info (key, value) VALUES (\(p(1)), \(p(2)))
                ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, [[.text(key.rawValue), .text(value)]])
        } else {
            _ = try runEach("DELETE FROM catalog_info WHERE key = \(p(1))", [[.text(key.rawValue)]])
        }
    }

    /// Sets (or, for nil, clears) the GPS place of each asset, in one transaction; an asset
    /// whose city meanwhile came from anywhere else is left alone. Safe to repeat. PostgreSQL
    /// keeps the city's folded form beside it (`city_folded`).
    package func updateGPSPlaces(_ updates: [(id: AssetID, place: PlaceMatch?)]) throws {
        let p = dialect.placeholder
        let folded = dialect.store == .postgres
        _ = try runEach(
            """
            UPDATE assets SET city = \(p(2)), city_source = \(p(3)), region = \(p(4)), country = \(p(5)),
                country_name = \(p(6))\(folded ? ", city_folded = \(p(7))" : "")
            WHERE id = \(p(1)) AND (city_source IS NULL OR city_source = 'gps')
            """,
            updates.map { id, place in
                [
                    .text(id.hex), CellValue(place?.city), CellValue(place == nil ? nil : TextSource.gps.rawValue),
                    CellValue(place?.region), CellValue(place?.countryCode), CellValue(place?.countryName),
                ] + (folded ? [CellValue(place.map { SQLiteCatalog.fold($0.city) })] : [])
            })
    }
}
