import Foundation
import PhotoSupport

/// Collects places and countries and encodes them as a `gazetteer.bin` file, byte for
/// byte as `Scripts/build-gazetteer` would: the order of everything is fixed by the
/// data alone, so the same places always give the same file.
public struct GazetteerBuilder: Sendable {
    /// 24 bytes a place, so that the millions of places of `allCountries.txt` fit easily.
    private struct PendingPlace: Sendable {
        var latitudeE5: Int32
        var longitudeE5: Int32
        var population: UInt32
        var name: Int32
        var region: Int32
        /// The text ID of its time zone's name, -1 for none.
        var zone: Int32
    }

    private struct Region: Sendable {
        var key: Admin1Key
        var code: Int32
        var name: Int32
    }

    /// Every text (names, codes) as UTF-8 bytes, one after another; a text ID indexes
    /// `textSpans`. Equal texts are merged only when encoding, by sorting, which is much
    /// cheaper than hashing millions of names, and compares bytes: Swift's `String`
    /// equality would merge canonically equivalent spellings that GeoNames keeps apart.
    private var textBytes: [UInt8] = []
    private var textSpans: [TextSpan] = []
    /// Country code to the text ID of its name.
    private var countryNames: [String: Int32] = [:]
    private var regionIDs: [Admin1Key: Int32] = [:]
    private var regions: [Region] = []
    private var places: [PendingPlace] = []

    public init() {}

    public var placeCount: Int { places.count }

    /// Names a country; a country used by a place but never named here is named by its code.
    public mutating func addCountry(code: String, name: String) throws {
        try Self.checkCountryCode(code)
        try Self.checkLength(name)
        countryNames[code] = intern(name)
    }

