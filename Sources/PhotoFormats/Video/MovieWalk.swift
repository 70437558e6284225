/// The walk of one `moov` box's content: the movie header, each track, the user data and
/// the QuickTime metadata, gathered then weighed into `MovieFacts`.
struct MovieWalk {
    struct Track {
        var handler = ""
        var codec = ""
        var matrix: (a: Int32, b: Int32) = (0x10000, 0)
        var width = 0.0
        var height = 0.0
        var sampleWidth = 0
        var sampleHeight = 0
        var timescale: UInt32 = 0
        var duration: UInt64 = 0
        var samples: UInt64 = 0
        var sampleTime: UInt64 = 0
    }

    var walker: BoxWalker
    var timescale: UInt32 = 0
    var duration: UInt64 = 0
    var creationTime: UInt64 = 0
    var tracks: [Track] = []
    var text = QuickTimeText()

    init(_ reader: BoxReader) { walker = BoxWalker(reader) }

    var reader: BoxReader { walker.reader }

    /// Walks the `moov` content; a movie without `mvhd` is no movie.
    mutating func movie() throws(MovieReadError) {
        var sawHeader = false
        var walker = self.walker
        defer { self.walker = walker }
        try walker.forEachChild(from: 0, end: reader.bytes.count, depth: 1) { (walker, box) throws(MovieReadError) in
            switch box.type {
            case "mvhd": sawHeader = readMovieHeader(box)
            case "trak":
                var track = Track()
                try Self.track(box, walker: &walker, depth: 2, into: &track)
                tracks.append(track)
            case "udta": try text.userData(box, walker: &walker, depth: 2)
            case "meta": try text.metadata(box, walker: &walker, depth: 2)
            case "uuid": text.uuid(box, reader: walker.reader)
            default: break
            }
        }
        guard sawHeader else { throw .noMovieHeader }
    }

    private mutating func readMovieHeader(_ box: BoxReader.Box) -> Bool {
        let at = box.start
        if reader.byte(at) == 1 {
            guard let created = reader.uint64(at + 4), let scale = reader.uint32(at + 20),
                let length = reader.uint64(at + 24)
            else { return false }
            (creationTime, timescale, duration) = (created, scale, length)
        } else {
            guard let created = reader.uint32(at + 4), let scale = reader.uint32(at + 12),
                let length = reader.uint32(at + 16)
            else { return false }
            (creationTime, timescale, duration) = (UInt64(created), scale, UInt64(length))
        }
        return true
    }

    private static func track(
        _ box: BoxReader.Box, walker: inout BoxWalker, depth: Int, into track: inout Track
    ) throws(MovieReadError) {
        try walker.forEachChild(from: box.start, end: box.end, depth: depth) { (walker, child) throws(MovieReadError) in
            switch child.type {
            case "tkhd": trackHeader(child, walker.reader, into: &track)
            case "mdia", "minf", "stbl":
                try Self.track(child, walker: &walker, depth: depth + 1, into: &track)
            case "mdhd": mediaHeader(child, walker.reader, into: &track)
            case "hdlr":
                // The media handler, not minf's data handler (`dhlr`, `alis`).
                if walker.reader.fourCC(child.start + 4) != "dhlr" {
                    track.handler = walker.reader.fourCC(child.start + 8)
                }
            case "stsd": sampleDescription(child, walker.reader, into: &track)
            case "stts": sampleTimes(child, walker.reader, into: &track)
            default: break
            }
        }
    }

    private static func trackHeader(_ box: BoxReader.Box, _ reader: BoxReader, into track: inout Track) {
        let matrix = box.start + (reader.byte(box.start) == 1 ? 52 : 40)
        guard let a = reader.uint32(matrix), let b = reader.uint32(matrix + 4),
            let width = reader.uint32(matrix + 36), let height = reader.uint32(matrix + 40)
        else { return }
        track.matrix = (Int32(bitPattern: a), Int32(bitPattern: b))
        track.width = Double(width) / 65536
        track.height = Double(height) / 65536
    }

    private static func mediaHeader(_ box: BoxReader.Box, _ reader: BoxReader, into track: inout Track) {
        let at = box.start
        if reader.byte(at) == 1 {
            guard let scale = reader.uint32(at + 20), let length = reader.uint64(at + 24) else { return }
            (track.timescale, track.duration) = (scale, length)
        } else {
            guard let scale = reader.uint32(at + 12), let length = reader.uint32(at + 16) else { return }
            (track.timescale, track.duration) = (scale, UInt64(length))
        }
    }

    /// The first sample entry: its format (the codec) and, for video, its coded size.
    private static func sampleDescription(_ box: BoxReader.Box, _ reader: BoxReader, into track: inout Track) {
        let entry = box.start + 8
        guard let size = reader.uint32(entry), size >= 8, Int(size) <= box.end - entry else { return }
        track.codec = reader.fourCC(entry + 4)
        if let width = reader.uint16(entry + 32), let height = reader.uint16(entry + 34) {
            (track.sampleWidth, track.sampleHeight) = (Int(width), Int(height))
        }
    }

    /// Sample counts and durations, for the frame rate; entries past the box are not read.
    /// A table whose total time overflows 64 bits (the fuzzer's, no camera's) gives no rate.
    private static func sampleTimes(_ box: BoxReader.Box, _ reader: BoxReader, into track: inout Track) {
        guard let count = reader.uint32(box.start + 4) else { return }
        let entries = min(Int(count), (box.end - box.start - 8) / 8)
        guard entries > 0 else { return }
        var samples: UInt64 = 0
        var time: UInt64 = 0
        for index in 0..<entries {
            let at = box.start + 8 + index * 8
            guard let number = reader.uint32(at), let delta = reader.uint32(at + 4) else { break }
            // Each product fits (two 32-bit factors); only the sums can overflow.
            let (moreSamples, samplesOverflow) = samples.addingReportingOverflow(UInt64(number))
            let (moreTime, timeOverflow) = time.addingReportingOverflow(UInt64(number) * UInt64(delta))
            guard !samplesOverflow, !timeOverflow else { return }
            (samples, time) = (moreSamples, moreTime)
        }
        (track.samples, track.sampleTime) = (samples, time)
    }
}
