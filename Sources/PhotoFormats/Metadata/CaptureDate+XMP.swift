import Foundation

extension CaptureDate {
    /// Reads an XMP date (ISO 8601 as XMP writes it): `2008-05-30T15:56:01`, with or without
    /// seconds, fractions of a second and a zone (`Z`, `+02:00`, `+0200`). Some writers put
    /// EXIF's `2008:05:30 15:56:01` in XMP; that is read too. A date without a time of day is
    /// nil, as it is for exiftool's Composite:DateTimeOriginal: a capture time is never guessed.
    init?(xmpDate text: String?) {
        guard let text else { return nil }
        let bytes = Array(text.utf8)
        guard bytes.count >= 16, [UInt8(ascii: "T"), UInt8(ascii: " ")].contains(bytes[10]) else { return nil }
        var index = 16
        var seconds: [UInt8] = Array("00".utf8)
        if index + 3 <= bytes.count, bytes[index] == UInt8(ascii: ":") {
            seconds = Array(bytes[(index + 1)..<(index + 3)])
            index += 3
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            }
        }
        var offset: String?
        let zone = bytes[index...]
        if zone.elementsEqual("Z".utf8) {
            offset = "+00:00"
        } else if zone.count == 5, zone.first == UInt8(ascii: "+") || zone.first == UInt8(ascii: "-") {
            let parts = Array(zone)
            offset = String(decoding: parts[0..<3], as: UTF8.self) + ":" + String(decoding: parts[3..<5], as: UTF8.self)
        } else if !zone.isEmpty {
            offset = String(decoding: zone, as: UTF8.self)
            guard Self.utcOffset(offset) != nil else { return nil }
        }
        let date: [UInt8] = bytes[0..<10].map { $0 == UInt8(ascii: "-") ? UInt8(ascii: ":") : $0 }
        let time: [UInt8] = Array(bytes[11..<16]) + [UInt8(ascii: ":")] + seconds
        let exifText = String(decoding: date, as: UTF8.self) + " " + String(decoding: time, as: UTF8.self)
        self.init(exifDateTime: exifText, offset: offset)
    }

    /// Reads IPTC-IIM's Date Created (2:55, `CCYYMMDD`) with its Time Created (2:60,
    /// `HHMMSS±HHMM`). Nil without a time, as in exiftool's Composite:DateTimeOriginal.
    init?(iptcDate date: String?, time: String?) {
        guard let date, let time else { return nil }
        let day = Array(date.utf8)
        let clock = Array(time.utf8)
        guard day.count == 8, clock.count >= 6 else { return nil }
        var offset: String?
        if clock.count == 11 {
            offset =
                String(decoding: clock[6..<9], as: UTF8.self) + ":" + String(decoding: clock[9..<11], as: UTF8.self)
        }
        let text = { (bytes: ArraySlice<UInt8>) in String(decoding: bytes, as: UTF8.self) }
        let exifText =
            "\(text(day[0..<4])):\(text(day[4..<6])):\(text(day[6..<8])) "
            + "\(text(clock[0..<2])):\(text(clock[2..<4])):\(text(clock[4..<6]))"
        self.init(exifDateTime: exifText, offset: offset)
    }
}

extension GPSCoordinate {
    /// Reads XMP's `exif:GPSLatitude` and `exif:GPSLongitude` (`48,51.4N`, `48,51,24N`, or
    /// decimal degrees with the reference letter) and `exif:GPSAltitude` (a rational such as
    /// `3512/100`) with `exif:GPSAltitudeRef` (1: below sea level). Nil when a coordinate is
    /// missing or out of range.
    init?(xmpLatitude: String?, longitude: String?, altitude: String?, altitudeReference: String?) {
        guard let latitude = Self.xmpDegrees(xmpLatitude, positive: "N", negative: "S"),
            let longitude = Self.xmpDegrees(longitude, positive: "E", negative: "W"),
            abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        var metres: Double?
        if let altitude {
            let parts = altitude.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0
            {
                metres = numerator / denominator
            } else if parts.count == 1 {
                metres = Double(altitude)
            }
        }
        if let value = metres, value.isFinite {
            metres = altitudeReference == "1" ? -value : value
        } else {
            metres = nil
        }
        self.init(latitude: latitude, longitude: longitude, altitude: metres)
    }

    private static func xmpDegrees(_ text: String?, positive: Character, negative: Character) -> Double? {
        guard var text = text?.uppercased(), let reference = text.last else { return nil }
        var sign = 1.0
        if reference == negative {
            sign = -1
            text.removeLast()
        } else if reference == positive {
            text.removeLast()
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var value = 0.0
        for (part, divisor) in zip(parts, [1.0, 60.0, 3600.0]) {
            guard let number = Double(part.trimmingCharacters(in: .whitespaces)), number.isFinite, number >= -180
            else { return nil }
            value += number / divisor
        }
        return sign * value
    }
}
