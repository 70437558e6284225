/// A duration `action date --shift` moves dates by: `+1h30m`, `-2d`, `90s`, `1w2d`.
public enum DateShift {
    /// The seconds in each unit: weeks, days, hours, minutes, seconds. No months or years,
    /// whose length depends on the date.
    static let units: [UInt8: Int] = [
        UInt8(ascii: "w"): 7 * 86400, UInt8(ascii: "d"): 86400, UInt8(ascii: "h"): 3600, UInt8(ascii: "m"): 60,
        UInt8(ascii: "s"): 1,
    ]

    /// The signed seconds `text` stands for (no sign means later), nil when it is not a
    /// sequence of numbers each followed by a unit, or would move a date past 10,000 years.
    public static func seconds(_ text: String) -> Int? {
        var bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var sign = 1
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            bytes.removeFirst()
        }
        guard !bytes.isEmpty else { return nil }
        var total = 0
        var number: Int?
        for byte in bytes {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let value = (number ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
                guard value <= limit else { return nil }
                number = value
            } else if let unit = units[byte], let value = number {
                let (product, overflow) = value.multipliedReportingOverflow(by: unit)
                guard !overflow, product <= limit, total + product <= limit else { return nil }
                total += product
                number = nil
            } else {
                return nil
            }
        }
        // A trailing number without a unit is a mistake, not seconds: `+1h30` may mean minutes.
        guard number == nil else { return nil }
        return sign * total
    }

    /// No shift is longer than the years a date can have.
    static let limit = 10_000 * 366 * 86400
}
