import Foundation

extension MovieWalk {
    /// Seconds between 1904-01-01 (QuickTime's epoch) and 1970-01-01.
    static let quickTimeEpoch: UInt64 = 2_082_844_800

    /// What was gathered, weighed: the first video track with samples for size, codec and
    /// frame rate; the first audio track for its codec; the dates and places by precedence.
    func facts() -> MovieFacts {
        var facts = MovieFacts()
        let trackSeconds = tracks.compactMap { track in
            track.timescale > 0 ? Double(track.duration) / Double(track.timescale) : nil
        }
        if timescale > 0, duration > 0, duration != UInt64(UInt32.max) {
            facts.duration = Double(duration) / Double(timescale)
        } else {
            facts.duration = trackSeconds.max()
        }
        let videos = tracks.filter { $0.handler == "vide" }
        if let video = videos.first(where: { $0.samples > 0 }) ?? videos.first {
            facts.videoCodec = Self.codecName(video.codec)
            facts.rotation = Self.rotation(video.matrix)
            var width = Int(video.width.rounded())
            var height = Int(video.height.rounded())
            if width <= 0 || height <= 0 { (width, height) = (video.sampleWidth, video.sampleHeight) }
            if width > 0, height > 0 {
                (facts.width, facts.height) = facts.rotation % 180 == 90 ? (height, width) : (width, height)
            }
            if video.samples > 0, video.sampleTime > 0, video.timescale > 0 {
                let rate = Double(video.samples) * Double(video.timescale) / Double(video.sampleTime)
                facts.frameRate = (rate * 1000).rounded() / 1000
            }
        }
        if let audio = tracks.first(where: { $0.handler == "soun" }) { facts.audioCodec = Self.codecName(audio.codec) }
        facts.takenAt =
            text.value(key: "com.apple.quicktime.creationdate").flatMap(Self.date(_:))
            ?? text.value(atom: "©day").flatMap(Self.date(_:)) ?? movieCreation
        facts.gps =
            (text.value(key: "com.apple.quicktime.location.ISO6709") ?? text.value(key: "location")
            ?? text.value(atom: "©xyz")).flatMap(ISO6709.coordinate(_:)) ?? text.location
        facts.make = text.value(key: "com.apple.quicktime.make") ?? text.value(atom: "©mak")
        facts.model = text.value(key: "com.apple.quicktime.model") ?? text.value(atom: "©mod")
        facts.contentIdentifier = text.value(key: "com.apple.quicktime.content.identifier")
        facts.xmp = text.xmp
        return facts
    }

    /// The movie header's creation time, in UTC; nil when unset (0) or before 1970.
    var movieCreation: CaptureDate? {
        guard creationTime > Self.quickTimeEpoch, creationTime - Self.quickTimeEpoch < UInt64(Int32.max) * 4 else {
            return nil
        }
        var seconds = time_t(creationTime - Self.quickTimeEpoch)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return nil }
        let text = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        return CaptureDate(localTime: text, utcOffset: "+00:00")
    }

    /// Degrees clockwise, as exiftool reads a track matrix (`atan2(b, a)`), to the nearest quarter turn.
    static func rotation(_ matrix: (a: Int32, b: Int32)) -> Int {
        let degrees = atan2(Double(matrix.b), Double(matrix.a)) * 180 / .pi
        let quarter = Int((degrees / 90).rounded())
        return ((quarter % 4 + 4) % 4) * 90
    }

    /// `2023-06-01T12:34:56+0200`, `2023-06-01T10:34:56Z`, `2023:06:01 12:34:56+02:00`, with
    /// or without fractions of a second; nil for a date without a time of day.
    static func date(_ text: String) -> CaptureDate? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19 else { return nil }
        let digits: Set<Int> = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        for index in 0..<19 {
            let isDigit = (0x30...0x39).contains(bytes[index])
            if digits.contains(index) != isDigit { return nil }
        }
        let head = String(decoding: bytes[0..<19], as: UTF8.self)
        let local =
            head.prefix(4) + "-" + head.dropFirst(5).prefix(2) + "-" + head.dropFirst(8).prefix(2) + "T"
            + head.dropFirst(11)
        var rest = bytes[19...].drop { $0 == 0x2E || (0x30...0x39).contains($0) }
        if rest.first == 0x5A { return CaptureDate(localTime: String(local), utcOffset: "+00:00") }
        guard let sign = rest.first, sign == 0x2B || sign == 0x2D else {
            return CaptureDate(localTime: String(local))
        }
        rest = rest.dropFirst()
        let offsetDigits = rest.filter { $0 != 0x3A }
        guard offsetDigits.count == 4, offsetDigits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return CaptureDate(localTime: String(local))
        }
        let offset = String(decoding: offsetDigits, as: UTF8.self)
        return CaptureDate(
            localTime: String(local), utcOffset: (sign == 0x2B ? "+" : "-") + offset.prefix(2) + ":" + offset.suffix(2))
    }

    /// FFmpeg's name for a sample entry's format, as ffprobe's `codec_name` says it.
    static func codecName(_ fourCC: String) -> String? {
        switch fourCC {
        case "": nil
        case "hvc1", "hev1", "dvh1", "dvhe": "hevc"
        case "avc1", "avc2", "avc3", "avc4", "dvav", "dva1": "h264"
        case "av01": "av1"
        case "vp08": "vp8"
        case "vp09": "vp9"
        case "mp4v": "mpeg4"
        case "s263", "h263": "h263"
        case "jpeg", "mjpa", "mjpb": "mjpeg"
        case "apch", "apcn", "apcs", "apco", "ap4h", "ap4x": "prores"
        case "mp4a": "aac"
        case "ac-3": "ac3"
        case "ec-3": "eac3"
        case "alac": "alac"
        case "Opus": "opus"
        case "fLaC": "flac"
        case "samr": "amr_nb"
        case "sawb": "amr_wb"
        case ".mp3": "mp3"
        case "sowt": "pcm_s16le"
        case "twos": "pcm_s16be"
        case "lpcm": "pcm"
        case "ulaw": "pcm_mulaw"
        case "alaw": "pcm_alaw"
        // Another format's code, when it is a plain word (a file's bytes never reach a terminal raw).
        default:
            fourCC.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF) }
                ? fourCC.lowercased() : nil
        }
    }
}
