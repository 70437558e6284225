import PhotoSupport

/// Checks a gazetteer file's structure once at load time, so that lookups can read
/// records without bounds checks of their own and the grid search can rely on the order
/// it assumes (each place in the cell its coordinates fall in, populations descending).
struct GazetteerValidator {
    let raw: UnsafeRawBufferPointer
    let source: RawPath

    struct Result {
        var layout: GazetteerLayout
        var largestPopulation: UInt32
    }

    func validate() throws -> Result {
        let layout = try readHeader()
        try checkRowIndex(layout)
        try checkStrings(layout)
        try checkCountriesAndAdmin1(layout)
        let largestPopulation = try checkCellsAndPlaces(layout)
        return Result(layout: layout, largestPopulation: largestPopulation)
    }

    private func fail(_ why: String) -> GazetteerError {
        GazetteerError(path: source, reason: .badFormat(why))
    }

    private func readHeader() throws -> GazetteerLayout {
        guard raw.count >= 8, raw.prefix(4).elementsEqual(GazetteerFormat.magic) else {
            throw fail("no gazetteer header")
        }
        let version = raw.littleEndianUInt32(at: 4)
        guard (1...GazetteerFormat.version).contains(version) else {
            throw GazetteerError(path: source, reason: .unsupportedVersion(version))
        }
        guard raw.count >= GazetteerFormat.headerSize(version: version) else { throw fail("no gazetteer header") }
        let field = { (index: Int) in Int(raw.littleEndianUInt32(at: 8 + 4 * index)) }
        let cellsPerDegree = field(0)
        guard (1...60).contains(cellsPerDegree) else { throw fail("\(cellsPerDegree) grid cells per degree") }
        let zoneCount = version >= 2 ? field(6) : 0
        guard zoneCount < Int(GazetteerFormat.noZone) else { throw fail("\(zoneCount) time zones") }
        let layout = GazetteerLayout(
            version: version, cellsPerDegree: cellsPerDegree, placeCount: field(1), cellCount: field(2),
            admin1Count: field(3), countryCount: field(4), stringsSize: field(5), zoneCount: zoneCount)
        guard layout.totalSize == raw.count else {
            throw fail("the header describes \(layout.totalSize) bytes but the file has \(raw.count)")
        }
        guard layout.cellCount <= layout.rows * layout.columns, layout.admin1Count <= Int(UInt16.max) + 1 else {
            throw fail("impossible counts in the header")
        }
        return layout
    }

    private func checkRowIndex(_ layout: GazetteerLayout) throws {
        var previous = 0
        for row in 0...layout.rows {
            let first = Int(raw.littleEndianUInt32(at: layout.rowIndexOffset + 4 * row))
            guard first >= previous, first <= layout.cellCount, row > 0 || first == 0 else {
                throw fail("row index out of order at row \(row)")
            }
            previous = first
        }
        guard previous == layout.cellCount else { throw fail("row index does not end at the last cell") }
    }

    private func checkString(_ layout: GazetteerLayout, _ offset: UInt32, _ what: @autoclosure () -> String) throws {
        let start = Int(offset)
        guard start + 2 <= layout.stringsSize,
            start + 2 + Int(raw.littleEndianUInt16(at: layout.stringsOffset + start)) <= layout.stringsSize
        else {
            throw fail("\(what()) points outside the string table")
        }
    }

    private func checkStrings(_ layout: GazetteerLayout) throws {
        var offset = 0
        while offset < layout.stringsSize {
            guard offset + 2 <= layout.stringsSize else { throw fail("string table ends inside a length") }
            offset += 2 + Int(raw.littleEndianUInt16(at: layout.stringsOffset + offset))
        }
        guard offset == layout.stringsSize else { throw fail("string table ends inside a string") }
    }

