import Foundation
import PhotoFormats
import PhotoSupport

/// What `pop` shows of a video beside the photo's facts: FFmpeg's probe (container, duration,
/// codecs, frame rate, upright size and every stream). Tags come from the file: they are
/// escaped before they reach a terminal.
enum VideoDetail {
    static func json(_ probe: VideoProbe) -> JSONValue {
        let optional = { (text: String?) in text.map(JSONValue.string) ?? .null }
        let number = { (value: Int?) in value.map { JSONValue.int(Int64($0)) } ?? .null }
        return .object([
            ("container", .string(probe.container)),
            ("duration", probe.duration.map(JSONValue.double) ?? .null),
            ("videoCodec", optional(probe.videoCodec)), ("audioCodec", optional(probe.audioCodec)),
            ("frameRate", probe.frameRate.map(JSONValue.double) ?? .null),
            ("width", .int(Int64(probe.width))), ("height", .int(Int64(probe.height))),
            ("rotation", .int(Int64(probe.rotation))),
            ("creationTime", optional(probe.creationTime)), ("location", optional(probe.location)),
            (
                "streams",
                .array(
                    probe.streams.map { stream in
                        .object([
                            ("kind", .string(stream.kind)), ("codec", .string(stream.codec)),
                            ("width", number(stream.width)), ("height", number(stream.height)),
                            ("sampleRate", number(stream.sampleRate)), ("channels", number(stream.channels)),
                        ])
                    })
            ),
        ])
    }

    /// "Video" and its lines, as pop prints them after the file's.
    static func text(_ probe: VideoProbe) -> String {
        var lines = "Video\n"
        var summary = "  \(probe.container)"
        if let duration = probe.duration { summary += ", \(durationText(duration))" }
        summary += ", \(probe.width)x\(probe.height)"
        if probe.rotation != 0 { summary += " (turned \(probe.rotation)°)" }
        if let rate = probe.frameRate { summary += ", \(String(format: "%.3g", rate)) fps" }
        lines += summary + "\n"
        if let created = probe.creationTime { lines += "  created \(TerminalText.escaped(created))\n" }
        if let location = probe.location { lines += "  location \(TerminalText.escaped(location))\n" }
        for (index, stream) in probe.streams.enumerated() {
            var line = "  stream \(index): \(stream.kind) \(stream.codec)"
            if let width = stream.width, let height = stream.height { line += " \(width)x\(height)" }
            if let rate = stream.sampleRate { line += " \(rate) Hz" }
            if let channels = stream.channels { line += ", \(channels) channel\(channels == 1 ? "" : "s")" }
            lines += line + "\n"
        }
        return lines
    }

    /// "0:42", "1:02:03", "0:00.4" for a clip under a second.
    static func durationText(_ seconds: Double) -> String {
        if seconds < 1 { return String(format: "0:00.%d", Int(seconds * 10)) }
        let whole = Int(seconds.rounded())
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
