import PhotoCatalog
import PhotoFormats

extension PostgresCatalog {
    public func gpsPlacedAssets() throws -> [GPSPlacedAsset] { try reconnecting { try runner.gpsPlacedAssets() } }

    /// Safe to repeat, as `reconnecting` may: each update only sets what it sets.
    public func updateTakenZones(_ updates: [(id: AssetID, takenAt: CaptureDate)]) throws {
        try reconnecting { try runner.updateTakenZones(updates) }
    }

    public func info(_ key: CatalogInfoKey) throws -> String? { try reconnecting { try runner.info(key) } }

    public func setInfo(_ key: CatalogInfoKey, to value: String?) throws {
        try reconnecting { try runner.setInfo(key, to: value) }
    }

    public func updateGPSPlaces(_ updates: [(id: AssetID, place: PlaceMatch?)]) throws {
        try reconnecting { try runner.updateGPSPlaces(updates) }
    }
}
