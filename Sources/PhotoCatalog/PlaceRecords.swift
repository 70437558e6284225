import PhotoFormats

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
