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
        // Both positions are looked up (for their zones); one city is the position's to change.
        #expect(outcome.checked == 2 && outcome.changed == 1)
        #expect(try catalog.asset(id: byGPS.id)?.city == "Paris")
        #expect(try catalog.asset(id: byGPS.id)?.countryName == "France")
        #expect(try catalog.asset(id: bySidecar.id)?.city == "Mine")
    }

    /// A refresh places the dates that have no offset of their own in the zone of their
    /// position (whoever named the city), keeps offsets the file gave, and records the
    /// gazetteer's version.
    @Test func datesFollowTheZoneOfTheirPositionAndTheVersionIsRecorded() throws {
        let eiffel = GPSCoordinate(latitude: 48.8584, longitude: 2.2945)
        var named = CatalogFixtures.scanned("00000000000000c1", "c1.jpg", taken: "2019-07-24T11:25:40", gps: eiffel)
        named.text = AssetText(city: "Mine", citySource: .sidecar)
        let own = CatalogFixtures.scanned(
            "00000000000000c2", "c2.jpg", taken: "2019-07-24T11:25:40", offset: "-05:00", gps: eiffel)
        let nowhere = CatalogFixtures.scanned("00000000000000c3", "c3.jpg", taken: "2019-07-24T11:25:40")
        try catalog.applyIndexChanges(scanned: [named, own, nowhere], missing: [])
        let gazetteer = try #require(ShippedGazetteer.shared)
        #expect(try catalog.info(.gazetteerVersion) == nil)
        let outcome = try PlaceRefresh.run(catalog: catalog, gazetteer: gazetteer)
        #expect(outcome.checked == 2 && outcome.datesPlaced == 1)
        let zone = try #require(gazetteer.lookup(eiffel)?.timeZone)
        #expect(zone == "Europe/Paris")
        let placed = try #require(try catalog.asset(id: named.id)?.metadata.takenAt)
        #expect(placed == CaptureDate(localTime: "2019-07-24T11:25:40").placed(inZone: zone))
        #expect(placed.zone == zone && placed.utcOffset != nil)
        #expect(try catalog.asset(id: named.id)?.city == "Mine")
        #expect(try catalog.asset(id: own.id)?.metadata.takenAt?.utcOffset == "-05:00")
        #expect(try catalog.asset(id: nowhere.id)?.metadata.takenAt?.utcOffset == nil)
        #expect(try catalog.info(.gazetteerVersion) == gazetteer.version)
        // Run again: nothing left to change.
        #expect(try PlaceRefresh.run(catalog: catalog, gazetteer: gazetteer).datesPlaced == 0)
    }
}
