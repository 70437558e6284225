import Foundation
import Synchronization

/// Capture dates as `action date` reads and changes them. A capture date is a wall-clock
/// reading and, maybe, its offset from UTC; shifting it moves the reading by so many
/// seconds (and so the instant, whatever the offset), which is arithmetic on days and
/// seconds, with no calendar's time zone in the way.
public enum CaptureDateText {
    /// The years a date may have: four digits, so that the stored text sorts as the time.
    public static let years = 1...9999

    /// Reads `2019-07-24 11:25:40+03:00`, `2019-07-24T11:25:40Z`, EXIF's `2019:07:24 11:25:40`,
    /// `2019-07-24 11:25` (seconds 0) or `2019-07-24` (midnight); the offset is optional.
    public static func parse(_ text: String) -> CaptureDate? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let bytes = Array(trimmed.utf8)
        guard bytes.count >= 10 else { return nil }
        guard let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            [UInt8(ascii: "-"), UInt8(ascii: ":")].contains(bytes[4]), bytes[7] == bytes[4]
        else { return nil }
        var rest = bytes[10...]
        var hour = 0
        var minute = 0
        var second = 0
        if let first = rest.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "T") {
            let time = Array(rest.dropFirst())
            guard time.count >= 5, let h = number(time, 0, 2), time[2] == UInt8(ascii: ":"),
                let m = number(time, 3, 2)
            else { return nil }
            (hour, minute) = (h, m)
            var used = 5
            if time.count >= 8, time[5] == UInt8(ascii: ":") {
                guard let s = number(time, 6, 2) else { return nil }
                second = s
                used = 8
            }
            rest = time[used...]
        }
        var offset: String?
        if !rest.isEmpty {
            guard let parsed = self.offset(String(decoding: rest, as: UTF8.self)) else { return nil }
            offset = parsed
        }
        guard years.contains(year), (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
            let local = localTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        return CaptureDate(localTime: local, utcOffset: offset)
    }

    /// `+03:00` for `+03:00`, `+0300`, `+03`; `+00:00` for `Z` and `UTC`; nil for anything
    /// else or an offset past ±14:00.
    public static func offset(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "Z" || trimmed.uppercased() == "UTC" { return "+00:00" }
        var bytes = Array(trimmed.utf8)
        guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        bytes.removeFirst()
        if bytes.count == 5, bytes[2] == UInt8(ascii: ":") { bytes.remove(at: 2) }
        if bytes.count == 2 { bytes += Array("00".utf8) }
        guard bytes.count == 4, let hours = number(bytes, 0, 2), let minutes = number(bytes, 2, 2),
            minutes < 60, hours * 60 + minutes <= 14 * 60
        else { return nil }
        return offsetText(seconds: (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60))
    }

    /// `+02:00` for 7200 seconds, `-03:30` for -12600 (whole minutes).
    public static func offsetText(seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    /// The seconds east of UTC an offset text says, for `offset(_:)`'s form.
    public static func offsetSeconds(_ offset: String) -> Int? {
        let bytes = Array(offset.utf8)
        guard bytes.count == 6, let hours = number(bytes, 1, 2), let minutes = number(bytes, 4, 2) else { return nil }
        return (bytes[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// `date` with its wall-clock reading moved by `seconds`, the offset kept; nil when the
    /// result falls outside `years`.
    public static func shifted(_ date: CaptureDate, by seconds: Int) -> CaptureDate? {
        guard let start = self.seconds(date.localTime) else { return nil }
        let (moved, overflow) = start.addingReportingOverflow(seconds)
        guard !overflow, let local = localTime(seconds: moved) else { return nil }
        return CaptureDate(localTime: local, utcOffset: date.utcOffset, zone: date.zone)
    }

    /// The instant of a date whose offset is known, else nil.
    public static func instant(_ date: CaptureDate) -> Date? {
        guard let offset = date.utcOffset.flatMap(offsetSeconds), let local = seconds(date.localTime) else {
            return nil
        }
        return Date(timeIntervalSince1970: Double(local - offset))
    }

    /// The offset `zone` has at `date`'s wall-clock time (its rules for that day: summer
    /// time or not), as `offset(_:)` writes it.
    public static func offset(in zone: TimeZone, at date: CaptureDate) -> String? {
        guard let local = seconds(date.localTime) else { return nil }
        // The instant is the wall-clock reading less the offset, which depends on the instant.
        // The offsets a day before and a day after are the candidates; one fits when the zone
        // has it at the instant it gives. In an hour read twice (summer time ending) both fit
        // and the earlier instant is taken; in an hour skipped (summer time starting) none
        // fits and the offset before the change is taken: both as Python's `fold=0` does.
        func offset(at instant: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))) }
        let before = offset(at: local - 86_400)
        let after = offset(at: local + 86_400)
        let fitting = [before, after].filter { offset(at: local - $0) == $0 }
        return offsetText(seconds: fitting.max() ?? before)
    }

    /// The instant of a date whose offset is known as a UTC reading `YYYY-MM-DDTHH:MM:SS`,
    /// else nil.
    public static func utcTime(_ date: CaptureDate) -> String? {
        guard let offset = date.utcOffset.flatMap(offsetSeconds), let local = seconds(date.localTime) else {
            return nil
        }
        return localTime(seconds: local - offset)
    }

    /// What `--sort taken` orders by: the UTC reading of the instant when the offset is known,
    /// else the wall-clock reading (the best guess there is for a date of unknown zone).
    public static func sortText(_ date: CaptureDate) -> String {
        utcTime(date) ?? date.localTime
    }

    /// The zone of an IANA name from the system's tzdata, nil for a name it does not have;
    /// remembered, since a library's photos come from a handful of zones.
    public static func zone(named name: String) -> TimeZone? {
        if let known = knownZones.withLock({ $0[name] }) { return known }
        guard name.utf8.count <= 64, let zone = TimeZone(identifier: name) else { return nil }
        knownZones.withLock { zones in
            if zones.count > 1000 { zones.removeAll() }
            zones[name] = zone
        }
        return zone
    }

    private static let knownZones = Mutex<[String: TimeZone]>([:])

    // MARK: - Days and seconds

    /// Seconds from 1970-01-01T00:00:00 to a `YYYY-MM-DDTHH:MM:SS` reading (negative before).
    package static func seconds(_ localTime: String) -> Int? {
        let bytes = Array(localTime.utf8)
        guard bytes.count == 19, let year = number(bytes, 0, 4), let month = number(bytes, 5, 2),
            let day = number(bytes, 8, 2), let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2),
            let second = number(bytes, 17, 2)
        else { return nil }
        return days(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second
    }

    /// The reading `seconds` after 1970-01-01T00:00:00, nil outside `years`.
    package static func localTime(seconds: Int) -> String? {
        let day = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let time = seconds - day * 86400
        let (year, month, dayOfMonth) = civil(days: day)
        return localTime(
            year: year, month: month, day: dayOfMonth, hour: time / 3600, minute: time / 60 % 60, second: time % 60)
    }

    /// The reading's text, nil for a day the month does not have or a year outside `years`.
    package static func localTime(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> String? {
        guard years.contains(year), (1...12).contains(month), day >= 1,
            civil(days: days(year: year, month: month, day: day)) == (year, month, day)
        else { return nil }
        let yearText = String(repeating: "0", count: 4 - String(year).count) + String(year)
        return yearText + "-" + twoDigits(month) + "-" + twoDigits(day) + "T" + twoDigits(hour) + ":"
            + twoDigits(minute) + ":" + twoDigits(second)
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (H. Hinnant's
    /// `days_from_civil`).
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// The day `days` after 1970-01-01, the inverse of `days(year:month:day:)`.
    package static func civil(days: Int) -> (Int, Int, Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The decimal number of `count` ASCII digits at `start`, nil if any is not a digit.
    package static func number<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ start: Int, _ count: Int) -> Int?
    where Bytes.Index == Int {
        let first = bytes.startIndex + start
        guard first >= bytes.startIndex, first + count <= bytes.endIndex else { return nil }
        var value = 0
        for byte in bytes[first..<first + count] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension CaptureDate {
    /// The date `iso8601` wrote: `2008-05-30T15:56:01`, maybe with `+02:00` after it.
    public init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 19 || bytes.count == 25 else { return nil }
        let local = String(decoding: bytes[..<19], as: UTF8.self)
        guard CaptureDateText.seconds(local) != nil else { return nil }
        self.init(localTime: local, utcOffset: bytes.count == 25 ? String(decoding: bytes[19...], as: UTF8.self) : nil)
    }
}
