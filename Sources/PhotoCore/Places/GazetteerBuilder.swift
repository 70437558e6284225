/// Collects places and countries and encodes them as a `gazetteer.bin` file, byte for
/// byte as `Scripts/build-gazetteer` would: the order of everything is fixed by the
/// data alone, so the same places always give the same file.
public struct GazetteerBuilder: Sendable {
    private struct PendingPlace: Sendable {
        var latitudeE5: Int32
        var longitudeE5: Int32
        var population: UInt32
        var name: Int
        var admin1: Admin1Key
    }

    /// Every distinct text (names, codes) once, by its UTF-8 bytes: Swift's `String`
    /// equality would merge canonically equivalent spellings that GeoNames keeps apart.
    private var textIDs: [[UInt8]: Int] = [:]
    private var texts: [[UInt8]] = []
    /// Country code to the text ID of its name.
    private var countryNames: [String: Int] = [:]
    /// Region to the text IDs of its code and name.
    private var admin1Names: [Admin1Key: (code: Int, name: Int)] = [:]
    private var places: [PendingPlace] = []

    public init() {}

    public var placeCount: Int { places.count }

    /// Names a country; a country used by a place but never named here is named by its code.
    public mutating func addCountry(code: String, name: String) throws {
        try Self.checkCountryCode(code)
        countryNames[code] = intern(name)
    }

    /// Adds a place. The first name given for a (country, admin1 code) pair is the one kept.
    public mutating func addPlace(_ place: GazetteerPlace) throws {
        guard place.latitude.isFinite, place.longitude.isFinite,
              abs(place.latitude) <= 90, abs(place.longitude) <= 180 else {
            throw invalid("\(place.name) has coordinates out of range (\(place.latitude), \(place.longitude))")
        }
        guard place.population >= 0 else { throw invalid("\(place.name) has a negative population") }
        try Self.checkCountryCode(place.countryCode)
        for text in [place.name, place.admin1Code, place.admin1Name] where text.utf8.count > Int(UInt16.max) {
            throw invalid("a name longer than 65535 bytes (\(text.prefix(40))…)")
        }
        let key = Admin1Key(countryCode: place.countryCode, code: place.admin1Code)
        if admin1Names[key] == nil { admin1Names[key] = (intern(place.admin1Code), intern(place.admin1Name)) }
        if countryNames[place.countryCode] == nil { countryNames[place.countryCode] = intern(place.countryCode) }
        places.append(PendingPlace(
            latitudeE5: GazetteerFormat.fixed(degrees: place.latitude),
            longitudeE5: GazetteerFormat.fixed(degrees: place.longitude),
            population: UInt32(clamping: place.population),
            name: intern(place.name), admin1: key))
    }

    /// Encodes, then writes the file through a temporary file and a rename, so that a
    /// reader sees the old gazetteer or the new one, never half of one.
    public func write(to path: RawPath) throws {
        let encoded: [UInt8]
        do { encoded = try self.encoded() } catch var error as GazetteerError {
            error.path = path
            throw error
        }
        try FileSystem.writeAtomically(encoded, to: path)
    }

