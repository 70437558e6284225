/// A length of time given on the command line: `2`, `2s`, `500ms`, `1m`, `1h` (seconds when
/// no unit is given).
struct Seconds: Sendable, Equatable {
    var value: Double

    static let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]

    init(_ value: Double) { self.value = value }

    /// Nil for text that is no such length, or one outside `range` seconds.
    init?(parsing text: String, range: ClosedRange<Double>) {
        var number = text.trimmingWhitespace()
        var scale = 1.0
        for unit in Self.units where number.hasSuffix(unit.suffix) {
            number = String(number.dropLast(unit.suffix.count))
            scale = unit.seconds
            break
        }
        guard let base = Double(number), base.isFinite, range.contains(base * scale) else { return nil }
        value = base * scale
    }
}

extension Option where Value == Seconds {
    /// A length of time (`2s`, `500ms`, `1m`), checked against `range` seconds.
    init(_ name: String, _ valueName: String, range: ClosedRange<Double>, help: String) {
        self.init(name, valueName, help: help) { raw, label, path in
            let text = raw.description
            guard let seconds = Seconds(parsing: text, range: range) else {
                throw UsageError(
                    message:
                        "Invalid value '\(text)' for '\(label)': expected a time such as 2s, 500ms or 1m"
                        + " (\(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)))",
                    commandPath: path)
            }
            return seconds
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int(seconds * 1000))ms" : seconds >= 3600 ? "\(Int(seconds / 3600))h" : "\(Int(seconds))s"
    }
}
