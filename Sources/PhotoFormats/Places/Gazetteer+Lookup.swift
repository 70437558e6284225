import Foundation

extension Gazetteer {
    /// How far the nearest-place fallback looks when no place's radius covers the point.
    public static let nearestLimitKilometres = 50.0

    /// What a point resolves to: among places whose coverage radius
    /// (`GeoDistance.coverageRadiusKilometres`) reaches it, the largest (so the Eiffel Tower
    /// gives Paris, not the arrondissement "Paris 16 Passy"); else the nearest place within
    /// `nearestLimitKilometres`; else nil.
    ///
    /// "Largest" is by radius, then distance: places under 90,000 people all have the
    /// 1.5 km floor radius, and among those the nearer wins, as population says nothing
    /// about which village a point is in (43.6658, 1.5252 is 5 m from Rouffiac-Tolosan,
    /// pop. 1,590, and 1.45 km from Castelmaurou, pop. 3,261: it is Rouffiac-Tolosan).
    /// Invalid coordinates (not finite, |latitude| > 90, |longitude| > 180) give nil.
    public func lookup(latitude: Double, longitude: Double) -> PlaceMatch? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return bytes.withUnsafeBytes { raw -> PlaceMatch? in
            let query = GridQuery(latitude: latitude, longitude: longitude, layout: layout)
            if let covering = largestCovering(query, raw) {
                return match(raw, covering.index, distance: covering.distance, rule: .withinRadius)
            }
            if let nearest = nearestPlace(query, raw) {
                return match(raw, nearest.index, distance: nearest.distance, rule: .nearest)
            }
            return nil
        }
    }

    /// The place a photo's GPS position resolves to (see `lookup(latitude:longitude:)`).
    public func lookup(_ position: GPSCoordinate) -> PlaceMatch? {
        lookup(latitude: position.latitude, longitude: position.longitude)
    }

    /// Walks cells in order of their distance from the point. Within a cell places come in
    /// descending population, so radii shrink and the walk stops at the first place whose
    /// radius cannot reach from the cell's edge, or is smaller than the best one's.
    private func largestCovering(_ query: GridQuery, _ raw: UnsafeRawBufferPointer) -> (index: Int, distance: Double)? {
        var best: (index: Int, radius: Double, distance: Double)?
        for cell in query.cells(within: largestRadiusKilometres, raw) {
            for index in cell.places {
                let record = placeRecord(raw, index)
                let radius = GeoDistance.coverageRadiusKilometres(population: Int(record.population))
                if radius < cell.nearestKilometres { break }
                if let best, radius < best.radius { break }
                let latitude = GazetteerFormat.degrees(fixed: record.latitudeE5)
                if abs(latitude - query.latitude) * GeoDistance.kilometresPerDegree > radius + 1e-9 { continue }
                let distance = GeoDistance.kilometres(
                    latitude: query.latitude, longitude: query.longitude,
                    toLatitude: latitude, longitude: GazetteerFormat.degrees(fixed: record.longitudeE5))
                guard distance <= radius else { continue }
                if let current = best, radius == current.radius,
                    (distance, index) >= (current.distance, current.index)
                {
                    continue
                }
                best = (index, radius, distance)
            }
        }
        return best.map { ($0.index, $0.distance) }
    }

    /// The nearest place within the limit (ties: the lower index), nearest cells first.
    private func nearestPlace(_ query: GridQuery, _ raw: UnsafeRawBufferPointer) -> (index: Int, distance: Double)? {
        var best: (index: Int, distance: Double)?
        var bound = Gazetteer.nearestLimitKilometres
        for cell in query.cells(within: bound, raw) {
            if cell.nearestKilometres > bound { break }
            for index in cell.places {
                let record = placeRecord(raw, index)
                let latitude = GazetteerFormat.degrees(fixed: record.latitudeE5)
                if abs(latitude - query.latitude) * GeoDistance.kilometresPerDegree > bound + 1e-9 { continue }
                let distance = GeoDistance.kilometres(
                    latitude: query.latitude, longitude: query.longitude,
                    toLatitude: latitude, longitude: GazetteerFormat.degrees(fixed: record.longitudeE5))
                guard distance <= bound else { continue }
                if let current = best, (distance, index) >= (current.distance, current.index) { continue }
                best = (index, distance)
                bound = distance
            }
        }
        return best
    }

    private func match(
        _ raw: UnsafeRawBufferPointer, _ index: Int, distance: Double, rule: PlaceMatch.Rule
    ) -> PlaceMatch {
        let record = placeRecord(raw, index)
        let admin1 = admin1Entry(raw, Int(record.admin1Index))
        let regionCode = string(raw, admin1.code)
        let regionName = string(raw, admin1.name)
        let code = countryCode(raw, admin1.country)
        let name = countryName(raw, admin1.country)
        return PlaceMatch(
            city: string(raw, record.nameOffset),
            region: regionName.isEmpty || (regionCode == "00" && regionName == "00") ? nil : regionName,
            countryCode: code,
            countryName: name.isEmpty ? code : name,
            latitude: GazetteerFormat.degrees(fixed: record.latitudeE5),
            longitude: GazetteerFormat.degrees(fixed: record.longitudeE5),
            population: Int(record.population),
            distanceKilometres: distance,
            rule: rule,
            placeIndex: index,
            timeZone: zone(raw, record.zoneIndex))
    }
}
