import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoLibrary
@testable import PhotoSupport

/// The dates `action date` reads, shifts and finds in names, against worked examples and
/// against Foundation's own calendar.
@Suite struct DateTextTests {
    @Test(arguments: [
        ("2019-07-24 11:25:40+03:00", "2019-07-24T11:25:40+03:00"),
        ("2019-07-24T11:25:40Z", "2019-07-24T11:25:40+00:00"),
        ("2019:07:24 11:25:40", "2019-07-24T11:25:40"),
        ("2019-07-24 11:25", "2019-07-24T11:25:00"),
        ("2019-07-24", "2019-07-24T00:00:00"),
        ("2019-07-24 11:25:40 -0530", "2019-07-24T11:25:40-05:30"),
        ("2020-02-29 23:59:59", "2020-02-29T23:59:59"),
    ])
    func parsesDates(text: String, expected: String) {
        #expect(CaptureDateText.parse(text)?.iso8601 == expected)
    }

    @Test(arguments: [
        "", "2019", "2019-13-01", "2019-02-29", "2019-07-24 24:00:00", "2019-07-24 11:60", "2019/07/24",
        "2019-07-24 11:25:40+15:00", "2019-07-24 11:25:40 nonsense", "0000-01-01", "２０１９-07-24",
    ])
    func refusesWhatIsNotADate(text: String) {
        #expect(CaptureDateText.parse(text) == nil)
    }

    @Test func shiftsAcrossDaysMonthsYearsAndLeapDays() {
        func shifted(_ local: String, _ seconds: Int) -> String? {
            CaptureDateText.shifted(CaptureDate(localTime: local, utcOffset: "+02:00"), by: seconds)?.iso8601
        }
        #expect(shifted("2019-07-24T11:25:40", 5400) == "2019-07-24T12:55:40+02:00")
        #expect(shifted("2019-12-31T23:30:00", 3600) == "2020-01-01T00:30:00+02:00")
        #expect(shifted("2020-03-01T00:10:00", -3600) == "2020-02-29T23:10:00+02:00")
        #expect(shifted("1900-03-01T00:00:00", -86400) == "1900-02-28T00:00:00+02:00")
        #expect(shifted("9999-12-31T23:59:59", 1) == nil)
        #expect(shifted("0001-01-01T00:00:00", -1) == nil)
        #expect(shifted("2019-07-24T11:25:40", Int.max) == nil)
    }

    /// Every day from 1600 to 2400 against Foundation's Gregorian calendar in UTC.
    @Test func dayArithmeticAgreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for day in stride(from: -135_000, through: 157_000, by: 37) {
            let parts = calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86400))
            let (year, month, dayOfMonth) = CaptureDateText.civil(days: day)
            #expect(parts.year == year && parts.month == month && parts.day == dayOfMonth, "day \(day)")
            #expect(CaptureDateText.days(year: year, month: month, day: dayOfMonth) == day)
        }
    }

    @Test func offsetsAndZones() throws {
        #expect(CaptureDateText.offset("+02") == "+02:00")
        #expect(CaptureDateText.offset("-0330") == "-03:30")
        #expect(CaptureDateText.offset("Z") == "+00:00")
        #expect(CaptureDateText.offset("+14:01") == nil)
        #expect(CaptureDateText.offset("02:00") == nil)
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        // Summer time in July, not in January: the zone's rules for the day.
        #expect(CaptureDateText.offset(in: paris, at: CaptureDate(localTime: "2019-07-24T11:25:40")) == "+02:00")
        #expect(CaptureDateText.offset(in: paris, at: CaptureDate(localTime: "2019-01-24T11:25:40")) == "+01:00")
        let instant = CaptureDateText.instant(CaptureDate(localTime: "2019-07-24T11:25:40", utcOffset: "+03:00"))
        #expect(instant == Date(timeIntervalSince1970: 1_563_956_740))
    }

    @Test(arguments: [
        ("+1h30m", 5400), ("-2d", -172_800), ("45s", 45), ("1w2d", 777_600), ("-0h", 0),
    ])
    func readsShifts(text: String, seconds: Int) {
        #expect(DateShift.seconds(text) == seconds)
    }

    @Test(arguments: ["", "+", "1h30", "1y", "1.5h", "h", "+99999999999999999999s", "20000000d"])
    func refusesBadShifts(text: String) {
        #expect(DateShift.seconds(text) == nil)
    }

    // MARK: - File names

    static let shipped: FileNameDates? = try? FileNameDates.shipped(
        from: DataFiles(searchDirectories: [RawPath(ShippedGazetteer.dataDirectory.path)]))

    /// One name per pattern of the shipped file, with the date it gives.
    @Test(arguments: [
        ("IMG_20190724_112540.jpg", "2019-07-24T11:25:40"),
        ("VID_20190724_112540.mp4", "2019-07-24T11:25:40"),
        ("PXL_20230114_003700123.jpg", "2023-01-14T00:37:00+00:00"),
        ("PXL_20230114_003700123.NIGHT.jpg", "2023-01-14T00:37:00+00:00"),
        ("Screenshot 2023-01-14 at 00.37.00.png", "2023-01-14T00:37:00"),
        ("Screenshot_20230114-003700.png", "2023-01-14T00:37:00"),
        ("Screenshot_2023-01-14-00-37-00.png", "2023-01-14T00:37:00"),
        ("IMG-20190724-WA0001.jpg", "2019-07-24T00:00:00"),
        ("VID-20190724-WA0012.mp4", "2019-07-24T00:00:00"),
        ("2019-07-24 11.25.40.jpg", "2019-07-24T11:25:40"),
        ("2019-07-24 11-25-40.jpg", "2019-07-24T11:25:40"),
        ("20190724_112540.jpg", "2019-07-24T11:25:40"),
        ("img_20190724_112540_HDR.JPG", "2019-07-24T11:25:40"),
    ])
    func shippedPatternsReadNames(name: String, expected: String) throws {
        let patterns = try #require(Self.shipped, "Data/\(FileNameDates.fileName) should load")
        #expect(patterns.date(in: Array(name.utf8))?.iso8601 == expected)
    }

    @Test(arguments: [
        "DSC_0001.jpg", "IMG_20191324_112540.jpg", "IMG_20190724_252540.jpg", "IMG-20190724-WA.jpg",
        "Screenshot 2023-01-14.png", "2019-07-24.jpg",
    ])
    func namesWithoutADateGiveNone(name: String) throws {
        let patterns = try #require(Self.shipped)
        #expect(patterns.date(in: Array(name.utf8)) == nil)
    }

    @Test func everyShippedPatternHasANameHere() throws {
        let patterns = try #require(Self.shipped)
        #expect(patterns.patterns.count == 11, "a new pattern needs its name in shippedPatternsReadNames")
    }

    @Test func badPatternsAreRefusedWithTheirLine() {
        #expect(throws: FileNameDatesError.badPattern(line: 2, "IMG_{Y}{X}")) {
            try FileNameDates(text: "# comment\nIMG_{Y}{X}\n")
        }
        #expect(throws: FileNameDatesError.badPattern(line: 1, "IMG_{Y}{M}")) { try FileNameDates(text: "IMG_{Y}{M}") }
        #expect(throws: FileNameDatesError.badPattern(line: 1, "{Y}{M}{D}\tlocal")) {
            try FileNameDates(text: "{Y}{M}{D}\tlocal")
        }
    }
}
