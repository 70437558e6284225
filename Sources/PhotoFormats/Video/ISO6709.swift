/// A position as ISO 6709 writes it in a movie (`+48.8577+002.2950+035.000/`): latitude and
/// longitude in degrees, degrees and minutes, or degrees, minutes and seconds (told by how
/// many digits come before the point), then an optional altitude in metres.
enum ISO6709 {
    static func coordinate(_ text: String) -> GPSCoordinate? {
        var parts: [(sign: Double, digits: String)] = []
        var current: (sign: Double, digits: String)?
        scan: for character in text {
            switch character {
            case "+", "-":
                if let current { parts.append(current) }
                current = (character == "-" ? -1 : 1, "")
            case "0"..."9", ".":
                guard current != nil else { return nil }
                current?.digits.append(character)
            case "/", "C": break scan  // the end, or a CRS name ("CRSWGS_84") before it
            case " ": continue
            default: return nil
            }
        }
        if let current { parts.append(current) }
        guard parts.count >= 2, let latitude = degrees(parts[0], degreeDigits: 2),
            let longitude = degrees(parts[1], degreeDigits: 3), abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        let altitude = parts.count >= 3 ? Double(parts[2].digits).map { $0 * parts[2].sign } : nil
        return GPSCoordinate(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    /// `DD.D`, `DDMM.M` or `DDMMSS.S` (one more digit of degrees for a longitude).
    private static func degrees(_ part: (sign: Double, digits: String), degreeDigits: Int) -> Double? {
        let whole = part.digits.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard let value = Double(part.digits), !whole.isEmpty else { return nil }
        let degrees: Double
        switch whole.count - degreeDigits {
        case ...0: degrees = value
        case 2:
            let minutes = value.truncatingRemainder(dividingBy: 100)
            degrees = (value - minutes) / 100 + minutes / 60
        case 4:
            let seconds = value.truncatingRemainder(dividingBy: 100)
            let minutes = ((value - seconds) / 100).truncatingRemainder(dividingBy: 100)
            degrees = ((value - seconds) / 100 - minutes) / 100 + minutes / 60 + seconds / 3600
        default: return nil
        }
        return part.sign * degrees
    }
}
