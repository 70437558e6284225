import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// The streaming GPX reader: GPX 1.0 and 1.1, several tracks and segments, and each kind of
/// bad track refused with one line naming the file, the line and what is wrong.
@Suite struct GPXReaderTests {
    static func gpx(_ body: String, version: String = "1.1") -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- made by a test -->
            <gpx version="\(version)" creator="test" xmlns="http://www.topografix.com/GPX/1/\(version == "1.1" ? "1" : "0")">
            \(body)
            </gpx>
            """.utf8)
    }

    static func point(_ lat: Double, _ lon: Double, _ time: String, ele: Double? = nil) -> String {
        "<trkpt lat=\"\(lat)\" lon=\"\(lon)\">" + (ele.map { "<ele>\($0)</ele>" } ?? "")
            + "<time>\(time)</time></trkpt>"
    }

    static func seconds(_ text: String) throws -> Double {
        try #require(ISO8601DateFormatter().date(from: text)).timeIntervalSince1970
    }

    @Test(arguments: ["1.0", "1.1"])
    func readsTracksAndSegments(version: String) throws {
        let body = """
            <metadata><name>a &amp; b</name></metadata>
            <wpt lat="1" lon="1"><time>2019-07-24T08:00:00Z</time></wpt>
            <trk><name><![CDATA[day <one>]]></name>
              <trkseg>
                \(Self.point(44.84, -0.58, "2019-07-24T09:00:00Z", ele: 10))
                \(Self.point(44.85, -0.57, "2019-07-24T09:01:00.500Z", ele: 20))
              </trkseg>
              <trkseg>\(Self.point(44.90, -0.50, "2019-07-24T11:00:00+02:00"))</trkseg>
            </trk>
            <trk><trkseg>
              <trkpt lat='45.0' lon='-0.4'><time><![CDATA[2019-07-24T12:00:00Z]]></time><extensions><x/></extensions></trkpt>
            </trkseg></trk>
            """
        let track = try GPXReader.parse(Self.gpx(body, version: version), path: RawPath("t.gpx"))
        let nine = try Self.seconds("2019-07-24T09:00:00Z")
        let noon = try Self.seconds("2019-07-24T12:00:00Z")
        #expect(track.segments.count == 3)
        #expect(track.pointCount == 4)
        let first = track.segments[0]
        #expect(first[0] == TrackPoint(time: nine, latitude: 44.84, longitude: -0.58, elevation: 10))
        #expect(first[1].time == nine + 60.5)
        #expect(track.segments[1][0].time == nine)
        #expect(track.segments[2][0].latitude == 45.0 && track.segments[2][0].time == noon)
    }

    /// Halfway in time is halfway in place; a photo at a segment's end takes that point; one
    /// past the gap is nowhere; never across two segments.
    @Test func interpolatesWithinSegmentsOnly() throws {
        let body = """
            <trk><trkseg>
            \(Self.point(44.0, -1.0, "2019-07-24T09:00:00Z", ele: 100))
            \(Self.point(45.0, 1.0, "2019-07-24T09:02:00Z", ele: 200))
            </trkseg><trkseg>
            \(Self.point(50.0, 5.0, "2019-07-24T10:00:00Z"))
            </trkseg></trk>
            """
        let track = try GPXReader.parse(Self.gpx(body), path: RawPath("t.gpx"))
        let start = try Self.seconds("2019-07-24T09:00:00Z")
        let middle = try #require(track.position(at: start + 30, maximumGap: 300))
        #expect(abs(middle.point.latitude - 44.25) < 1e-9 && abs(middle.point.longitude - -0.5) < 1e-9)
        #expect(middle.point.elevation == 125)
        #expect(middle.secondsToNearest == 30 && middle.nearest.latitude == 44.0)
        let after = try #require(track.position(at: start + 240, maximumGap: 300))
        #expect(after.point.latitude == 45.0 && after.secondsToNearest == 120)
        // 09:30 is 28 min from one segment and 30 from the other: nowhere at 5 min.
        #expect(track.position(at: start + 1800, maximumGap: 300) == nil)
        #expect(track.position(at: start + 1800, maximumGap: 3600)?.point.latitude == 45.0)
    }

    @Test(arguments: [
        ("\u{FF}\u{D8}\u{FF}\u{E0} a JPEG", "not a GPX file"),
        ("<html><body/></html>", "the root element is <html>, not <gpx>"),
        ("<gpx><trk><trkseg></trk></gpx>", "</trk> closes <trkseg>"),
        ("<gpx><trk><trkseg>", "the file ends inside <trkseg>"),
        ("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkpt></trkseg></trk></gpx>", "a <trkpt> with no <time>"),
        (
            "<gpx><trk><trkseg><trkpt lat=\"95\" lon=\"2\"><time>2019-07-24T09:00:00Z</time></trkpt></trkseg></trk></gpx>",
            "lat/lon is missing or out of range"
        ),
        (
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>yesterday</time></trkpt></trkseg></trk></gpx>",
            "is not ISO 8601"
        ),
        (
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2019-02-30T09:00:00Z</time></trkpt></trkseg></trk></gpx>",
            "is not ISO 8601"
        ),
        ("<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>", "no track point with a time"),
        (
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2019-07-24T09:00:10Z</time></trkpt><trkpt lat=\"1\" lon=\"2\"><time>2019-07-24T09:00:00Z</time></trkpt></trkseg></trk></gpx>",
            "earlier than the one before it"
        ),
        (
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2019-07-24T09:00:00Z</time></trkpt><trkpt lat=\"1\" lon=\"3\"><time>2019-07-24T09:00:00Z</time></trkpt></trkseg></trk></gpx>",
            "same instant"
        ),
        (String(repeating: "<gpx>", count: 1) + String(repeating: "<a>", count: 100), "nested more than"),
        ("<gpx></gpx><gpx></gpx>", "a second root element"),
    ])
    func badTracksAreOneLine(text: String, reason: String) throws {
        let error = try #require(throws: GPXError.self) {
            try GPXReader.parse(Array(text.utf8), path: RawPath("bad.gpx"))
        }
        #expect(error.description.hasPrefix("bad.gpx"), "\(error)")
        #expect(error.description.contains(reason), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test func theSamePointTwiceIsDroppedAndTooManyPointsRefused() throws {
        let twice = Self.point(1, 2, "2019-07-24T09:00:00Z") + Self.point(1, 2, "2019-07-24T09:00:00Z")
        let track = try GPXReader.parse(Self.gpx("<trk><trkseg>\(twice)</trkseg></trk>"), path: RawPath("t.gpx"))
        #expect(track.pointCount == 1)
        let many = (0..<20).map { Self.point(1, 2, String(format: "2019-07-24T09:00:%02dZ", $0)) }.joined()
        let error = try #require(throws: GPXError.self) {
            try GPXReader.parse(Self.gpx("<trk><trkseg>\(many)</trkseg></trk>"), path: RawPath("t.gpx"), limit: 10)
        }
        #expect(error.reason == .tooManyPoints(10))
    }

    /// A track of about 60 MB is read from a file chunk by chunk, and of its 400,000 points
    /// only those around the photos' hour (and one on each side) are kept.
    @Test func aLongTrackIsStreamedAndOnlyTheNeededHoursKept() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path.appending("year.gpx")
        #expect(FileManager.default.createFile(atPath: path.description, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path.description))
        let start = try Self.seconds("2019-01-01T00:00:00Z")
        let formatter = ISO8601DateFormatter()
        handle.write(Data("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n".utf8))
        var chunk = ""
        let count = 400_000
        for index in 0..<count {
            let time = formatter.string(from: Date(timeIntervalSince1970: start + Double(index) * 60))
            chunk +=
                "<trkpt lat=\"44.\(index % 100_000)\" lon=\"-0.\(index % 1000)\"><ele>12.5</ele><time>\(time)</time>"
                + "<extensions><speed>1.5</speed><course>90</course></extensions></trkpt>\n"
            if index % 10_000 == 9_999 {
                handle.write(Data(chunk.utf8))
                chunk = ""
            }
        }
        handle.write(Data((chunk + "</trkseg></trk></gpx>\n").utf8))
        try handle.close()
        let size = try #require(FileSystem.status(path)).st_size
        #expect(size > 50_000_000)
        let window = (start + 100_000 * 60)...(start + 100_000 * 60 + 3600)
        let track = try GPXReader.read(path, keeping: window)
        #expect(track.pointCount == 61 + 2, "\(track.pointCount)")
        #expect(track.segments[0].first?.time == window.lowerBound - 60)
        #expect(track.segments[0].last?.time == window.upperBound + 60)
    }
}
