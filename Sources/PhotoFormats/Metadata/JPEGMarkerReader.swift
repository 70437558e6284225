import PhotoSupport

/// Walks a JPEG's markers from SOI up to the first scan (SOS), never into the scan data.
///
/// It records the frame header and where the APP and COM segments are, and copes with what
/// real and hostile files do: fill bytes (0xFF 0xFF …), stray standalone markers, garbage
/// between segments, lengths below 2 or past the end of the file, and lengths that skip far
/// ahead. Bytes past the head are fetched through `JPEGByteSource`, within its budget.
enum JPEGMarkerReader {
    /// The most bytes one walk may fetch beyond the head (16 MiB).
    static let fetchBudget = 16 << 20

    /// Why the walk stopped.
    enum Stop: Sendable, Equatable {
        /// At the first SOS marker: the normal end.
        case scan
        /// At an EOI marker before any scan.
        case endOfImage
        /// The file ended (or a segment ran past its end).
        case endOfFile
        /// A segment length below 2, or a frame header too short to hold its fields.
        case bogusSegment(offset: Int64)
        /// The fetch budget was spent before a scan was found.
        case budgetExhausted
        /// A read failed with this `errno`.
        case readError(Int32)
    }

    struct Walk: Sendable, Equatable {
        var layout: JPEGLayout
        var stop: Stop
        /// Bytes that were neither markers nor segments (libjpeg's "extraneous bytes").
        var strayByteCount: Int
    }

    /// Walks a file whose first bytes are `head` (they must start with SOI, FF D8).
    static func walk<Reader: PositionalReader>(
        head: UnsafeRawBufferPointer, fileSize: Int64, reader: Reader,
        fetchBudget: Int = fetchBudget
    ) -> Walk {
        var source = JPEGByteSource(head: head, fileSize: fileSize, reader: reader, fetchBudget: fetchBudget)
        var walk = Walk(layout: JPEGLayout(), stop: .endOfFile, strayByteCount: 0)
        walk.stop = walkSegments(&source, into: &walk)
        if case .endOfFile = walk.stop {
            if let code = source.readError {
                walk.stop = .readError(code)
            } else if source.budgetExhausted {
                walk.stop = .budgetExhausted
            }
        }
        return walk
    }

    /// A walk over bytes in memory (the whole file), for callers and tests that have them.
    static func walk(bytes: UnsafeRawBufferPointer) -> Walk {
        walk(head: bytes, fileSize: Int64(bytes.count), reader: NothingMoreReader())
    }

    private static func walkSegments<Reader>(_ source: inout JPEGByteSource<Reader>, into walk: inout Walk) -> Stop {
        var position: Int64 = 2
        while true {
            guard let lead = source.byte(at: position) else { return .endOfFile }
            guard lead == 0xFF else {
                walk.strayByteCount += 1
                position += 1
                continue
            }
            guard let marker = source.byte(at: position + 1) else { return .endOfFile }
            switch marker {
            case 0xFF:
                // A fill byte: the marker is the next non-FF byte.
                position += 1
                continue
            case 0x00, 0x01, 0xD0...0xD8:
                // Stuffed zero, TEM, RSTn or a repeated SOI: no length follows, nothing to keep.
                walk.strayByteCount += marker == 0x00 ? 2 : 0
                position += 2
                continue
            case 0xD9:
                return .endOfImage
            case 0xDA:
                walk.layout.firstScanOffset = position
                return .scan
            default:
                break
            }
            guard let high = source.byte(at: position + 2), let low = source.byte(at: position + 3) else {
                return .endOfFile
            }
            let length = Int(high) << 8 | Int(low)
            guard length >= 2 else { return .bogusSegment(offset: position) }
            let payloadOffset = position + 4
            let payloadLength = length - 2
            let segmentEnd = position + 2 + Int64(length)
            let isComplete = segmentEnd <= source.fileSize

            if JPEGFrameHeader.isFrameMarker(marker), walk.layout.frame == nil {
                guard let frame = frameHeader(marker: marker, at: payloadOffset, length: payloadLength, &source) else {
                    return isComplete ? .bogusSegment(offset: position) : .endOfFile
                }
                walk.layout.frame = frame
            } else if (0xE0...0xEF).contains(marker) || marker == 0xFE {
                let kind =
                    source.withBytes(at: payloadOffset, upTo: min(payloadLength, JPEGSegment.longestSignature)) {
                        JPEGSegment.kind(marker: marker, payloadPrefix: $0)
                    } ?? (marker == 0xFE ? .comment : .other)
                walk.layout.segments.append(
                    JPEGSegment(
                        marker: marker, kind: kind, payloadOffset: payloadOffset,
                        payloadLength: payloadLength, isComplete: isComplete))
            }
            guard isComplete else { return .endOfFile }
            position = segmentEnd
        }
    }

    /// Reads P, Y, X, Nf from an SOF payload; nil when they are not all there.
    private static func frameHeader<Reader>(
        marker: UInt8, at offset: Int64, length: Int,
        _ source: inout JPEGByteSource<Reader>
    ) -> JPEGFrameHeader? {
        guard length >= 6 else { return nil }
        return source.withBytes(at: offset, upTo: 6) { fields -> JPEGFrameHeader? in
            guard fields.count == 6 else { return nil }
            return JPEGFrameHeader(
                marker: marker, precision: Int(fields[0]),
                width: Int(fields[3]) << 8 | Int(fields[4]),
                height: Int(fields[1]) << 8 | Int(fields[2]),
                componentCount: Int(fields[5]))
        } ?? nil
    }
}

/// For walks over bytes that are all in memory: there is nothing more to read.
struct NothingMoreReader: PositionalReader {
    func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int { 0 }
}
