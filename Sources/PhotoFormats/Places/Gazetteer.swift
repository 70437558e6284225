import Foundation
import PhotoSupport

/// An offline gazetteer: populated places with their region and country, loaded from a
/// `gazetteer.bin` file and searched through its spatial grid. Immutable after loading,
/// so one instance can serve every task of an indexing run.
public final class Gazetteer: Sendable {
    /// The name of the shipped file in `Data/` (and in `<prefix>/share/photolib/` once installed).
    public static let fileName = "gazetteer.bin"

    /// The credit GeoNames' licence asks for; shown by `--version`, the man page and the README.
    public static let attribution =
        "Place names and coordinates \u{A9} GeoNames (https://www.geonames.org), "
        + "licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/). "
        + "Modified: subset of populated places, reformatted."

    /// Where the data was read from, for messages.
    public let source: RawPath
    /// Names this gazetteer's content (`version(of:)`): the catalog records the one its GPS
    /// cities were looked up in, and looks them up again when it changes.
    public let version: String
    let bytes: [UInt8]
    let layout: GazetteerLayout
    /// The coverage radius of the most populous place: no place covers a point farther than this.
    let largestRadiusKilometres: Double

    /// Reads and checks a gazetteer file (one `read` of a few megabytes, then one pass over the records).
    public static func load(from path: RawPath) throws -> Gazetteer {
        try Gazetteer(bytes: try FileSystem.readFile(path), source: path)
    }

    /// Loads the gazetteer shipped with photolib, wherever `dataFiles` finds it.
    public static func loadShipped(from dataFiles: DataFiles) throws -> Gazetteer {
        guard let path = dataFiles.locate(fileName) else {
            throw GazetteerError(path: RawPath(fileName), reason: .notInstalled)
        }
        return try load(from: path)
    }

    /// Checks every offset and count in `bytes`, so that no lookup can read out of bounds.
    init(bytes: [UInt8], source: RawPath) throws {
        self.source = source
        self.bytes = bytes
        version = Self.version(of: bytes)
        let result = try bytes.withUnsafeBytes { raw in try GazetteerValidator(raw: raw, source: source).validate() }
        layout = result.layout
        largestRadiusKilometres = GeoDistance.coverageRadiusKilometres(population: Int(result.largestPopulation))
    }

    /// The version of a gazetteer file's bytes: its format version and the first half of
    /// its content hash (`2-1f0c…`), so that any change of data, shipped or imported, shows.
    public static func version(of bytes: [UInt8]) -> String {
        let format = bytes.count >= 8 ? bytes.withUnsafeBytes { $0.littleEndianUInt32(at: 4) } : 0
        let hash = bytes.withUnsafeBytes { ContentHash.of($0) }
        return "\(format)-" + hash.description.prefix(16)
    }

    /// The version of the file at `path`, read and hashed but not checked.
    public static func version(ofFileAt path: RawPath) throws -> String {
        version(of: try FileSystem.readFile(path))
    }

    /// The number of places.
    public var placeCount: Int { layout.placeCount }

    /// The place stored at `index` (0 ..< `placeCount`), in file order.
    public func place(at index: Int) -> GazetteerPlace {
        precondition(index >= 0 && index < layout.placeCount, "place index out of range")
        return bytes.withUnsafeBytes { raw in
            let record = placeRecord(raw, index)
            let admin1 = admin1Entry(raw, Int(record.admin1Index))
            return GazetteerPlace(
                name: string(raw, record.nameOffset),
                latitude: GazetteerFormat.degrees(fixed: record.latitudeE5),
                longitude: GazetteerFormat.degrees(fixed: record.longitudeE5),
                population: Int(record.population),
                countryCode: countryCode(raw, admin1.country),
                admin1Code: string(raw, admin1.code),
                admin1Name: string(raw, admin1.name),
                timeZone: zone(raw, record.zoneIndex))
        }
    }

    /// The format version of the file (1 has no time zones).
    public var formatVersion: Int { Int(layout.version) }

    /// Country names by ISO 3166 code.
    public var countryNames: [String: String] {
        bytes.withUnsafeBytes { raw in
            var names: [String: String] = [:]
            for index in 0..<layout.countryCount {
                let offset = layout.countriesOffset + index * GazetteerFormat.countrySize
                names[countryCode(raw, index)] = string(raw, raw.littleEndianUInt32(at: offset + 4))
            }
            return names
        }
    }

    /// Admin1 (region) names by country code and GeoNames admin1 code.
    public var admin1Names: [Admin1Key: String] {
        bytes.withUnsafeBytes { raw in
            var names: [Admin1Key: String] = [:]
            for index in 0..<layout.admin1Count {
                let entry = admin1Entry(raw, index)
                names[Admin1Key(countryCode: countryCode(raw, entry.country), code: string(raw, entry.code))] =
                    string(raw, entry.name)
            }
            return names
        }
    }

    // MARK: - Reading records (offsets were checked when the file was loaded)

    func placeRecord(_ raw: UnsafeRawBufferPointer, _ index: Int) -> PlaceRecord {
        let offset = layout.placesOffset + index * layout.placeSize
        return PlaceRecord(
            latitudeE5: raw.littleEndianInt32(at: offset),
            longitudeE5: raw.littleEndianInt32(at: offset + 4),
            population: raw.littleEndianUInt32(at: offset + 8),
            nameOffset: raw.littleEndianUInt32(at: offset + 12),
            admin1Index: raw.littleEndianUInt16(at: offset + 16),
            zoneIndex: layout.version >= 2 ? raw.littleEndianUInt16(at: offset + 18) : GazetteerFormat.noZone)
    }

    /// The zone's name; nil for `noZone` (the validator checked every other index).
    func zone(_ raw: UnsafeRawBufferPointer, _ index: UInt16) -> String? {
        guard index != GazetteerFormat.noZone, Int(index) < layout.zoneCount else { return nil }
        return string(raw, raw.littleEndianUInt32(at: layout.zonesOffset + Int(index) * GazetteerFormat.zoneSize))
    }

    func admin1Entry(_ raw: UnsafeRawBufferPointer, _ index: Int) -> (country: Int, code: UInt32, name: UInt32) {
        let offset = layout.admin1Offset + index * GazetteerFormat.admin1Size
        return (
            Int(raw.littleEndianUInt32(at: offset)), raw.littleEndianUInt32(at: offset + 4),
            raw.littleEndianUInt32(at: offset + 8)
        )
    }

    func countryCode(_ raw: UnsafeRawBufferPointer, _ index: Int) -> String {
        let offset = layout.countriesOffset + index * GazetteerFormat.countrySize
        let code = raw[offset..<(offset + 2)].prefix { $0 != 0 }
        return String(decoding: code, as: UTF8.self)
    }

    func countryName(_ raw: UnsafeRawBufferPointer, _ index: Int) -> String {
        string(raw, raw.littleEndianUInt32(at: layout.countriesOffset + index * GazetteerFormat.countrySize + 4))
    }

    func string(_ raw: UnsafeRawBufferPointer, _ offset: UInt32) -> String {
        let start = layout.stringsOffset + Int(offset)
        let length = Int(raw.littleEndianUInt16(at: start))
        return String(
            decoding: UnsafeRawBufferPointer(rebasing: raw[(start + 2)..<(start + 2 + length)]), as: UTF8.self)
    }
}

/// A region of a country: its ISO 3166 country code and GeoNames admin1 code (`FR`, `75`).
public struct Admin1Key: Hashable, Sendable {
    public var countryCode: String
    public var code: String

    public init(countryCode: String, code: String) {
        self.countryCode = countryCode
        self.code = code
    }
}