    /// Adds a place. The first name given for a (country, admin1 code) pair is the one kept.
    public mutating func addPlace(_ place: GazetteerPlace) throws {
        guard place.latitude.isFinite, place.longitude.isFinite,
            abs(place.latitude) <= 90, abs(place.longitude) <= 180
        else {
            throw Self.invalid("\(place.name) has coordinates out of range (\(place.latitude), \(place.longitude))")
        }
        guard place.population >= 0 else { throw Self.invalid("\(place.name) has a negative population") }
        try Self.checkCountryCode(place.countryCode)
        try Self.checkLength(place.name)
        try Self.checkLength(place.admin1Code)
        try Self.checkLength(place.admin1Name)
        if let zone = place.timeZone { try Self.checkLength(zone) }
        guard textSpans.count < Int(Int32.max) - 3, places.count < Int(UInt32.max) else {
            throw Self.invalid("more places than the format holds")
        }
        let key = Admin1Key(countryCode: place.countryCode, code: place.admin1Code)
        let region: Int32
        if let known = regionIDs[key] {
            region = known
        } else {
            region = Int32(regions.count)
            regionIDs[key] = region
            regions.append(Region(key: key, code: intern(place.admin1Code), name: intern(place.admin1Name)))
        }
        if countryNames[place.countryCode] == nil { countryNames[place.countryCode] = intern(place.countryCode) }
        places.append(
            PendingPlace(
                latitudeE5: GazetteerFormat.fixed(degrees: place.latitude),
                longitudeE5: GazetteerFormat.fixed(degrees: place.longitude),
                population: UInt32(clamping: place.population),
                name: intern(place.name), region: region,
                zone: place.timeZone.map { $0.isEmpty ? -1 : intern($0) } ?? -1))
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
        let strings = stringTable()
        guard strings.bytes.count <= Int(UInt32.max) else { throw Self.invalid("the names take more than 4 GiB") }

        let countryCodes = countryNames.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let countryIndex = Dictionary(uniqueKeysWithValues: countryCodes.enumerated().map { ($1, $0) })
        let regionOrder = regions.indices.sorted { a, b in
            let left = regions[a].key
            let right = regions[b].key
            return left.countryCode == right.countryCode
                ? Array(left.code.utf8).lexicographicallyPrecedes(Array(right.code.utf8))
                : Array(left.countryCode.utf8).lexicographicallyPrecedes(Array(right.countryCode.utf8))
        }
        guard regionOrder.count <= Int(UInt16.max) + 1 else {
            throw Self.invalid("\(regionOrder.count) admin1 regions: more than the format's 65536")
        }
        var regionIndex = [Int](repeating: 0, count: regions.count)
        for (position, id) in regionOrder.enumerated() { regionIndex[id] = position }

        // Zones are numbered in the order of their names' bytes, which is their ranks' order.
        let zoneRanks = Array(Set(places.lazy.filter { $0.zone >= 0 }.map { strings.ranks[Int($0.zone)] })).sorted()
        guard zoneRanks.count < Int(GazetteerFormat.noZone) else {
            throw Self.invalid("\(zoneRanks.count) time zones: more than the format's \(GazetteerFormat.noZone - 1)")
        }
        let zoneIndexByRank = Dictionary(uniqueKeysWithValues: zoneRanks.enumerated().map { ($1, UInt16($0)) })
        var zoneOffsetByRank: [Int32: UInt32] = [:]
        for place in places where place.zone >= 0 {
            zoneOffsetByRank[strings.ranks[Int(place.zone)]] = strings.offsets[Int(place.zone)]
        }
        let zoneIndex = { (place: PendingPlace) -> UInt16 in
            place.zone < 0 ? GazetteerFormat.noZone : zoneIndexByRank[strings.ranks[Int(place.zone)]]!
        }

        let order = sortedPlaces(
            cellsPerDegree: cellsPerDegree, nameRanks: strings.ranks, regionIndex: regionIndex, zoneIndex: zoneIndex)

        // The cell directory: one entry per non-empty cell, and the first entry of each row.
        let columns = 360 * cellsPerDegree
        var rowIndex: [UInt32] = []
        var cells: [(column: UInt32, firstPlace: UInt32)] = []
        var previousCell = -1
        for (position, place) in order.enumerated() where place.cell != previousCell {
            while rowIndex.count <= place.cell / columns { rowIndex.append(UInt32(cells.count)) }
            cells.append((UInt32(place.cell % columns), UInt32(position)))
            previousCell = place.cell
        }
        while rowIndex.count <= 180 * cellsPerDegree { rowIndex.append(UInt32(cells.count)) }
        cells.append((GazetteerFormat.sentinelColumn, UInt32(order.count)))

        let layout = GazetteerLayout(
            cellsPerDegree: cellsPerDegree, placeCount: order.count,
            cellCount: cells.count - 1, admin1Count: regions.count,
            countryCount: countryCodes.count, stringsSize: strings.bytes.count, zoneCount: zoneRanks.count)
        var out: [UInt8] = []
        out.reserveCapacity(layout.totalSize)
        out.append(contentsOf: GazetteerFormat.magic)
        let header: [UInt32] = [
            GazetteerFormat.version, UInt32(cellsPerDegree), UInt32(layout.placeCount),
            UInt32(layout.cellCount), UInt32(layout.admin1Count), UInt32(layout.countryCount),
            UInt32(layout.stringsSize), UInt32(layout.zoneCount),
        ]
        for field in header { out.appendLittleEndian(field) }
        for first in rowIndex { out.appendLittleEndian(first) }
        for cell in cells {
            out.appendLittleEndian(cell.column)
            out.appendLittleEndian(cell.firstPlace)
        }
        for entry in order {
            let place = places[entry.place]
            out.appendLittleEndian(place.latitudeE5)
            out.appendLittleEndian(place.longitudeE5)
            out.appendLittleEndian(place.population)
            out.appendLittleEndian(strings.offsets[Int(place.name)])
            out.appendLittleEndian(UInt16(entry.region))
            out.appendLittleEndian(entry.zone)
        }
        for id in regionOrder {
            let region = regions[id]
            out.appendLittleEndian(UInt32(countryIndex[region.key.countryCode]!))
            out.appendLittleEndian(strings.offsets[Int(region.code)])
            out.appendLittleEndian(strings.offsets[Int(region.name)])
        }
        for code in countryCodes {
            let codeBytes = Array(code.utf8)
            out.append(contentsOf: codeBytes + [UInt8](repeating: 0, count: 4 - codeBytes.count))
            out.appendLittleEndian(strings.offsets[Int(countryNames[code]!)])
        }
        for rank in zoneRanks { out.appendLittleEndian(zoneOffsetByRank[rank]!) }
        out.append(contentsOf: strings.bytes)
        assert(out.count == layout.totalSize)
        return out
    }

