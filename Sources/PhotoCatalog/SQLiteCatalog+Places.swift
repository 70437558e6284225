import PhotoFormats

extension SQLiteCatalog {
    /// Assets with a GPS position: the ones a new gazetteer may name, or place in a zone,
    /// differently.
    public func gpsPlacedAssets() throws -> [GPSPlacedAsset] {
        try database.prepare(
            """
            SELECT id, gps_latitude, gps_longitude, city, city_source IS NULL OR city_source = 'gps',
                taken_local, taken_offset, taken_zone
            FROM assets WHERE gps_latitude IS NOT NULL AND gps_longitude IS NOT NULL
            """
        ).rows { row in
            GPSPlacedAsset(
                id: try Self.assetID(fromRow: row, column: 0),
                position: GPSCoordinate(latitude: row.double(at: 1), longitude: row.double(at: 2)),
                city: row.optionalText(at: 3), cityFromPosition: row.int64(at: 4) != 0,
                takenAt: row.optionalText(at: 5).map {
                    CaptureDate(localTime: $0, utcOffset: row.optionalText(at: 6), zone: row.optionalText(at: 7))
                })
        }
    }

    public func updateTakenZones(_ updates: [(id: AssetID, takenAt: CaptureDate)]) throws {
        try database.inTransaction {
            let statement = try database.cachedStatement(
                """
                UPDATE assets SET taken_offset = ?3, taken_zone = ?4, taken_sort = ?5
                WHERE id = ?1 AND taken_local = ?2 AND (taken_offset IS NULL OR taken_zone IS NOT NULL)
                """)
            for (id, date) in updates {
                try statement.run([
                    .text(id.hex), .text(date.localTime), SQLiteValue(date.utcOffset), SQLiteValue(date.zone),
                    .text(CaptureDateText.sortText(date)),
                ])
            }
        }
    }

    public func info(_ key: CatalogInfoKey) throws -> String? {
        try database.textValue("SELECT value FROM catalog_info WHERE key = ?", [.text(key.rawValue)])
    }

    public func setInfo(_ key: CatalogInfoKey, to value: String?) throws {
        try database.inTransaction {
            if let value {
                try database.prepare("INSERT OR REPLACE INTO catalog_info (key, value) VALUES (?, ?)")
                    .run([.text(key.rawValue), .text(value)])
            } else {
                try database.prepare("DELETE FROM catalog_info WHERE key = ?").run([.text(key.rawValue)])
            }
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

/// An asset with a GPS position: its city comes, or could come, from it, and its capture
/// date's offset too when the file gave none.
public struct GPSPlacedAsset: Sendable, Equatable {
    public var id: AssetID
    public var position: GPSCoordinate
    public var city: String?
    /// False when a person or the file's text named the city: the position does not.
    public var cityFromPosition: Bool
    public var takenAt: CaptureDate?

    public init(
        id: AssetID, position: GPSCoordinate, city: String?, cityFromPosition: Bool = true,
        takenAt: CaptureDate? = nil
    ) {
        self.id = id
        self.position = position
        self.city = city
        self.cityFromPosition = cityFromPosition
        self.takenAt = takenAt
    }
}

/// The catalog's own facts kept in `catalog_info` besides its creation and library id.
public enum CatalogInfoKey: String, Sendable, CaseIterable {
    /// The `Gazetteer.version` GPS cities and zones were last looked up in (`PlaceRefresh`).
    case gazetteerVersion = "gazetteer_version"
    /// The size, time and path of the gazetteer file that version was read from: while they
    /// hold, an index does not read the file again.
    case gazetteerStamp = "gazetteer_stamp"
}
