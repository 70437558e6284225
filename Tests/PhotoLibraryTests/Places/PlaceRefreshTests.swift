import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoCatalog
@testable import PhotoFormats
@testable import PhotoLibrary

@Suite struct PlaceRefreshTests {
    let folder: TemporaryDirectory
    let catalog: SQLiteCatalog

    init() throws {
        folder = try TemporaryDirectory()
        catalog = try SQLiteCatalog(path: folder.catalogPath)
    }

    @Test func gpsPlacesAreRefreshedButOtherCitiesKept() throws {
        var byGPS = CatalogFixtures.scanned(
            "00000000000000b1", "b1.jpg", gps: GPSCoordinate(latitude: 48.8584, longitude: 2.2945))
        byGPS.text = AssetText(city: "Wrong", citySource: .gps)
        var bySidecar = CatalogFixtures.scanned(
            "00000000000000b2", "b2.jpg", gps: GPSCoordinate(latitude: 48.8584, longitude: 2.2945))
        bySidecar.text = AssetText(city: "Mine", citySource: .sidecar)
        try catalog.applyIndexChanges(scanned: [byGPS, bySidecar], missing: [])
        let gazetteer = try #require(ShippedGazetteer.shared)
        let outcome = try PlaceRefresh.run(catalog: catalog, gazetteer: gazetteer)
        #expect(outcome.checked == 1 && outcome.changed == 1)
        #expect(try catalog.asset(id: byGPS.id)?.city == "Paris")
        #expect(try catalog.asset(id: byGPS.id)?.countryName == "France")
        #expect(try catalog.asset(id: bySidecar.id)?.city == "Mine")
    }
}
