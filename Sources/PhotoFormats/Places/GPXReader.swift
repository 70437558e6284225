import Foundation
import PhotoSupport

/// Reads the timed track points (`trk/trkseg/trkpt` with `lat`, `lon`, `time`, `ele`) of a
/// GPX 1.0 or 1.1 file, streaming: the file is read in 1 MiB chunks and scanned once, so
/// that a track of any length costs the points kept, not its size. Only what geotagging
/// needs is understood; the rest of the XML (waypoints, routes, extensions, comments, CDATA,
/// a DOCTYPE) is passed over, and no entity, DTD or other file is ever read.
///
/// Refused, with one line naming the file and what is wrong: something that is not XML or
/// whose root is not `gpx`, a file that ends inside an element, end tags that do not match,
/// nesting past `maximumDepth`, a point with no time or an unreadable one, coordinates out
/// of range, a point earlier than the one before it in its segment, two points of a segment
/// at the same instant in different places (the same point twice is dropped), no timed
/// point at all, more than `maximumPoints` kept.
public struct GPXReader {
    /// Points kept from all files of one run: 2 million is about 64 MB.
    public static let maximumPoints = 2_000_000
    public static let maximumDepth = 64
    static let chunkSize = 1 << 20

    /// Reads `path`; only points whose time falls in `keeping` are kept (all when nil), so
    /// that a year-long track costs only the hours the photos were taken in.
    public static func read(
        _ path: RawPath, keeping: ClosedRange<Double>? = nil, limit: Int = maximumPoints
    )
        throws -> GPXTrack
    {
        let file: RegularFile
        do { file = try RegularFile(path) } catch { throw GPXError(path: path, reason: .unreadable("\(error)")) }
        var reader = GPXReader(path: path, keeping: keeping, limit: limit)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(file.descriptor, $0.baseAddress, chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw GPXError(path: path, reason: .unreadable(String(cString: strerror(errno))))
            }
            if count == 0 { break }
            try chunk.withUnsafeBufferPointer { try reader.feed(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
        return try reader.finish()
    }

    /// Reads GPX held in memory (tests, fuzzing), as `read` reads a file.
    public static func parse(
        _ bytes: [UInt8], path: RawPath, keeping: ClosedRange<Double>? = nil, limit: Int = maximumPoints
    ) throws -> GPXTrack {
        var reader = GPXReader(path: path, keeping: keeping, limit: limit)
        try bytes.withUnsafeBufferPointer { try reader.feed($0) }
        return try reader.finish()
    }

    // MARK: - The scanner

    private enum Mode {
        /// Character data between tags.
        case text
        /// After `<`: the markup's kind is not known yet; `pending` holds what came.
        case markup
        /// Inside a start or end tag, up to `>` (quotes respected).
        case tag(quote: UInt8?)
        /// Inside `<!-- … -->`, `<![CDATA[ … ]]>`, `<? … ?>` or `<!DOCTYPE … >`, up to `terminator`.
        case skipping(terminator: [UInt8], keepsText: Bool)
    }

    private let path: RawPath
    private let keeping: ClosedRange<Double>?
    private let limit: Int
    private var mode = Mode.text
    private var pending: [UInt8] = []
    private var line = 1
    private var sawRoot = false
    private var finishedRoot = false
    private var stack: [String] = []
    private var segments: [[TrackPoint]] = []
    private var current: [TrackPoint] = []
    private var kept = 0
    private var timedPoints = 0
    /// The segment's last point read, kept or not, for the order check.
    private var previous: TrackPoint?
    /// The point being read: its attributes, then its `time` and `ele` children.
    private var point: (latitude: Double, longitude: Double, line: Int)?
    private var pointTime: String?
    private var pointElevation: String?
    private var capture: [UInt8]?

    private init(path: RawPath, keeping: ClosedRange<Double>?, limit: Int) {
        self.path = path
        self.keeping = keeping
        self.limit = limit
    }

    private func fail(_ why: String) -> GPXError { GPXError(path: path, reason: .invalid(line: line, why)) }

    private mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1 }
            switch mode {
            case .text:
                if byte == UInt8(ascii: "<") {
                    mode = .markup
                    pending.removeAll(keepingCapacity: true)
                } else if capture != nil {
                    guard capture!.count < 64 else { throw fail("a <time> or <ele> longer than 64 bytes") }
                    capture!.append(byte)
                } else if !sawRoot || finishedRoot, !Self.isSpace(byte), !(byte == 0xEF || byte == 0xBB || byte == 0xBF)
                {
                    throw fail("text outside the root element: not a GPX file")
                }
            case .markup:
                pending.append(byte)
                try classifyMarkup()
            case .tag(let quote):
                guard pending.count < 4096 else { throw fail("a tag longer than 4096 bytes") }
                pending.append(byte)
                if let quote {
                    if byte == quote { mode = .tag(quote: nil) }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    mode = .tag(quote: byte)
                } else if byte == UInt8(ascii: ">") {
                    mode = .text
                    try tag(pending)
                }
            case .skipping(let terminator, let keepsText):
                pending.append(byte)
                if pending.count >= terminator.count, pending.suffix(terminator.count).elementsEqual(terminator) {
                    if keepsText, capture != nil {
                        capture! += pending.dropLast(terminator.count)
                        guard capture!.count <= 64 else { throw fail("a <time> or <ele> longer than 64 bytes") }
                    }
                    mode = .text
                    pending.removeAll(keepingCapacity: true)
                } else if pending.count > terminator.count + 64 {
                    // Only the end can be the terminator: keep the tail, or the CDATA to capture.
                    if keepsText, capture != nil { throw fail("a <time> or <ele> longer than 64 bytes") }
                    pending.removeFirst(pending.count - terminator.count)
                }
            }
        }
    }

    /// Decides what a markup is once its first bytes are known.
    private mutating func classifyMarkup() throws {
        let start = pending
        // What is skipped is scanned from after its opening, which is dropped.
        func skip(to terminator: String, keepsText: Bool = false) {
            mode = .skipping(terminator: Array(terminator.utf8), keepsText: keepsText)
            pending.removeAll(keepingCapacity: true)
        }
        if start == Array("?".utf8) {
            skip(to: "?>")
        } else if start == Array("!--".utf8) {
            skip(to: "-->")
        } else if start == Array("![CDATA[".utf8) {
            skip(to: "]]>", keepsText: true)
        } else if start.count == 9, start.first == UInt8(ascii: "!") {
            // `<!DOCTYPE …>` (an internal subset with `>` in it is refused as a whole below).
            guard start.elementsEqual("!DOCTYPE ".utf8) || start.elementsEqual("!DOCTYPE\n".utf8) else {
                throw fail("unknown markup <\(String(decoding: start, as: UTF8.self))")
            }
            guard !sawRoot else { throw fail("a DOCTYPE inside the document") }
            skip(to: ">")
        } else if start.first == UInt8(ascii: "!") {
            guard
                Array("![CDATA[".utf8).starts(with: start) || Array("!DOCTYPE".utf8).starts(with: start)
                    || Array("!--".utf8).starts(with: start)
            else { throw fail("unknown markup <\(String(decoding: start, as: UTF8.self))") }
        } else if start.first != UInt8(ascii: "?") {
            mode = .tag(quote: nil)
            if start == Array(">".utf8) {
                mode = .text
                try tag(start)
            }
        }
    }

    /// A whole start, end or empty-element tag, `>` included.
    private mutating func tag(_ bytes: [UInt8]) throws {
        var body = bytes.dropLast()
        let isEnd = body.first == UInt8(ascii: "/")
        let isEmpty = !isEnd && body.last == UInt8(ascii: "/")
        if isEnd { body = body.dropFirst() }
        if isEmpty { body = body.dropLast() }
        let nameEnd = body.firstIndex(where: Self.isSpace) ?? body.endIndex
        let qualified = String(decoding: body[..<nameEnd], as: UTF8.self)
        guard !qualified.isEmpty else { throw fail("a tag with no name") }
        // The prefix does not matter: GPX 1.0 and 1.1 name the same elements.
        let name = qualified.split(separator: ":").last.map(String.init) ?? qualified
        if isEnd {
            guard let open = stack.popLast() else { throw fail("</\(qualified)> closes nothing") }
            guard open == name else { throw fail("</\(qualified)> closes <\(open)>") }
            try close(name)
            if stack.isEmpty { finishedRoot = true }
            return
        }
        guard !finishedRoot else { throw fail("a second root element <\(qualified)>") }
        if !sawRoot {
            guard name == "gpx" else { throw fail("the root element is <\(qualified)>, not <gpx>") }
            sawRoot = true
        }
        guard stack.count < Self.maximumDepth else { throw fail("elements nested more than \(Self.maximumDepth) deep") }
        stack.append(name)
        try open(name, attributes: body[nameEnd...])
        if isEmpty {
            stack.removeLast()
            try close(name)
            if stack.isEmpty { finishedRoot = true }
        }
    }

    private mutating func open(_ name: String, attributes: ArraySlice<UInt8>) throws {
        let parent = stack.count >= 2 ? stack[stack.count - 2] : nil
        switch name {
        case "trkseg":
            startSegment()
        case "trkpt" where parent == "trkseg":
            let values = Self.attributes(attributes)
            guard let latitude = values["lat"].flatMap(Double.init), let longitude = values["lon"].flatMap(Double.init),
                abs(latitude) <= 90, abs(longitude) <= 180
            else {
                throw fail("a <trkpt> whose lat/lon is missing or out of range")
            }
            point = (latitude, longitude, line)
            pointTime = nil
            pointElevation = nil
        case "time" where parent == "trkpt", "ele" where parent == "trkpt":
            capture = []
        default:
            break
        }
    }

    private mutating func close(_ name: String) throws {
        switch name {
        case "time" where point != nil && stack.last == "trkpt":
            pointTime = capture.map { String(decoding: $0, as: UTF8.self) }
            capture = nil
        case "ele" where point != nil && stack.last == "trkpt":
            pointElevation = capture.map { String(decoding: $0, as: UTF8.self) }
            capture = nil
        case "trkpt" where point != nil:
            try finishPoint()
        case "trkseg":
            startSegment()
        default:
            break
        }
    }

    private mutating func startSegment() {
        if !current.isEmpty { segments.append(current) }
        current = []
        previous = nil
    }

    private mutating func finishPoint() throws {
        guard let (latitude, longitude, pointLine) = point else { return }
        point = nil
        guard let text = pointTime?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            throw GPXError(path: path, reason: .invalid(line: pointLine, "a <trkpt> with no <time>"))
        }
        guard let time = Self.seconds(text) else {
            throw GPXError(path: path, reason: .invalid(line: pointLine, "time '\(text.prefix(40))' is not ISO 8601"))
        }
        let elevation = pointElevation.flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let new = TrackPoint(time: time, latitude: latitude, longitude: longitude, elevation: elevation)
        timedPoints += 1
        if let previous {
            if new.time < previous.time {
                throw GPXError(
                    path: path, reason: .invalid(line: pointLine, "point at \(text) is earlier than the one before it"))
            }
            if new.time == previous.time {
                if new.latitude == previous.latitude && new.longitude == previous.longitude { return }
                throw GPXError(
                    path: path,
                    reason: .invalid(line: pointLine, "two points at the same instant \(text) in different places"))
            }
        }
        previous = new
        if let keeping, !keeping.contains(time) {
            // Kept anyway when it brackets the window: the first point after it, the last before.
            if time > keeping.upperBound, current.last.map({ $0.time <= keeping.upperBound }) != true { return }
            if time < keeping.lowerBound {
                current = [new]
                return
            }
        }
        kept += 1
        guard kept <= limit else { throw GPXError(path: path, reason: .tooManyPoints(limit)) }
        current.append(new)
    }

    private mutating func finish() throws -> GPXTrack {
        switch mode {
        case .text: break
        default: throw fail("the file ends inside markup")
        }
        guard sawRoot else {
            throw GPXError(path: path, reason: .invalid(line: line, "no <gpx> element: not a GPX file"))
        }
        guard stack.isEmpty else { throw fail("the file ends inside <\(stack.last!)>") }
        startSegment()
        guard timedPoints > 0 else { throw GPXError(path: path, reason: .noPoints) }
        return GPXTrack(segments: segments)
    }

    // MARK: - Values

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// `name="value"` pairs (prefixes dropped; values are numbers, entities are not decoded).
    static func attributes(_ bytes: ArraySlice<UInt8>) -> [String: String] {
        var result: [String: String] = [:]
        var index = bytes.startIndex
        while index < bytes.endIndex {
            while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
            let nameStart = index
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: "="), !isSpace(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") {
                index += 1
            }
            guard index < bytes.endIndex else { break }
            let quote = bytes[index]
            let valueStart = index + 1
            guard let valueEnd = bytes[valueStart...].firstIndex(of: quote) else { break }
            result[name.split(separator: ":").last.map(String.init) ?? name] = String(
                decoding: bytes[valueStart..<valueEnd], as: UTF8.self
            ).trimmingCharacters(in: .whitespaces)
            index = valueEnd + 1
        }
        return result
    }

    /// `2019-07-24T09:25:40Z`, with a fraction of a second and an offset or none (UTC, as
    /// GPX says), as seconds since 1970.
    static func seconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") else { return nil }
        let local =
            String(decoding: bytes[..<10], as: UTF8.self) + "T" + String(decoding: bytes[11..<19], as: UTF8.self)
        // Read back, so that a 31 April or a 25th hour is refused rather than rolled over.
        guard let whole = CaptureDateText.seconds(local), CaptureDateText.localTime(seconds: whole) == local else {
            return nil
        }
        var rest = bytes[19...]
        var fraction = 0.0
        if rest.first == UInt8(ascii: ".") {
            let digits = rest.dropFirst().prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard !digits.isEmpty, let value = Double("0." + String(decoding: digits, as: UTF8.self)) else {
                return nil
            }
            fraction = value
            rest = rest.dropFirst(1 + digits.count)
        }
        var offset = 0
        if !rest.isEmpty {
            guard let text = CaptureDateText.offset(String(decoding: rest, as: UTF8.self)),
                let seconds = CaptureDateText.offsetSeconds(text)
            else { return nil }
            offset = seconds
        }
        return Double(whole - offset) + fraction
    }
}

/// Why a GPX file could not be used.
public struct GPXError: PhotolibError {
    public enum Reason: Sendable, Equatable {
        case unreadable(String)
        /// Not XML, not GPX, or a GPX this reader refuses; with the line and what is wrong.
        case invalid(line: Int, String)
        /// No track point with a time.
        case noPoints
        case tooManyPoints(Int)
    }

    public var path: RawPath
    public var reason: Reason

    public init(path: RawPath, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var kind: ErrorKind {
        switch reason {
        case .unreadable: .noSuchInput
        case .invalid, .noPoints, .tooManyPoints: .badData
        }
    }

    public var description: String {
        switch reason {
        case .unreadable(let why): "\(path): cannot read the track: \(why)"
        case .invalid(let line, let why): "\(path):\(line): not a usable GPX track: \(why)"
        case .noPoints: "\(path): no track point with a time (<trkpt> with <time>): nothing to geotag with"
        case .tooManyPoints(let limit):
            "\(path): more than \(limit) track points around the photos' times: split the track"
        }
    }
}
