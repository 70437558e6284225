import Foundation

/// Offsets of IANA zones as Python's `zoneinfo` computes them (its own reading of the
/// system's tzdata, independent of Foundation's), for the tests of dates placed in the
/// zone of where they were taken. Tests that need it are skipped with `skipMessage` without
/// python3 or its tzdata.
package enum ZoneOracle {
    package static let python = MovieClips.executable("python3")
    package static let skipMessage = "python3 with zoneinfo is not installed: the time zone tests compare with it"

    package static var isAvailable: Bool { (try? offsets([("Europe/Paris", "2019-07-24T11:25:40")])) != nil }

    /// The offset (`+02:00`) each zone has at each wall-clock reading (`YYYY-MM-DDTHH:MM:SS`,
    /// the earlier of two readings in a repeated hour, as `fold=0`).
    package static func offsets(_ readings: [(zone: String, local: String)]) throws -> [String] {
        let script = """
            import sys
            from datetime import datetime
            from zoneinfo import ZoneInfo
            for line in sys.argv[1:]:
                zone, local = line.split("|")
                offset = datetime.fromisoformat(local).replace(tzinfo=ZoneInfo(zone)).utcoffset()
                minutes = int(offset.total_seconds()) // 60
                sign = "-" if minutes < 0 else "+"
                print(f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}")
            """
        let data = try MovieClips.run(python, ["-c", script] + readings.map { "\($0.zone)|\($0.local)" })
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.count == readings.count else {
            throw MovieClips.ToolFailure(description: "python3 gave \(lines.count) offsets for \(readings.count)")
        }
        return lines
    }
}