    /// The referenced texts (a renamed country leaves its old name unused), each once,
    /// sorted by their UTF-8 bytes as the script sorts them, each as a u16 length and its
    /// bytes; with each text ID's offset in the table and rank in that order.
    private func stringTable() -> (bytes: [UInt8], offsets: [UInt32], ranks: [Int32]) {
        var used = [Bool](repeating: false, count: textSpans.count)
        for place in places {
            used[Int(place.name)] = true
            if place.zone >= 0 { used[Int(place.zone)] = true }
        }
        for region in regions {
            used[Int(region.code)] = true
            used[Int(region.name)] = true
        }
        for name in countryNames.values { used[Int(name)] = true }
        var bytes: [UInt8] = []
        var offsets = [UInt32](repeating: 0, count: textSpans.count)
        var ranks = [Int32](repeating: 0, count: textSpans.count)
        textBytes.withUnsafeBufferPointer { all in
            let spans = textSpans
            func text(_ id: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: all[spans[id].start..<(spans[id].start + spans[id].count)])
            }
            let sortedIDs = spans.indices.filter { used[$0] }.sorted { compareBytes(text($0), text($1)) < 0 }
            var rank: Int32 = -1
            var offset: UInt32 = 0
            var previous: UnsafeBufferPointer<UInt8>?
            for id in sortedIDs {
                let current = text(id)
                if previous == nil || compareBytes(previous!, current) != 0 {
                    rank += 1
                    offset = UInt32(truncatingIfNeeded: bytes.count)
                    bytes.appendLittleEndian(UInt16(current.count))
                    bytes.append(contentsOf: current)
                    previous = current
                }
                offsets[id] = offset
                ranks[id] = rank
            }
        }
        return (bytes, offsets, ranks)
    }

    private struct SortKey {
        var cell: Int
        var population: UInt32
        var latitudeE5: Int32
        var longitudeE5: Int32
        var nameRank: Int32
        var region: Int32
        var zone: UInt16
        var place: Int
    }

    /// Places in file order: by cell, then population descending (the lookup relies on
    /// that), then latitude, longitude, name, region and zone so that the order is total.
    private func sortedPlaces(
        cellsPerDegree: Int, nameRanks: [Int32], regionIndex: [Int], zoneIndex: (PendingPlace) -> UInt16
    ) -> [SortKey] {
        var keys = places.indices.map { index in
            let place = places[index]
            let cell = GazetteerFormat.cell(
                latitudeE5: place.latitudeE5, longitudeE5: place.longitudeE5,
                cellsPerDegree: cellsPerDegree)
            return SortKey(
                cell: cell.row * 360 * cellsPerDegree + cell.column, population: place.population,
                latitudeE5: place.latitudeE5, longitudeE5: place.longitudeE5,
                nameRank: nameRanks[Int(place.name)], region: Int32(regionIndex[Int(place.region)]),
                zone: zoneIndex(place), place: index)
        }
        keys.sort { a, b in
            if a.cell != b.cell { return a.cell < b.cell }
            if a.population != b.population { return a.population > b.population }
            return (a.latitudeE5, a.longitudeE5, a.nameRank, a.region, a.zone) < (
                b.latitudeE5, b.longitudeE5, b.nameRank, b.region, b.zone
            )
        }
        return keys
    }

    /// Stores a text and returns its ID.
    private mutating func intern(_ text: String) -> Int32 {
        let id = Int32(textSpans.count)
        let start = textBytes.count
        textBytes.append(contentsOf: text.utf8)
        textSpans.append(TextSpan(start: start, count: textBytes.count - start))
        return id
    }

    private static func checkCountryCode(_ code: String) throws {
        guard code.utf8.count <= 2, code.utf8.allSatisfy({ $0 > 0 && $0 < 0x80 }) else {
            throw invalid("country code '\(code)' is not two ASCII letters")
        }
    }

    private static func checkLength(_ text: String) throws {
        guard text.utf8.count <= Int(UInt16.max) else {
            throw invalid("a name longer than 65535 bytes (\(text.prefix(40))…)")
        }
    }

    private static func invalid(_ why: String) -> GazetteerError {
        GazetteerError(path: RawPath(""), reason: .invalidEntry(why))
    }
}

private struct TextSpan: Sendable {
    var start: Int
    var count: Int
}

/// Byte-wise order (as Python compares `bytes`), through `memcmp`: negative, zero or positive.
private func compareBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(left.count, right.count)
    let order = common == 0 ? 0 : Int(memcmp(left.baseAddress!, right.baseAddress!, common))
    return order != 0 ? order : left.count - right.count
}
