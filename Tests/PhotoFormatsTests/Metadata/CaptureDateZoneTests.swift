import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats

/// Dates placed in the zone of where they were taken, against Python's `zoneinfo` (its own
/// reading of the system's tzdata): summer and winter time, both hemispheres, half and
/// quarter hours, the hour skipped and the hour read twice.
@Suite struct CaptureDateZoneTests {
    static let readings: [(zone: String, local: String)] = [
        ("Europe/Paris", "2019-07-24T11:25:40"), ("Europe/Paris", "2019-01-24T11:25:40"),
        ("Europe/Paris", "2019-03-31T02:30:00"), ("Europe/Paris", "2019-10-27T02:30:00"),
        ("Europe/Paris", "2019-10-27T03:30:00"), ("Australia/Sydney", "2019-07-24T11:25:40"),
        ("Australia/Sydney", "2019-01-24T11:25:40"), ("Asia/Kolkata", "2019-07-24T11:25:40"),
        ("Asia/Kathmandu", "2019-07-24T11:25:40"), ("Australia/Adelaide", "2020-01-01T00:00:00"),
        ("America/Sao_Paulo", "2015-12-28T19:47:12"), ("America/Sao_Paulo", "2019-12-28T19:47:12"),
        ("America/Los_Angeles", "2015-10-10T09:14:40"), ("Pacific/Apia", "2011-12-30T12:00:00"),
        ("Pacific/Apia", "2011-12-29T12:00:00"), ("Asia/Tokyo", "1948-07-01T12:00:00"),
    ]

    @Test func offsetsAreThoseOfTheZoneThatDay() throws {
        guard ZoneOracle.isAvailable else {
            print(ZoneOracle.skipMessage)
            return
        }
        let expected = try ZoneOracle.offsets(Self.readings)
        for (reading, offset) in zip(Self.readings, expected) {
            let placed = CaptureDate(localTime: reading.local).placed(inZone: reading.zone)
            #expect(placed.utcOffset == offset, "\(reading)")
            #expect(placed.zone == reading.zone)
            #expect(placed.localTime == reading.local)
        }
    }

    @Test func anOffsetOfItsOwnIsKeptAndAWorkedOutOneFollowsThePlace() throws {
        let own = CaptureDate(localTime: "2019-07-24T11:25:40", utcOffset: "-05:00")
        #expect(own.placed(inZone: "Europe/Paris") == own)
        #expect(own.placed(inZone: nil) == own)

        let paris = CaptureDate(localTime: "2019-07-24T11:25:40").placed(inZone: "Europe/Paris")
        let tokyo = paris.placed(inZone: "Asia/Tokyo")
        #expect(tokyo.zone == "Asia/Tokyo" && tokyo.localTime == paris.localTime)
        #expect(tokyo.utcOffset != paris.utcOffset)
        // No place, or a zone tzdata does not know: the worked-out offset goes, the reading stays.
        #expect(paris.placed(inZone: nil) == CaptureDate(localTime: "2019-07-24T11:25:40"))
        #expect(paris.placed(inZone: "Nowhere/Atlantis") == CaptureDate(localTime: "2019-07-24T11:25:40"))
    }

    /// The sort key is the instant in UTC where the offset is known, computed here by
    /// Foundation's ISO 8601 reader as the oracle; the wall clock otherwise.
    @Test func theSortKeyIsTheInstantWhenTheOffsetIsKnown() throws {
        let formatter = ISO8601DateFormatter()
        let utc = ISO8601DateFormatter()
        utc.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        utc.timeZone = TimeZone(identifier: "UTC")
        for text in [
            "2019-07-24T11:25:40+02:00", "2019-07-24T01:25:40+03:00", "2019-12-31T23:30:00-05:45",
            "2000-02-29T00:10:00+01:00",
        ] {
            let date = try #require(CaptureDate(iso8601: text))
            let instant = try #require(formatter.date(from: text))
            #expect(CaptureDateText.sortText(date) == utc.string(from: instant), "\(text)")
        }
        #expect(CaptureDateText.sortText(CaptureDate(localTime: "2019-07-24T11:25:40")) == "2019-07-24T11:25:40")
    }
}
