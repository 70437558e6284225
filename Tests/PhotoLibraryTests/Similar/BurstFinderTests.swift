import Foundation
import Testing

@testable import PhotoLibrary

/// The clock arithmetic bursts are found with, against Foundation's calendar.
@Suite struct BurstFinderTests {
    @Test func secondsDifferAsFoundationsDatesDo() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let times = [
            "1999-12-31T23:59:59", "2000-01-01T00:00:00", "2000-02-29T12:00:00", "2000-03-01T00:00:01",
            "2015-04-10T20:12:23", "2024-02-28T23:59:59", "2024-03-01T00:00:00", "1970-01-01T00:00:00",
        ]
        func date(_ text: String) throws -> Date {
            let parts = text.split { $0 == "-" || $0 == "T" || $0 == ":" }.compactMap { Int($0) }
            return try #require(
                calendar.date(
                    from: DateComponents(
                        year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4],
                        second: parts[5])))
        }
        for a in times {
            for b in times {
                let ours =
                    try #require(BurstFinder.seconds(b, fraction: nil))
                    - (try #require(BurstFinder.seconds(a, fraction: nil)))
                #expect(ours == (try date(b)).timeIntervalSince(try date(a)), "\(a) to \(b)")
            }
        }
        let fraction = try #require(BurstFinder.seconds("2015-04-10T20:12:23", fraction: "550"))
        let whole = try #require(BurstFinder.seconds("2015-04-10T20:12:23", fraction: "016"))
        // Seconds since year 0 are about 6e10: a Double keeps them to some 1e-5 s.
        #expect(abs(fraction - whole - 0.534) < 1e-4)
        #expect(BurstFinder.seconds("2015-13-10T20:12:23", fraction: nil) == nil)
        #expect(BurstFinder.seconds("2015-04-10", fraction: nil) == nil)
    }
}