    private func checkCountriesAndAdmin1(_ layout: GazetteerLayout) throws {
        for index in 0..<layout.countryCount {
            let offset = layout.countriesOffset + index * GazetteerFormat.countrySize
            try checkString(layout, raw.littleEndianUInt32(at: offset + 4), "country \(index)'s name")
        }
        for index in 0..<layout.admin1Count {
            let offset = layout.admin1Offset + index * GazetteerFormat.admin1Size
            guard Int(raw.littleEndianUInt32(at: offset)) < layout.countryCount else {
                throw fail("admin1 entry \(index) names no country")
            }
            try checkString(layout, raw.littleEndianUInt32(at: offset + 4), "admin1 entry \(index)'s code")
            try checkString(layout, raw.littleEndianUInt32(at: offset + 8), "admin1 entry \(index)'s name")
        }
        for index in 0..<layout.zoneCount {
            let offset = layout.zonesOffset + index * GazetteerFormat.zoneSize
            try checkString(layout, raw.littleEndianUInt32(at: offset), "time zone \(index)'s name")
        }
    }

    /// Walks the cell directory row by row and every place in each cell.
    private func checkCellsAndPlaces(_ layout: GazetteerLayout) throws -> UInt32 {
        var largestPopulation: UInt32 = 0
        var expectedFirstPlace = 0
        for row in 0..<layout.rows {
            let firstCell = Int(raw.littleEndianUInt32(at: layout.rowIndexOffset + 4 * row))
            let endCell = Int(raw.littleEndianUInt32(at: layout.rowIndexOffset + 4 * row + 4))
            var previousColumn = -1
            for cell in firstCell..<endCell {
                let entry = layout.cellsOffset + cell * GazetteerFormat.cellEntrySize
                let column = Int(raw.littleEndianUInt32(at: entry))
                let firstPlace = Int(raw.littleEndianUInt32(at: entry + 4))
                let endPlace = Int(raw.littleEndianUInt32(at: entry + GazetteerFormat.cellEntrySize + 4))
                guard column > previousColumn, column < layout.columns else {
                    throw fail("cell \(cell) has column \(column) out of order")
                }
                guard firstPlace == expectedFirstPlace, endPlace > firstPlace, endPlace <= layout.placeCount else {
                    throw fail("cell \(cell) has places \(firstPlace)..<\(endPlace) out of order")
                }
                previousColumn = column
                expectedFirstPlace = endPlace
                var previousPopulation = UInt32.max
                for index in firstPlace..<endPlace {
                    let population = try checkPlace(layout, index, row: row, column: column)
                    guard population <= previousPopulation else {
                        throw fail("place \(index) is not in descending population order")
                    }
                    previousPopulation = population
                    largestPopulation = max(largestPopulation, population)
                }
            }
        }
        let sentinel = layout.cellsOffset + layout.cellCount * GazetteerFormat.cellEntrySize
        guard raw.littleEndianUInt32(at: sentinel) == GazetteerFormat.sentinelColumn,
            expectedFirstPlace == layout.placeCount
        else {
            throw fail("the cell directory does not cover all \(layout.placeCount) places")
        }
        return largestPopulation
    }

    private func checkPlace(_ layout: GazetteerLayout, _ index: Int, row: Int, column: Int) throws -> UInt32 {
        let offset = layout.placesOffset + index * layout.placeSize
        let latitude = raw.littleEndianInt32(at: offset)
        let longitude = raw.littleEndianInt32(at: offset + 4)
        guard abs(latitude) <= 9_000_000, abs(longitude) <= 18_000_000 else {
            throw fail("place \(index) has coordinates out of range")
        }
        let cell = GazetteerFormat.cell(
            latitudeE5: latitude, longitudeE5: longitude,
            cellsPerDegree: layout.cellsPerDegree)
        guard cell.row == row, cell.column == column else { throw fail("place \(index) is filed in the wrong cell") }
        guard Int(raw.littleEndianUInt16(at: offset + 16)) < layout.admin1Count else {
            throw fail("place \(index) names no admin1 entry")
        }
        if layout.version >= 2 {
            let zone = raw.littleEndianUInt16(at: offset + 18)
            guard zone == GazetteerFormat.noZone || Int(zone) < layout.zoneCount else {
                throw fail("place \(index) names no time zone")
            }
        }
        try checkString(layout, raw.littleEndianUInt32(at: offset + 12), "place \(index)'s name")
        return raw.littleEndianUInt32(at: offset + 8)
    }
}
