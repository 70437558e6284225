import PhotoTestSupport
import Testing

@testable import PhotoFormats

@Suite struct GazetteerLookupTests {
    let gazetteer: Gazetteer

    init() throws {
        gazetteer = try #require(ShippedGazetteer.shared, "Data/gazetteer.bin did not load")
    }

    @Test func loadsTheShippedFile() throws {
        let loaded = try Gazetteer.load(from: ShippedGazetteer.path)
        #expect(loaded.placeCount == 170_391)
        #expect(loaded.countryNames["FR"] == "France")
        #expect(loaded.countryNames.count == 252)
        #expect(loaded.admin1Names[Admin1Key(countryCode: "FR", code: "75")] == "Nouvelle-Aquitaine")
    }

    @Test func bordeaux() throws {
        let match = try #require(gazetteer.lookup(latitude: 44.8378, longitude: -0.5792))
        #expect(match.city == "Bordeaux")
        #expect(match.region == "Nouvelle-Aquitaine")
        #expect(match.countryCode == "FR")
        #expect(match.countryName == "France")
        #expect(match.rule == .withinRadius)
        #expect(abs(match.distanceKilometres - 0.40) < 0.01)
    }

    @Test func kortrijk() throws {
        let match = try #require(gazetteer.lookup(latitude: 50.8280, longitude: 3.2650))
        #expect(match.city == "Kortrijk")
        #expect(match.region == "Flanders")
        #expect(match.countryCode == "BE")
        #expect(match.countryName == "Belgium")
    }

    @Test func eiffelTowerIsParisNotAnArrondissement() throws {
        let match = try #require(gazetteer.lookup(latitude: 48.8584, longitude: 2.2945))
        #expect(match.city == "Paris")
        #expect(match.region == "Île-de-France")
        #expect(match.countryCode == "FR")
        #expect(abs(match.distanceKilometres - 4.01) < 0.01)
        #expect(match.population > 2_000_000)
    }

    @Test func tokyo() throws {
        let match = try #require(gazetteer.lookup(GPSCoordinate(latitude: 35.6895, longitude: 139.6917)))
        #expect(match.city == "Tokyo")
        #expect(match.countryCode == "JP")
        #expect(match.countryName == "Japan")
    }

    @Test func midAtlanticIsNoCity() {
        #expect(gazetteer.lookup(latitude: 40.0, longitude: -40.0) == nil)
    }

    @Test func smallVillageOutsideToulouse() throws {
        let match = try #require(gazetteer.lookup(latitude: 43.6658, longitude: 1.5252))
        #expect(match.city == "Rouffiac-Tolosan")
        #expect(match.region == "Occitanie")
        #expect(match.countryCode == "FR")
    }

    @Test func nearestPlaceWhenNoRadiusCovers() throws {
        // Between villages west of Namur: no village's 1.5 km radius reaches the point.
        let match = try #require(gazetteer.lookup(latitude: 50.42, longitude: 4.80))
        #expect(match.rule == .nearest)
        #expect(match.distanceKilometres > GeoDistance.coverageRadiusKilometres(population: match.population))
        #expect(match.distanceKilometres <= Gazetteer.nearestLimitKilometres)
    }

    @Test(arguments: [(Double.nan, 0.0), (0.0, .nan), (.infinity, 0), (90.0001, 0), (-91, 0), (0, 180.5), (0, -181)])
    func invalidCoordinatesGiveNil(latitude: Double, longitude: Double) {
        #expect(gazetteer.lookup(latitude: latitude, longitude: longitude) == nil)
    }

    @Test func antimeridianAndPolesDoNotCrash() throws {
        // The shipped table has no place within 0.5° of 180°: the same answer from either side.
        for latitude in stride(from: -60.0, through: 60.0, by: 15.0) {
            let east = gazetteer.lookup(latitude: latitude, longitude: 180)
            #expect(east == gazetteer.lookup(latitude: latitude, longitude: -180))
            #expect(east?.placeIndex == gazetteer.lookup(latitude: latitude, longitude: -179.999_99)?.placeIndex)
        }
        for point in [(90.0, 0.0), (-90.0, 0.0), (89.99, 180.0), (-89.99, -180.0), (90.0, -180.0)] {
            #expect(gazetteer.lookup(latitude: point.0, longitude: point.1) == nil)
        }
        // Longyearbyen, the northernmost place of the table, at 78.2° N.
        let north = try #require(gazetteer.lookup(latitude: 78.2232, longitude: 15.6267))
        #expect(north.city == "Longyearbyen")
        #expect(north.countryCode == "SJ")
    }
}
