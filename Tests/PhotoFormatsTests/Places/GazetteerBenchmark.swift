import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Numbers for the report, not a timed test: run on demand, in release, with
/// `PHOTOLIB_PLACES_BENCH=10000 swift test -c release -Xswiftc -enable-testing --filter GazetteerBenchmark`.
/// It prints load time and lookup rate, and checks the grid against a full scan on that many points.
@Suite struct GazetteerBenchmark {
    static let pointCount = Int(ProcessInfo.processInfo.environment["PHOTOLIB_PLACES_BENCH"] ?? "") ?? 0

    @Test(.enabled(if: pointCount > 0, "set PHOTOLIB_PLACES_BENCH=<points> to measure"))
    func measure() throws {
        let clock = ContinuousClock()
        var loadTimes: [Duration] = []
        var gazetteer: Gazetteer?
        for _ in 0..<20 {
            let start = clock.now
            gazetteer = try Gazetteer.load(from: ShippedGazetteer.path)
            loadTimes.append(clock.now - start)
        }
        let shipped = try #require(gazetteer)
        loadTimes.sort()
        print("load: median \(loadTimes[10]), min \(loadTimes[0]), max \(loadTimes[19]) (\(shipped.placeCount) places)")
        var readTimes: [Duration] = []
        var checkTimes: [Duration] = []
        for _ in 0..<20 {
            let start = clock.now
            let bytes = try FileSystem.readFile(ShippedGazetteer.path)
            let read = clock.now
            _ = try Gazetteer(bytes: bytes, source: ShippedGazetteer.path)
            readTimes.append(read - start)
            checkTimes.append(clock.now - read)
        }
        print("of which read: median \(readTimes.sorted()[10]), validation: median \(checkTimes.sorted()[10])")

        // A GeoNames dump, if given, is timed; a copy of the shipped table must import back to the same bytes.
        if let dump = ProcessInfo.processInfo.environment["PHOTOLIB_PLACES_DUMP"] {
            let start = clock.now
            let builder = try Gazetteer.importGeoNames(dump: RawPath(dump), names: shipped)
            let parsed = clock.now
            let encoded = try builder.encoded()
            print("import: \(builder.placeCount) places parsed in \(parsed - start), encoded in \(clock.now - parsed)")
            if builder.placeCount == shipped.placeCount {
                #expect(encoded == (try FileSystem.readFile(ShippedGazetteer.path)))
            }
        }

        let points = GridEquivalenceTests.samplePoints(count: 100_000, gazetteer: shipped, seed: 7)
        var found = 0
        let lookupStart = clock.now
        for (latitude, longitude) in points where shipped.lookup(latitude: latitude, longitude: longitude) != nil {
            found += 1
        }
        let lookupTime = clock.now - lookupStart
        let seconds = Double(lookupTime.components.seconds) + Double(lookupTime.components.attoseconds) * 1e-18
        print(
            "lookup: \(points.count) points in \(lookupTime), \(Int(Double(points.count) / seconds)) per second, \(found) resolved"
        )

        var scanned = (covering: [Int](), nearest: [Int]())
        shipped.bytes.withUnsafeBytes { raw in
            for (latitude, longitude) in points.prefix(10_000) {
                let query = GridQuery(latitude: latitude, longitude: longitude, layout: shipped.layout)
                scanned.covering.append(
                    query.cells(within: shipped.largestRadiusKilometres, raw).reduce(0) { $0 + $1.places.count })
                scanned.nearest.append(
                    query.cells(within: Gazetteer.nearestLimitKilometres, raw).reduce(0) { $0 + $1.places.count })
            }
        }
        for (name, counts) in [
            ("covering pass", scanned.covering.sorted()), ("nearest pass", scanned.nearest.sorted()),
        ] {
            print(
                "places in searched cells, \(name): median \(counts[counts.count / 2]), p99 \(counts[counts.count * 99 / 100]), max \(counts.last!)"
            )
        }

        let scan = GridEquivalenceTests.FullScan(shipped)
        var mismatches = 0
        let scanStart = clock.now
        for (latitude, longitude) in GridEquivalenceTests.samplePoints(
            count: Self.pointCount, gazetteer: shipped, seed: 99)
        {
            let expected = scan.lookup(latitude: latitude, longitude: longitude)
            let match = shipped.lookup(latitude: latitude, longitude: longitude)
            if match?.placeIndex != expected?.index || match?.rule != expected?.rule { mismatches += 1 }
        }
        print("full scan: \(Self.pointCount) points in \(clock.now - scanStart), \(mismatches) differ from the grid")
        #expect(mismatches == 0)
    }
}
