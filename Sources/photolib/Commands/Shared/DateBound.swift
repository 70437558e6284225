import Foundation
import PhotoFormats

/// The dates the filters take (`--taken-after 2008-05`), as full local times.
enum DateBound {
    /// `2008`, `2008-05`, `2008-05-30`, `2008-05-30T15:56[:01]` (or with a space) as a full
    /// local time `YYYY-MM-DDTHH:MM:SS`, the missing parts at their start.
    static func localTime(_ text: String, label: String, path: [String]) throws -> String {
        let normalized = text.replacingOccurrences(of: " ", with: "T")
        let template = "0000-01-01T00:00:00"
        let pattern = "dddd-dd-ddTdd:dd:dd"
        let valid =
            normalized.count <= pattern.count && [4, 7, 10, 16, 19].contains(normalized.count)
            && zip(normalized, pattern).allSatisfy { character, kind in
                kind == "d" ? character.isASCII && character.isNumber : character == kind
            }
        let full = normalized + template.dropFirst(normalized.count)
        let number = { (start: Int, length: Int) -> Int in
            Int(full.dropFirst(start).prefix(length)) ?? -1
        }
        let inRange =
            (1...12).contains(number(5, 2)) && (1...31).contains(number(8, 2))
            && number(11, 2) < 24 && number(14, 2) < 60 && number(17, 2) < 60
        guard valid, inRange else {
            throw UsageError(
                message: "Invalid value '\(text)' for '\(label)': expected YYYY, YYYY-MM, "
                    + "YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]", commandPath: path)
        }
        return full
    }

    /// A full local time `YYYY-MM-DDTHH:MM:SS` (`localTime`) as a moment, in this
    /// process's time zone (`$TZ`), as the user who typed it reads clocks.
    static func moment(_ localTime: String) -> Date {
        let numbers = localTime.split { $0 == "-" || $0 == "T" || $0 == ":" }.map { Int($0) ?? 0 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let components = DateComponents(
            year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4],
            second: numbers[5])
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }
}

/// A full local time `YYYY-MM-DDTHH:MM:SS`, as a date bound reads (its own type, so that it is
/// always read through `DateBound.localTime`, never as the text given), and its instant as a
/// UTC reading when the bound was given with an offset (`2019-07-24T10:00+02:00`, `…Z`).
struct LocalTime: Sendable {
    var text: String
    var utc: String? = nil
}

extension Option where Value == LocalTime {
    /// A date bound (`2008-05`) read as the full local time `YYYY-MM-DDTHH:MM:SS` it starts,
    /// maybe followed by an offset from UTC.
    static func dateBound(_ name: String, help: String) -> Option<LocalTime> {
        Option(name, "date", help: help) { raw, label, path in
            var text = raw.description
            var offset: String?
            // The offset starts at a `Z`, a `+`, or a `-` past the date's own dashes.
            let bytes = Array(text.utf8)
            if let start = bytes.indices.first(where: { index in
                let byte = bytes[index]
                return byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "+")
                    || (byte == UInt8(ascii: "-") && index >= 10)
            }) {
                let suffix = String(decoding: bytes[start...], as: UTF8.self)
                guard let parsed = CaptureDateText.offset(suffix) else {
                    throw UsageError(
                        message: "Invalid offset '\(suffix)' for '\(label)': expected Z, +HH:MM or -HH:MM",
                        commandPath: path)
                }
                offset = parsed
                text = String(decoding: bytes[..<start], as: UTF8.self)
            }
            let local = try DateBound.localTime(text, label: label, path: path)
            return LocalTime(
                text: local,
                utc: offset.flatMap { CaptureDateText.utcTime(CaptureDate(localTime: local, utcOffset: $0)) })
        }
    }
}

extension Option where Value == Date {
    /// A date bound read as the moment it starts, local time.
    static func moment(_ name: String, help: String) -> Option<Date> {
        Option(name, "date", help: help) { raw, label, path in
            DateBound.moment(try DateBound.localTime(raw.description, label: label, path: path))
        }
    }
}
