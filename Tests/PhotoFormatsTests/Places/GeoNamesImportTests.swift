import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

@Suite struct GeoNamesImportTests {
    /// One line of a GeoNames dump, in its 19 columns.
    static func dumpLine(
        id: Int, name: String, latitude: String, longitude: String, featureClass: String = "P",
        featureCode: String = "PPL", country: String, admin1: String, population: String
    ) -> String {
        [
            String(id), name, name, "", latitude, longitude, featureClass, featureCode, country, "", admin1, "", "", "",
            population, "", "100", "Europe/Paris", "2024-01-01",
        ].joined(separator: "\t")
    }

    static let sampleDump =
        [
            dumpLine(
                id: 3_031_582, name: "Bordeaux", latitude: "44.84044", longitude: "-0.5805",
                featureCode: "PPLA", country: "FR", admin1: "75", population: "260958"),
            // cities500 has this Tarn village; the shipped cities1000 table does not.
            dumpLine(
                id: 2_982_630, name: "Rouffiac", latitude: "43.88979", longitude: "2.22169",
                country: "FR", admin1: "76", population: "555"),
            // An administrative area, not a populated place: left out.
            dumpLine(
                id: 2_988_506, name: "Paris", latitude: "48.8534", longitude: "2.3486", featureClass: "A",
                featureCode: "ADM2", country: "FR", admin1: "11", population: "2138551"),
            dumpLine(
                id: 1, name: "Nowhere-sur-Mer", latitude: "10.00000", longitude: "-30.00000",
                country: "ZZ", admin1: "07", population: ""),
            dumpLine(
                id: 2, name: "Unknown Region", latitude: "-10.5", longitude: "20.5",
                country: "FR", admin1: "99", population: "1200") + "\r",
        ].joined(separator: "\n") + "\n"

    @Test func importsPopulatedPlacesWithShippedRegionNames() throws {
        let shipped = try #require(ShippedGazetteer.shared)
        let directoryFolder = try TemporaryDirectory()
        let directory = directoryFolder.path
        defer { directoryFolder.remove() }
        let dump = directory.appending("cities500.txt")
        try FileSystem.writeAtomically(Array(Self.sampleDump.utf8), to: dump)

        let builder = try Gazetteer.importGeoNames(dump: dump, names: shipped)
        #expect(builder.placeCount == 4)
        let destination = directory.appending("gazetteer.bin")
        try builder.write(to: destination)
        let imported = try Gazetteer.load(from: destination)
        #expect(imported.placeCount == 4)

        let village = try #require(imported.lookup(latitude: 43.8898, longitude: 2.2217))
        #expect(village.city == "Rouffiac")
        #expect(village.region == "Occitanie")
        #expect(village.countryName == "France")
        let bordeaux = try #require(imported.lookup(latitude: 44.8378, longitude: -0.5792))
        #expect(bordeaux.city == "Bordeaux")
        #expect(bordeaux.region == "Nouvelle-Aquitaine")
        #expect(bordeaux.population == 260_958)
        #expect(imported.lookup(latitude: 48.8584, longitude: 2.2945) == nil)

        let unknownCountry = try #require(imported.lookup(latitude: 10, longitude: -30))
        #expect(unknownCountry.countryCode == "ZZ")
        #expect(unknownCountry.countryName == "ZZ")
        #expect(unknownCountry.region == "07")
        #expect(unknownCountry.population == 0)
        let unknownRegion = try #require(imported.lookup(latitude: -10.5, longitude: 20.5))
        #expect(unknownRegion.city == "Unknown Region")
        #expect(unknownRegion.region == "99")
    }

