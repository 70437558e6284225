import Foundation
import Testing

/// `photolib places lookup` and `--version` run as a user runs them.
@Suite struct PlacesCommandTests {
    @Test func eiffelTowerIsParisAndMidAtlanticIsNowhere() throws {
        let eiffel = try BinaryRunner.run(["places", "lookup", "48.8584", "2.2945"])
        #expect(eiffel.status == 0 && eiffel.stderr == "")
        #expect(eiffel.stdout.hasPrefix("Paris, Île-de-France, France (FR)\n  4.0 km from its centre"))
        #expect(eiffel.stdout.hasSuffix("; within its radius\n  time zone Europe/Paris\n"))

        let atlantic = try BinaryRunner.run(["places", "lookup", "30", "-40"])
        #expect(atlantic.status == 0)
        #expect(atlantic.stdout == "No place within 50 km of 30.0, -40.0\n")
        #expect(try BinaryRunner.run(["places", "lookup", "--json", "30", "-40"]).stdout == "null\n")
    }

    @Test(arguments: [
        ("44.8412", "-0.5698", "Bordeaux", "Nouvelle-Aquitaine", "FR"),
        ("50.8275", "3.2650", "Kortrijk", "Flanders", "BE"),
        ("35.6895", "139.6917", "Tokyo", "Tokyo", "JP"),
        ("43.6658", "1.5252", "Rouffiac-Tolosan", "Occitanie", "FR"),
    ])
    func jsonNamesCityRegionAndCountry(
        latitude: String, longitude: String, city: String, region: String, country: String
    ) throws {
        let result = try BinaryRunner.run(["places", "lookup", latitude, longitude, "--json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["city"] as? String == city)
        #expect(json["region"] as? String == region)
        #expect(json["country"] as? String == country)
        #expect(json["rule"] as? String == "withinRadius")
    }

    @Test func badCoordinatesAreUsageErrors() throws {
        let result = try BinaryRunner.run(["places", "lookup", "91", "0"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Invalid latitude '91': expected decimal degrees in -90...90\n"))
        #expect(try BinaryRunner.run(["places", "lookup", "1"]).status == 64)
    }

    @Test func versionCreditsGeoNames() throws {
        let result = try BinaryRunner.run(["--version"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.last?.hasPrefix(
                "Place names and coordinates © GeoNames (https://www.geonames.org), licensed under CC BY 4.0") == true)
    }
}
