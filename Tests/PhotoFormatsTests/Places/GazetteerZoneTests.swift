import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Format version 2 carries each place's IANA time zone; version 1 files (a library's own
/// gazetteer imported by an older photolib) still load, with no zones.
@Suite struct GazetteerZoneTests {
    static func zonedBuilder() throws -> GazetteerBuilder {
        var builder = GazetteerBuilder()
        try builder.addCountry(code: "FR", name: "France")
        for var place in GazetteerFormatTests.samplePlaces {
            place.timeZone = ["FR": "Europe/Paris", "FJ": "Pacific/Fiji"][place.countryCode]
            try builder.addPlace(place)
        }
        return builder
    }

    @Test func placesCarryTheirZone() throws {
        let gazetteer = try Gazetteer(bytes: try Self.zonedBuilder().encoded(), source: RawPath("zoned"))
        #expect(gazetteer.formatVersion == 2)
        #expect(gazetteer.lookup(latitude: 48.8584, longitude: 2.2945)?.timeZone == "Europe/Paris")
        #expect(gazetteer.lookup(latitude: -16.8, longitude: 179.99)?.timeZone == "Pacific/Fiji")
        // The pole station has no zone in this data.
        #expect(gazetteer.lookup(latitude: 89.8, longitude: -120)?.city == "Pole station")
        #expect(gazetteer.lookup(latitude: 89.8, longitude: -120)?.timeZone == nil)
        let zones = Set((0..<gazetteer.placeCount).compactMap { gazetteer.place(at: $0).timeZone })
        #expect(zones == ["Europe/Paris", "Pacific/Fiji"])
    }

    /// A version 1 file made from the same places, by taking the zones out of the version 2
    /// bytes (header field, each place's last two bytes, the zones table), reads the same
    /// places without zones.
    @Test func versionOneFilesStillLoad() throws {
        let v2 = try Self.zonedBuilder().encoded()
        let modern = try Gazetteer(bytes: v2, source: RawPath("v2"))
        let layout = modern.layout
        var v1: [UInt8] = Array("PLGZ".utf8)
        v1.appendLittleEndian(UInt32(1))
        v1 += v2[8..<32]
        v1 += v2[layout.rowIndexOffset..<layout.placesOffset]
        for index in 0..<layout.placeCount {
            let start = layout.placesOffset + index * layout.placeSize
            v1 += v2[start..<(start + 18)]
        }
        v1 += v2[layout.admin1Offset..<layout.zonesOffset]
        v1 += v2[layout.stringsOffset...]
        let old = try Gazetteer(bytes: v1, source: RawPath("v1"))
        #expect(old.formatVersion == 1 && old.placeCount == modern.placeCount)
        for index in 0..<old.placeCount {
            var expected = modern.place(at: index)
            expected.timeZone = nil
            #expect(old.place(at: index) == expected)
        }
        #expect(old.lookup(latitude: 48.8584, longitude: 2.2945)?.city == "Paris")
        #expect(old.version != modern.version)
    }

    @Test func aZoneIndexPastTheTableIsRejected() throws {
        var bytes = try Self.zonedBuilder().encoded()
        let layout = try Gazetteer(bytes: bytes, source: RawPath("good")).layout
        bytes[layout.placesOffset + 18] = 0xFE
        bytes[layout.placesOffset + 19] = 0xFF
        #expect(throws: GazetteerError.self) { try Gazetteer(bytes: bytes, source: RawPath("bad zone")) }
    }

    /// Every row of GeoNames' table the shipped file was built from (../shared/geo) has its
    /// zone in the shipped file; skipped without that folder.
    @Test func theShippedZonesAreGeoNames() throws {
        let table = ShippedGazetteer.dataDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/geo/cities.tsv")
        guard let text = try? String(contentsOf: table, encoding: .utf8) else {
            print("\(table.path) not found: the shipped zones are not compared with GeoNames")
            return
        }
        let shipped = try #require(ShippedGazetteer.shared)
        struct Key: Hashable {
            var name: String
            var latitude: Int32
            var longitude: Int32
        }
        var zones: [Key: Set<String>] = [:]
        for index in 0..<shipped.placeCount {
            let place = shipped.place(at: index)
            let key = Key(
                name: place.name, latitude: GazetteerFormat.fixed(degrees: place.latitude),
                longitude: GazetteerFormat.fixed(degrees: place.longitude))
            zones[key, default: []].insert(place.timeZone ?? "")
        }
        var rows = 0
        var wrong: [String] = []
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 10, let latitude = Double(fields[3]), let longitude = Double(fields[4]) else {
                continue
            }
            rows += 1
            let key = Key(
                name: fields[1], latitude: GazetteerFormat.fixed(degrees: latitude),
                longitude: GazetteerFormat.fixed(degrees: longitude))
            if zones[key]?.contains(fields[9]) != true, wrong.count < 5 { wrong.append(String(line)) }
        }
        #expect(rows == shipped.placeCount)
        #expect(wrong.isEmpty, "\(wrong)")
    }
}
