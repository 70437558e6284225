import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats

/// The grid must give exactly the answers of a scan over every place.
@Suite struct GridEquivalenceTests {
    /// Every place's coordinates and radius, in file order, and the lookup rule applied
    /// to all of them with no grid at all.
    struct FullScan {
        var latitudes: [Double] = []
        var longitudes: [Double] = []
        var radii: [Double] = []

        init(_ gazetteer: Gazetteer) {
            for index in 0..<gazetteer.placeCount {
                let place = gazetteer.place(at: index)
                latitudes.append(place.latitude)
                longitudes.append(place.longitude)
                radii.append(GeoDistance.coverageRadiusKilometres(population: place.population))
            }
        }

        /// (place index, rule) as `Gazetteer.lookup` defines it.
        func lookup(latitude: Double, longitude: Double) -> (index: Int, rule: PlaceMatch.Rule)? {
            var covering: (index: Int, radius: Double, distance: Double)?
            var nearest: (index: Int, distance: Double)?
            for index in latitudes.indices {
                let distance = GeoDistance.kilometres(
                    latitude: latitude, longitude: longitude,
                    toLatitude: latitudes[index], longitude: longitudes[index])
                if distance <= radii[index] {
                    // Larger radius wins; for equal radii the nearer, then the earlier.
                    let better = covering.map {
                        radii[index] > $0.radius || (radii[index] == $0.radius && distance < $0.distance)
                    }
                    if better ?? true { covering = (index, radii[index], distance) }
                }
                if distance <= Gazetteer.nearestLimitKilometres, nearest == nil || distance < nearest!.distance {
                    nearest = (index, distance)
                }
            }
            if let covering { return (covering.index, .withinRadius) }
            return nearest.map { ($0.index, .nearest) }
        }
    }

    /// Points near places (in towns, between them, beyond the 50 km limit), anywhere on
    /// the globe, and along the antimeridian and the poles.
    static func samplePoints(count: Int, gazetteer: Gazetteer, seed: UInt64) -> [(Double, Double)] {
        var random = SeededGenerator(state: seed)
        var points: [(Double, Double)] = []
        for _ in 0..<(count * 7 / 10) {
            let place = gazetteer.place(at: Int.random(in: 0..<gazetteer.placeCount, using: &random))
            let latitude = min(90, max(-90, place.latitude + Double.random(in: -0.4...0.4, using: &random)))
            var longitude = place.longitude + Double.random(in: -0.6...0.6, using: &random)
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            points.append((latitude, longitude))
        }
        for _ in 0..<(count * 2 / 10) {
            let latitude = asin(Double.random(in: -1...1, using: &random)) * 180 / .pi
            points.append((latitude, Double.random(in: -180...180, using: &random)))
        }
        while points.count < count {
            let latitude = Double.random(in: -90...90, using: &random)
            let longitude = Double.random(in: -180...180, using: &random)
            let side: Double = Bool.random(using: &random) ? 1 : -1
            if Bool.random(using: &random) {
                points.append((latitude, side * 180))
            } else {
                points.append((side * Double.random(in: 85...90, using: &random), longitude))
            }
        }
        return points
    }

    @Test func gridAgreesWithAFullScan() throws {
        let gazetteer = try #require(ShippedGazetteer.shared)
        let scan = FullScan(gazetteer)
        var rules: [PlaceMatch.Rule?] = []
        for (latitude, longitude) in Self.samplePoints(count: 60, gazetteer: gazetteer, seed: 2024) {
            let expected = scan.lookup(latitude: latitude, longitude: longitude)
            let found = gazetteer.lookup(latitude: latitude, longitude: longitude)
            #expect(found?.placeIndex == expected?.index, "at \(latitude), \(longitude)")
            #expect(found?.rule == expected?.rule, "at \(latitude), \(longitude)")
            rules.append(found?.rule)
        }
        // The sample exercises all three outcomes.
        #expect(rules.contains(.withinRadius) && rules.contains(.nearest) && rules.contains(nil))
    }
}
