import PhotoCatalog
import PhotoFormats

/// Looks up again the city of every asset placed by GPS, after the gazetteer changed.
public enum PlaceRefresh {
    /// Returns how many positions were looked up and how many got another city.
    public static func run(catalog: any Catalog, gazetteer: Gazetteer) throws -> (checked: Int, changed: Int) {
        let assets = try catalog.gpsPlacedAssets()
        let updates = assets.map { (id: $0.id, place: gazetteer.lookup($0.position)) }
        try catalog.updateGPSPlaces(updates)
        let changed = zip(assets, updates).filter { $0.city != $1.place?.city }.count
        return (assets.count, changed)
    }
}
