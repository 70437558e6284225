import Foundation

/// The grid cells that may hold places within some distance of one point.
struct GridQuery {
    let latitude: Double
    let longitude: Double
    let layout: GazetteerLayout
    private let cosineOfLatitude: Double

    /// A non-empty cell: its range of place indices and a lower bound of the distance
    /// from the point to anything inside it.
    struct Cell {
        var places: Range<Int>
        var nearestKilometres: Double
    }

    init(latitude: Double, longitude: Double, layout: GazetteerLayout) {
        self.latitude = latitude
        self.longitude = longitude
        self.layout = layout
        cosineOfLatitude = cos(latitude * GeoDistance.radiansPerDegree)
    }

    /// Non-empty cells that may hold a place within `kilometres`, nearest first.
    func cells(within kilometres: Double, _ raw: UnsafeRawBufferPointer) -> [Cell] {
        let cellSize = 1 / Double(layout.cellsPerDegree)
        // No point farther north or south than this angle can be within range.
        let latitudeReach = kilometres / GeoDistance.kilometresPerDegree + 1e-9
        let firstRow = max(0, Int(((latitude - latitudeReach + 90) / cellSize).rounded(.down)))
        let lastRow = min(layout.rows - 1, Int(((latitude + latitudeReach + 90) / cellSize).rounded(.down)))
        let sinHalfReach = sin(kilometres / GeoDistance.earthRadiusKilometres / 2)
        var found: [Cell] = []
        guard firstRow <= lastRow else { return found }
        for row in firstRow...lastRow {
            let south = Double(row) * cellSize - 90
            let north = south + cellSize
            let cosineOfRowEdge = cos(min(90, max(abs(south), abs(north))) * GeoDistance.radiansPerDegree)
            // haversine >= cos(lat1) * cos(lat2) * sin²(Δlon/2): bounds the longitude span to search.
            let ratio = sinHalfReach / (cosineOfLatitude * cosineOfRowEdge).squareRoot()
            let rowCells = cellRange(ofRow: row, raw)
            if !(ratio < 1) {
                collect(rowCells, row: row, columns: 0..<layout.columns, raw, within: kilometres, into: &found)
                continue
            }
            let longitudeReach = 2 * asin(ratio) / GeoDistance.radiansPerDegree + 1e-9
            let firstColumn = Int(((longitude - longitudeReach + 180) / cellSize).rounded(.down))
            let lastColumn = Int(((longitude + longitudeReach + 180) / cellSize).rounded(.down))
            if lastColumn - firstColumn + 1 >= layout.columns {
                collect(rowCells, row: row, columns: 0..<layout.columns, raw, within: kilometres, into: &found)
            } else if firstColumn < 0 {
                collect(
                    rowCells, row: row, columns: (firstColumn + layout.columns)..<layout.columns, raw,
                    within: kilometres, into: &found)
                collect(rowCells, row: row, columns: 0..<(lastColumn + 1), raw, within: kilometres, into: &found)
            } else if lastColumn >= layout.columns {
                collect(
                    rowCells, row: row, columns: firstColumn..<layout.columns, raw, within: kilometres, into: &found)
                collect(
                    rowCells, row: row, columns: 0..<(lastColumn - layout.columns + 1), raw,
                    within: kilometres, into: &found)
            } else {
                collect(
                    rowCells, row: row, columns: firstColumn..<(lastColumn + 1), raw, within: kilometres, into: &found)
            }
        }
        found.sort { $0.nearestKilometres < $1.nearestKilometres }
        return found
    }

    private func cellRange(ofRow row: Int, _ raw: UnsafeRawBufferPointer) -> Range<Int> {
        let offset = layout.rowIndexOffset + 4 * row
        return Int(raw.littleEndianUInt32(at: offset))..<Int(raw.littleEndianUInt32(at: offset + 4))
    }

    private func column(ofCell cell: Int, _ raw: UnsafeRawBufferPointer) -> Int {
        Int(raw.littleEndianUInt32(at: layout.cellsOffset + cell * GazetteerFormat.cellEntrySize))
    }

    /// Adds the row's non-empty cells whose column is in `columns` and whose nearest edge is in range.
    private func collect(
        _ rowCells: Range<Int>, row: Int, columns: Range<Int>, _ raw: UnsafeRawBufferPointer,
        within kilometres: Double, into found: inout [Cell]
    ) {
        guard !columns.isEmpty, !rowCells.isEmpty else { return }
        // Binary search for the first cell at or after columns.lowerBound (cells are sorted by column).
        var low = rowCells.lowerBound
        var high = rowCells.upperBound
        while low < high {
            let middle = (low + high) / 2
            if column(ofCell: middle, raw) < columns.lowerBound { low = middle + 1 } else { high = middle }
        }
        var cell = low
        while cell < rowCells.upperBound {
            let column = column(ofCell: cell, raw)
            if column >= columns.upperBound { break }
            let nearest = distanceBound(row: row, column: column)
            if nearest <= kilometres {
                let entry = layout.cellsOffset + cell * GazetteerFormat.cellEntrySize
                let places =
                    Int(
                        raw.littleEndianUInt32(at: entry + 4))..<Int(
                        raw.littleEndianUInt32(at: entry + GazetteerFormat.cellEntrySize + 4))
                found.append(Cell(places: places, nearestKilometres: nearest))
            }
            cell += 1
        }
    }

    /// A lower bound of the distance from the point to any point of the cell: each term of
    /// the haversine sum taken at its smallest over the cell's latitude and longitude span.
    private func distanceBound(row: Int, column: Int) -> Double {
        let cellSize = 1 / Double(layout.cellsPerDegree)
        let south = Double(row) * cellSize - 90
        let north = south + cellSize
        let west = Double(column) * cellSize - 180
        let east = west + cellSize
        let latitudeGap = latitude < south ? south - latitude : (latitude > north ? latitude - north : 0)
        let longitudeGap =
            (west...east).contains(longitude)
            ? 0 : min(Self.angularGap(longitude, west), Self.angularGap(longitude, east))
        let cosineOfRowEdge = cos(min(90, max(abs(south), abs(north))) * GeoDistance.radiansPerDegree)
        let sinHalfLatitude = sin(latitudeGap * GeoDistance.radiansPerDegree / 2)
        let sinHalfLongitude = sin(longitudeGap * GeoDistance.radiansPerDegree / 2)
        let haversine =
            sinHalfLatitude * sinHalfLatitude
            + cosineOfLatitude * cosineOfRowEdge * sinHalfLongitude * sinHalfLongitude
        // Slightly under the bound, so rounding never drops a place that is exactly in range.
        return max(0, 2 * GeoDistance.earthRadiusKilometres * asin(min(1, haversine.squareRoot())) - 1e-6)
    }

    /// The angle between two longitudes, going the short way round (0...180).
    private static func angularGap(_ a: Double, _ b: Double) -> Double {
        let gap = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(gap, 360 - gap)
    }
}
