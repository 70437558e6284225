/// The layout of `gazetteer.bin`, format version 2 (version 1 is still read: it has no time
/// zones). `Scripts/build-gazetteer` describes it in full and writes the shipped file;
/// `GazetteerBuilder` writes the same bytes.
///
/// Places are fixed-size records sorted into a sparse grid of latitude rows and
/// longitude columns, so that a lookup reads only the few cells near the point and
/// loading is one `read` plus one validation pass, with no parsing of text.
enum GazetteerFormat {
    static let magic: [UInt8] = Array("PLGZ".utf8)
    /// The version written; every version from 1 to this one is read.
    static let version: UInt32 = 2
    /// Grid cells per degree: quarter-degree cells keep a lookup to a few hundred places
    /// in the densest parts of Europe while the directory of non-empty cells stays small.
    static let cellsPerDegree = 4
    static let cellEntrySize = 8
    /// Version 2 adds the zone count to the header and each place's zone index.
    static func headerSize(version: UInt32) -> Int { version >= 2 ? 36 : 32 }
    static func placeSize(version: UInt32) -> Int { version >= 2 ? 20 : 18 }
    static let zoneSize = 4
    /// A place's zone index when GeoNames gives it no zone.
    static let noZone = UInt16.max
    static let admin1Size = 12
    static let countrySize = 8
    static let sentinelColumn = UInt32.max
    /// Coordinates are stored as integers of 1e-5 degree (about 1.1 m).
    static let fixedPointScale = 100_000.0

    /// The grid cell of a stored position; latitude 90 belongs to the last row and
    /// longitude 180 to the first column (it is -180).
    static func cell(latitudeE5: Int32, longitudeE5: Int32, cellsPerDegree: Int) -> (row: Int, column: Int) {
        let rows = 180 * cellsPerDegree
        let columns = 360 * cellsPerDegree
        let row = min(max((Int(latitudeE5) + 9_000_000) * cellsPerDegree / 100_000, 0), rows - 1)
        let column = ((Int(longitudeE5) + 18_000_000) * cellsPerDegree / 100_000) % columns
        return (row, column)
    }

    static func degrees(fixed value: Int32) -> Double { Double(value) / fixedPointScale }

    /// Degrees to 1e-5 degree, rounded half to even as the Python build script's `round`.
    static func fixed(degrees value: Double) -> Int32 {
        Int32((value * fixedPointScale).rounded(.toNearestOrEven))
    }
}

/// Where each section of one gazetteer file starts, computed from the header's counts.
struct GazetteerLayout: Sendable {
    let version: UInt32
    let placeSize: Int
    let cellsPerDegree: Int
    let rows: Int
    let columns: Int
    let placeCount: Int
    let cellCount: Int
    let admin1Count: Int
    let countryCount: Int
    let stringsSize: Int
    let zoneCount: Int

    let rowIndexOffset: Int
    let cellsOffset: Int
    let placesOffset: Int
    let admin1Offset: Int
    let countriesOffset: Int
    let zonesOffset: Int
    let stringsOffset: Int
    let totalSize: Int

    init(
        version: UInt32 = GazetteerFormat.version, cellsPerDegree: Int, placeCount: Int, cellCount: Int,
        admin1Count: Int, countryCount: Int, stringsSize: Int, zoneCount: Int
    ) {
        self.version = version
        placeSize = GazetteerFormat.placeSize(version: version)
        self.zoneCount = version >= 2 ? zoneCount : 0
        self.cellsPerDegree = cellsPerDegree
        rows = 180 * cellsPerDegree
        columns = 360 * cellsPerDegree
        self.placeCount = placeCount
        self.cellCount = cellCount
        self.admin1Count = admin1Count
        self.countryCount = countryCount
        self.stringsSize = stringsSize
        rowIndexOffset = GazetteerFormat.headerSize(version: version)
        cellsOffset = rowIndexOffset + (rows + 1) * 4
        placesOffset = cellsOffset + (cellCount + 1) * GazetteerFormat.cellEntrySize
        admin1Offset = placesOffset + placeCount * placeSize
        countriesOffset = admin1Offset + admin1Count * GazetteerFormat.admin1Size
        zonesOffset = countriesOffset + countryCount * GazetteerFormat.countrySize
        stringsOffset = zonesOffset + self.zoneCount * GazetteerFormat.zoneSize
        totalSize = stringsOffset + stringsSize
    }
}

/// One place record as stored.
struct PlaceRecord {
    var latitudeE5: Int32
    var longitudeE5: Int32
    var population: UInt32
    var nameOffset: UInt32
    var admin1Index: UInt16
    /// `GazetteerFormat.noZone` for none (and in a version 1 file).
    var zoneIndex: UInt16
}

extension UnsafeRawBufferPointer {
    func littleEndianUInt16(at offset: Int) -> UInt16 {
        UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    func littleEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    func littleEndianInt32(at offset: Int) -> Int32 {
        Int32(littleEndian: loadUnaligned(fromByteOffset: offset, as: Int32.self))
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
