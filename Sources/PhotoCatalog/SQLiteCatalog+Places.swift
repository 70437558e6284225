import PhotoFormats

extension SQLiteCatalog {
    public func gpsPlacedAssets() throws -> [GPSPlacedAsset] { try runner.gpsPlacedAssets() }

    public func updateTakenZones(_ updates: [(id: AssetID, takenAt: CaptureDate)]) throws {
        try runner.updateTakenZones(updates)
    }

    public func info(_ key: CatalogInfoKey) throws -> String? { try runner.info(key) }

    public func setInfo(_ key: CatalogInfoKey, to value: String?) throws { try runner.setInfo(key, to: value) }

    public func updateGPSPlaces(_ updates: [(id: AssetID, place: PlaceMatch?)]) throws {
        try runner.updateGPSPlaces(updates)
    }
}