    /// The file's bytes.
    public func encoded() throws -> [UInt8] {
        let cellsPerDegree = GazetteerFormat.cellsPerDegree
        // Strings that are referenced (a renamed country leaves its old name unused),
        // sorted by their UTF-8 bytes as the script sorts them.
        var used = [Bool](repeating: false, count: texts.count)
        for place in places { used[place.name] = true }
        for (code, name) in admin1Names.values { used[code] = true; used[name] = true }
        for name in countryNames.values { used[name] = true }
        let sortedIDs = texts.indices.filter { used[$0] }.sorted { texts[$0].lexicographicallyPrecedes(texts[$1]) }
        var strings: [UInt8] = []
        var offsets = [UInt32](repeating: 0, count: texts.count)
        var ranks = [Int](repeating: 0, count: texts.count)
        for (rank, id) in sortedIDs.enumerated() {
            offsets[id] = UInt32(truncatingIfNeeded: strings.count)
            ranks[id] = rank
            strings.appendLittleEndian(UInt16(texts[id].count))
            strings.append(contentsOf: texts[id])
        }
        guard strings.count <= Int(UInt32.max) else { throw invalid("the names take more than 4 GiB") }

        let countryCodes = countryNames.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let countryIndex = Dictionary(uniqueKeysWithValues: countryCodes.enumerated().map { ($1, $0) })
        let admin1Keys = admin1Names.keys.sorted {
            ($0.countryCode == $1.countryCode)
                ? Array($0.code.utf8).lexicographicallyPrecedes(Array($1.code.utf8))
                : Array($0.countryCode.utf8).lexicographicallyPrecedes(Array($1.countryCode.utf8))
        }
        guard admin1Keys.count <= Int(UInt16.max) + 1 else {
            throw invalid("\(admin1Keys.count) admin1 regions: more than the format's 65536")
        }
        let admin1Index = Dictionary(uniqueKeysWithValues: admin1Keys.enumerated().map { ($1, $0) })

        let order = sortedPlaces(cellsPerDegree: cellsPerDegree, nameRanks: ranks,
                                 admin1Index: admin1Index)
        guard order.count <= Int(UInt32.max) else { throw invalid("more than 4 billion places") }

        // The cell directory: one entry per non-empty cell, and the first entry of each row.
        var rowIndex: [UInt32] = []
        var cells: [(column: UInt32, firstPlace: UInt32)] = []
        var previousCell: (row: Int, column: Int)?
        for (position, place) in order.enumerated() {
            let cell = place.cell
            if previousCell == nil || previousCell! != cell {
                while rowIndex.count <= cell.row { rowIndex.append(UInt32(cells.count)) }
                cells.append((UInt32(cell.column), UInt32(position)))
                previousCell = cell
            }
        }
        while rowIndex.count <= 180 * cellsPerDegree { rowIndex.append(UInt32(cells.count)) }
        cells.append((GazetteerFormat.sentinelColumn, UInt32(order.count)))

        let layout = GazetteerLayout(cellsPerDegree: cellsPerDegree, placeCount: order.count,
                                     cellCount: cells.count - 1, admin1Count: admin1Keys.count,
                                     countryCount: countryCodes.count, stringsSize: strings.count)
        var out: [UInt8] = []
        out.reserveCapacity(layout.totalSize)
        out.append(contentsOf: GazetteerFormat.magic)
        for field in [GazetteerFormat.version, UInt32(cellsPerDegree), UInt32(layout.placeCount),
                      UInt32(layout.cellCount), UInt32(layout.admin1Count), UInt32(layout.countryCount),
                      UInt32(layout.stringsSize)] {
            out.appendLittleEndian(field)
        }
        for first in rowIndex { out.appendLittleEndian(first) }
        for cell in cells { out.appendLittleEndian(cell.column); out.appendLittleEndian(cell.firstPlace) }
        for place in order {
            out.appendLittleEndian(place.pending.latitudeE5)
            out.appendLittleEndian(place.pending.longitudeE5)
            out.appendLittleEndian(place.pending.population)
            out.appendLittleEndian(offsets[place.pending.name])
            out.appendLittleEndian(UInt16(place.admin1))
        }
        for key in admin1Keys {
            out.appendLittleEndian(UInt32(countryIndex[key.countryCode]!))
            let texts = admin1Names[key]!
            out.appendLittleEndian(offsets[texts.code])
            out.appendLittleEndian(offsets[texts.name])
        }
        for code in countryCodes {
            let codeBytes = Array(code.utf8)
            out.append(contentsOf: codeBytes + [UInt8](repeating: 0, count: 4 - codeBytes.count))
            out.appendLittleEndian(offsets[countryNames[code]!])
        }
        out.append(contentsOf: strings)
        assert(out.count == layout.totalSize)
        return out
    }

    private struct SortablePlace {
        var pending: PendingPlace
        var cell: (row: Int, column: Int)
        var nameRank: Int
        var admin1: Int
    }

    /// Places in file order: by cell, then population descending (the lookup relies on
    /// that), then latitude, longitude, name and region so that the order is total.
    private func sortedPlaces(cellsPerDegree: Int, nameRanks: [Int], admin1Index: [Admin1Key: Int]) -> [SortablePlace] {
        var sortable = places.map { place in
            SortablePlace(pending: place,
                          cell: GazetteerFormat.cell(latitudeE5: place.latitudeE5, longitudeE5: place.longitudeE5,
                                                     cellsPerDegree: cellsPerDegree),
                          nameRank: nameRanks[place.name], admin1: admin1Index[place.admin1]!)
        }
        sortable.sort { a, b in
            if a.cell != b.cell { return a.cell < b.cell }
            if a.pending.population != b.pending.population { return a.pending.population > b.pending.population }
            return (a.pending.latitudeE5, a.pending.longitudeE5, a.nameRank, a.admin1)
                < (b.pending.latitudeE5, b.pending.longitudeE5, b.nameRank, b.admin1)
        }
        return sortable
    }

    private mutating func intern(_ text: String) -> Int {
        let bytes = Array(text.utf8)
        if let id = textIDs[bytes] { return id }
        textIDs[bytes] = texts.count
        texts.append(bytes)
        return texts.count - 1
    }

    private static func checkCountryCode(_ code: String) throws {
        guard code.utf8.count <= 2, code.utf8.allSatisfy({ $0 > 0 && $0 < 0x80 }) else {
            throw GazetteerError(path: RawPath(""), reason: .invalidEntry("country code '\(code)' is not two ASCII letters"))
        }
    }

    private func invalid(_ why: String) -> GazetteerError {
        GazetteerError(path: RawPath(""), reason: .invalidEntry(why))
    }
}
