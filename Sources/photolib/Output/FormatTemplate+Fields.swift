import Foundation

extension FormatTemplate {
    /// One `{…}` of a template: `{name}`, `{name:FORMAT}`, `{name:-DEFAULT}` or
    /// `{name:FORMAT:-DEFAULT}`. FORMAT is strftime's (`%Y-%m-%d`, `%H%M%S`, `%b`), for date
    /// fields; DEFAULT stands for a value that is missing or empty, as in the shell's `${x:-y}`.
    struct Field: Sendable, Equatable {
        var name: String
        var dateFormat: String?
        var fallback: String?

        init(name: String, dateFormat: String? = nil, fallback: String? = nil) {
            self.name = name
            self.dateFormat = dateFormat
            self.fallback = fallback
        }

        /// Parses what is between the braces.
        init(_ text: String) {
            var rest = Substring(text)
            var fallback: String?
            if let mark = rest.range(of: ":-") {
                fallback = String(rest[mark.upperBound...])
                rest = rest[..<mark.lowerBound]
            }
            let colon = rest.firstIndex(of: ":")
            self.name = String(colon.map { rest[..<$0] } ?? rest)
            self.dateFormat = colon.map { String(rest[rest.index(after: $0)...]) }
            self.fallback = fallback
        }

        /// The field's text from its raw `value`: formatted when it has a format (a value that
        /// is no date is left as it is), the default when it is missing or empty.
        func text(_ value: [UInt8]?) -> [UInt8]? {
            guard let value, !value.isEmpty else { return fallback.map { Array($0.utf8) } }
            guard let dateFormat else { return value }
            let formatted = Self.format(String(decoding: value, as: UTF8.self), with: dateFormat)
            guard let formatted else { return value }
            return formatted.isEmpty ? fallback.map { Array($0.utf8) } : Array(formatted.utf8)
        }

        /// `2015-06-13T16:42:07+02:00` (or `…Z`, or no offset) through strftime: the fields are
        /// the time as written (local to the camera, or UTC for photolib's own times), never
        /// moved to this machine's time zone. nil for text that is no such date.
        static func format(_ iso: String, with format: String) -> String? {
            let digits = Array(iso.utf8)
            func number(_ start: Int, _ count: Int) -> Int32? {
                guard digits.count >= start + count else { return nil }
                var value: Int32 = 0
                for byte in digits[start..<(start + count)] {
                    guard (0x30...0x39).contains(byte) else { return nil }
                    value = value * 10 + Int32(byte - 0x30)
                }
                return value
            }
            guard digits.count >= 19, let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                (1...12).contains(month), (1...31).contains(day)
            else { return nil }
            var parts = tm()
            parts.tm_year = year - 1900
            parts.tm_mon = month - 1
            parts.tm_mday = day
            parts.tm_hour = hour
            parts.tm_min = minute
            parts.tm_sec = second
            parts.tm_isdst = -1
            // timegm normalises the fields and fills in the weekday and day of the year (%a, %j).
            var copy = parts
            _ = timegm(&copy)
            parts.tm_wday = copy.tm_wday
            parts.tm_yday = copy.tm_yday
            parts.tm_isdst = 0
            var buffer = [CChar](repeating: 0, count: 512)
            let count = strftime(&buffer, buffer.count, format, &parts)
            guard count > 0 else { return "" }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
