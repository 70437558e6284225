import PhotoCatalog
import PhotoFormats

/// Bursts: frames one camera took in quick succession that look alike. They are different
/// pictures (the scene moved), so they are further apart than copies of one photo, but a
/// photographer keeps one of them as of copies; `similar` shows them as a group of their own
/// kind. Two photos of one scene taken seconds apart are not a burst, and not grouped.
public enum BurstFinder {
    /// Most seconds from one frame of a burst to the next: phones and cameras shoot 3 to 30
    /// frames a second, and a second shot taken by hand comes seconds later.
    public static let interval = 1.0

    /// Most fingerprint bits (`VisualFingerprint.distance`) two consecutive frames differ in:
    /// more than copies of one photo (the default threshold is 10: a moving scene moves more),
    /// clearly less than unrelated pictures (about 32). The interval, not this, is what keeps
    /// two shots of one scene seconds apart (12 bits for the corpus's Canon HDR pair) apart.
    public static let threshold = 20

    /// The pairs of positions in `assets` that are frames of one burst: those with one
    /// `burstId`, and consecutive frames of the same camera make and model, taken (EXIF date and `takenSubsecond`; a file without the
    /// fraction, or whose date a person set, counts whole seconds) at most `interval` apart,
    /// fingerprints within `threshold`.
    public static func links(_ assets: [(SimilarityRecord, VisualFingerprint)]) -> [(Int, Int)] {
        struct Shot {
            var camera: String
            var seconds: Double
            var position: Int
        }
        let shots = assets.enumerated().compactMap { position, item -> Shot? in
            guard let camera = item.0.camera, let taken = item.0.takenLocal,
                let seconds = seconds(taken, fraction: item.0.takenSubsecond)
            else { return nil }
            return Shot(camera: camera, seconds: seconds, position: position)
        }
        .sorted { ($0.camera, $0.seconds, $0.position) < ($1.camera, $1.seconds, $1.position) }
        var links: [(Int, Int)] = []
        for (earlier, later) in zip(shots, shots.dropFirst())
        where earlier.camera == later.camera && later.seconds - earlier.seconds <= interval
            && assets[earlier.position].1.distance(to: assets[later.position].1) <= threshold
        {
            links.append((earlier.position, later.position))
        }
        // Frames the camera named one burst (Apple's BurstUUID) are one, whatever their times
        // and looks: the name is the camera's own word for it.
        var firstOfBurst: [String: Int] = [:]
        for (position, item) in assets.enumerated() {
            guard let burst = item.0.burstId else { continue }
            if let first = firstOfBurst[burst] {
                links.append((first, position))
            } else {
                firstOfBurst[burst] = position
            }
        }
        return links
    }

    /// Seconds since 0000-03-01 of `YYYY-MM-DDTHH:MM:SS` plus the fraction `0.digits`: only
    /// differences matter, and a burst's frames share a clock. Nil for anything else.
    static func seconds(_ localTime: String, fraction: String?) -> Double? {
        let bytes = Array(localTime.utf8)
        guard bytes.count >= 19 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in bytes[start..<start + count] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month)
        else { return nil }
        // Days from the civil date (H. Hinnant's algorithm), the year starting in March.
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let days = era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        var seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
        if let fraction, let value = Double("0." + fraction) { seconds += value }
        return seconds
    }
}