    @Test func withoutReferenceRegionsAndCountriesAreCodes() throws {
        let directoryFolder = try TemporaryDirectory()
        let directory = directoryFolder.path
        defer { directoryFolder.remove() }
        let dump = directory.appending("dump.txt")
        try FileSystem.writeAtomically(Array(Self.sampleDump.utf8), to: dump)
        let imported = try Gazetteer(
            bytes: try Gazetteer.importGeoNames(dump: dump, names: nil).encoded(),
            source: dump)
        let bordeaux = try #require(imported.lookup(latitude: 44.8378, longitude: -0.5792))
        #expect(bordeaux.region == "75")
        #expect(bordeaux.countryName == "FR")
    }

    /// Enough lines to cross the reader's 1 MiB chunks many times, with no line lost or split.
    @Test func streamsLargeDumps() throws {
        let directoryFolder = try TemporaryDirectory()
        let directory = directoryFolder.path
        defer { directoryFolder.remove() }
        let dump = directory.appending("allCountries.txt")
        var text = ""
        for index in 0..<30_000 {
            let latitude = String(format: "%.5f", -60 + Double(index % 1200) * 0.1)
            let longitude = String(format: "%.5f", -170 + Double(index / 1200) * 13.1 + Double(index % 7) * 0.01)
            text +=
                Self.dumpLine(
                    id: index, name: "Place \(index) \(String(repeating: "x", count: index % 50))",
                    latitude: latitude, longitude: longitude, country: "FR", admin1: "75",
                    population: String(index)) + "\n"
        }
        #expect(text.utf8.count > 3 << 20)
        try FileSystem.writeAtomically(Array(text.utf8), to: dump)
        let builder = try Gazetteer.importGeoNames(dump: dump, names: nil)
        #expect(builder.placeCount == 30_000)
        let imported = try Gazetteer(bytes: try builder.encoded(), source: dump)
        let names = Set((0..<imported.placeCount).map { imported.place(at: $0).name })
        #expect(names.count == 30_000)
        #expect(names.contains("Place 29999 " + String(repeating: "x", count: 29_999 % 50)))
    }

    @Test func reportsTheBadLine() throws {
        let directoryFolder = try TemporaryDirectory()
        let directory = directoryFolder.path
        defer { directoryFolder.remove() }
        let dump = directory.appending("bad.txt")
        let good = Self.dumpLine(
            id: 1, name: "A", latitude: "1", longitude: "2", country: "FR", admin1: "75",
            population: "10")
        try FileSystem.writeAtomically(Array((good + "\nid\tname\tonly three\n").utf8), to: dump)
        let short = try #require(throws: GazetteerError.self) { try Gazetteer.importGeoNames(dump: dump, names: nil) }
        #expect(
            short.description == "\(dump):2: not a GeoNames dump line: 3 tab-separated columns where GeoNames has 19")
        #expect(short.kind == .badData)

        let badLatitude = Self.dumpLine(
            id: 2, name: "B", latitude: "north", longitude: "2", country: "FR",
            admin1: "75", population: "10")
        try FileSystem.writeAtomically(Array((good + "\n" + badLatitude + "\n").utf8), to: dump)
        let coordinate = try #require(throws: GazetteerError.self) {
            try Gazetteer.importGeoNames(dump: dump, names: nil)
        }
        #expect(coordinate.reason == .badDumpLine(line: 2, "latitude 'north' or longitude '2' is not a coordinate"))
    }

    @Test func aDumpWithoutPlacesIsAnError() throws {
        let directoryFolder = try TemporaryDirectory()
        let directory = directoryFolder.path
        defer { directoryFolder.remove() }
        let dump = directory.appending("admin.txt")
        let area = Self.dumpLine(
            id: 1, name: "Region", latitude: "1", longitude: "2", featureClass: "A",
            country: "FR", admin1: "75", population: "10")
        try FileSystem.writeAtomically(Array((area + "\n").utf8), to: dump)
        let error = try #require(throws: GazetteerError.self) { try Gazetteer.importGeoNames(dump: dump, names: nil) }
        #expect(error.reason == .noPlaces)
        #expect(throws: FileSystemError.self) {
            try Gazetteer.importGeoNames(dump: directory.appending("missing.txt"), names: nil)
        }
    }
}
