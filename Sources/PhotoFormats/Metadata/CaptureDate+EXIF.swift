extension CaptureDate {
    /// Reads EXIF's `YYYY:MM:DD HH:MM:SS` (DateTimeOriginal) and, when given and well formed,
    /// an OffsetTimeOriginal such as `+02:00`. Nil for the "0000:00:00 00:00:00" that cameras
    /// write when their clock was never set, for blanks and for anything malformed: a capture
    /// date is never guessed.
    init?(exifDateTime: String?, offset: String?) {
        guard let exifDateTime else { return nil }
        let bytes = Array(exifDateTime.utf8)
        guard bytes.count >= 19 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<start + count] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        let colon = UInt8(ascii: ":")
        guard bytes[4] == colon, bytes[7] == colon, bytes[10] == UInt8(ascii: " "),
            bytes[13] == colon, bytes[16] == colon,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            year >= 1, (1...12).contains(month), (1...31).contains(day),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        // Anything after the seconds must be padding (some cameras add spaces or NULs).
        guard bytes[19...].allSatisfy({ $0 == 0x20 || $0 == 0 }) else { return nil }
        // `YYYY-MM-DDTHH:MM:SS`: the checked bytes with the date's colons and the space
        // replaced (built by character, this was 6,000 instructions a date).
        var local = Array(bytes[0..<19])
        local[4] = UInt8(ascii: "-")
        local[7] = UInt8(ascii: "-")
        local[10] = UInt8(ascii: "T")
        self.init(localTime: String(decoding: local, as: UTF8.self), utcOffset: Self.utcOffset(offset))
    }

    /// `+HH:MM` or `-HH:MM` with hours up to 14 and minutes up to 59; nil otherwise.
    static func utcOffset(_ text: String?) -> String? {
        guard let text else { return nil }
        let bytes = Array(text.utf8.prefix { $0 != 0 && $0 != 0x20 })
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            bytes[3] == UInt8(ascii: ":")
        else { return nil }
        let digits = [bytes[1], bytes[2], bytes[4], bytes[5]]
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let hours = Int(digits[0] - 0x30) * 10 + Int(digits[1] - 0x30)
        let minutes = Int(digits[2] - 0x30) * 10 + Int(digits[3] - 0x30)
        guard hours <= 14, minutes <= 59 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
