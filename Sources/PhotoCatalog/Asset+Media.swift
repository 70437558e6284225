import PhotoFormats

extension Asset {
    /// `▶ 0:42` for a video or a Live Photo whose movie's duration is known, as the grid, peek
    /// and the web gallery mark them; nil for a still.
    public var durationBadge: String? {
        guard metadata.kind != .photo, let duration = metadata.video?.duration else { return nil }
        return "▶ " + Self.clock(duration)
    }

    /// A duration as a player shows it: `0:07`, `4:05`, `1:02:03` (rounded to the second,
    /// never down to 0:00 for a clip that has any length).
    public static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0:00" }
        let whole = max(1, Int(seconds.rounded()))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let tail = (rest < 10 ? "0" : "") + String(rest)
        if hours > 0 { return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + tail }
        return "\(minutes):" + tail
    }
}
