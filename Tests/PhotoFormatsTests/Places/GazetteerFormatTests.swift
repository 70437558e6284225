import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

@Suite struct GazetteerFormatTests {
    /// The Swift writer and the Python build script must agree to the byte: re-encoding
    /// every place and country of the shipped file gives the shipped file back.
    @Test func builderReproducesTheShippedFileExactly() throws {
        let shipped = try #require(ShippedGazetteer.shared)
        var builder = GazetteerBuilder()
        for (code, name) in shipped.countryNames { try builder.addCountry(code: code, name: name) }
        for index in 0..<shipped.placeCount { try builder.addPlace(shipped.place(at: index)) }
        let original = try FileSystem.readFile(ShippedGazetteer.path)
        let encoded = try builder.encoded()
        #expect(encoded.count == original.count)
        #expect(encoded == original)
    }

    @Test func noticeCarriesTheAttribution() throws {
        let notice = try String(
            contentsOf: ShippedGazetteer.dataDirectory.appendingPathComponent("NOTICE"), encoding: .utf8)
        #expect(notice.contains(Gazetteer.attribution))
        #expect(Gazetteer.attribution.contains("CC BY 4.0"))
    }

    @Test func sameInputInAnyOrderGivesTheSameBytes() throws {
        var forward = GazetteerBuilder()
        var backward = GazetteerBuilder()
        let places = Self.samplePlaces
        for place in places { try forward.addPlace(place) }
        for place in places.reversed() { try backward.addPlace(place) }
        #expect(try forward.encoded() == backward.encoded())
    }

    @Test func wrapsAroundTheAntimeridian() throws {
        let gazetteer = try Gazetteer(bytes: try Self.sampleBuilder().encoded(), source: RawPath("sample"))
        let fromWest = try #require(gazetteer.lookup(latitude: -16.8, longitude: -179.998))
        #expect(fromWest.city == "East of 180")
        #expect(fromWest.rule == .withinRadius)
        let fromEast = try #require(gazetteer.lookup(latitude: -16.8, longitude: 179.7))
        #expect(fromEast.city == "West of 180")
        #expect(fromEast.rule == .nearest)
        let pole = try #require(gazetteer.lookup(latitude: 89.8, longitude: -120))
        #expect(pole.city == "Pole station")
        #expect(pole.rule == .nearest)
        #expect(pole.region == nil)
        #expect(pole.countryName == "AQ")
    }

    @Test func rejectsFilesThatAreNotGazetteers() throws {
        let good = try Self.sampleBuilder().encoded()
        #expect(throws: GazetteerError.self) { try Gazetteer(bytes: [], source: RawPath("empty")) }
        #expect(throws: GazetteerError.self) { try Gazetteer(bytes: Array(good.dropLast()), source: RawPath("cut")) }
        #expect(throws: GazetteerError.self) { try Gazetteer(bytes: good + [0], source: RawPath("long")) }
        var newer = good
        newer[4] = 3
        let error = try #require(throws: GazetteerError.self) { try Gazetteer(bytes: newer, source: RawPath("v3")) }
        #expect(error.reason == .unsupportedVersion(3))
        #expect(error.description == "v3: gazetteer format version 3 is newer than this photolib reads (2)")
    }

    /// Every single-byte corruption of a small file is either rejected or still loads into
    /// something that answers lookups without crashing.
    @Test func survivesEveryCorruptedByte() throws {
        let good = try Self.sampleBuilder().encoded()
        var rejected = 0
        for position in good.indices {
            var damaged = good
            damaged[position] ^= 0xA5
            guard let gazetteer = try? Gazetteer(bytes: damaged, source: RawPath("damaged")) else {
                rejected += 1
                continue
            }
            for point in [(-16.8, 179.99), (48.85, 2.35), (89.9, 0.0), (0.0, 0.0)] {
                _ = gazetteer.lookup(latitude: point.0, longitude: point.1)
            }
            for index in 0..<gazetteer.placeCount { _ = gazetteer.place(at: index) }
        }
        #expect(rejected > good.count / 10)
    }

    @Test func refusesWhatTheFormatCannotHold() throws {
        var builder = GazetteerBuilder()
        let error = try #require(throws: GazetteerError.self) { try builder.addCountry(code: "FRA", name: "France") }
        #expect(error.description == "country code 'FRA' is not two ASCII letters")
        let place = GazetteerPlace(
            name: "x", latitude: 91, longitude: 0, population: 1,
            countryCode: "FR", admin1Code: "", admin1Name: "")
        #expect(throws: GazetteerError.self) { try builder.addPlace(place) }
        #expect(builder.placeCount == 0)
    }

    static let samplePlaces = [
        GazetteerPlace(
            name: "East of 180", latitude: -16.8, longitude: 179.99, population: 5000,
            countryCode: "FJ", admin1Code: "03", admin1Name: "Northern"),
        GazetteerPlace(
            name: "West of 180", latitude: -16.8, longitude: 179.5, population: 900,
            countryCode: "FJ", admin1Code: "03", admin1Name: "Northern"),
        GazetteerPlace(
            name: "Pole station", latitude: 89.95, longitude: 60, population: 0,
            countryCode: "AQ", admin1Code: "", admin1Name: ""),
        GazetteerPlace(
            name: "Paris", latitude: 48.85341, longitude: 2.3488, population: 2_138_551,
            countryCode: "FR", admin1Code: "11", admin1Name: "Île-de-France"),
        GazetteerPlace(
            name: "Paris 16 Passy", latitude: 48.8637, longitude: 2.27577, population: 149_500,
            countryCode: "FR", admin1Code: "11", admin1Name: "Île-de-France"),
    ]

    static func sampleBuilder() throws -> GazetteerBuilder {
        var builder = GazetteerBuilder()
        try builder.addCountry(code: "FR", name: "France")
        try builder.addCountry(code: "FJ", name: "Fiji")
        for place in samplePlaces { try builder.addPlace(place) }
        return builder
    }
}
