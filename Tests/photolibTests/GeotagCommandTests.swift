import Foundation
import PhotoSupport
import PhotoTestSupport
import Testing

/// `geotag` end to end against exiftool's `-geotag` on copies of the same photos and the same
/// track (a GPX made here): positions within 10 m, the same photos left alone past the gap,
/// `--offset` as `-geosync`; bad tracks one line each with nothing changed.
@Suite struct GeotagCommandTests {
    /// Photo times (wall clock, read as UTC: both tools run with TZ=UTC) and what they test.
    static let photos: [(name: String, time: String)] = [
        ("a-start.jpg", "2019:07:24 09:50:07"), ("b-middle.jpg", "2019:07:24 10:03:44"),
        ("c-late-end.jpg", "2019:07:24 10:22:30"), ("d-past-gap.jpg", "2019:07:24 10:40:00"),
        ("e-second-segment.jpg", "2019:07:24 11:05:31"), ("f-before.jpg", "2019:07:24 08:00:00"),
    ]

    /// Two segments around Bordeaux: 09:50 to 10:20 every 15 s, 11:00 to 11:10 every 20 s.
    static func track() -> String {
        var segments: [String] = []
        let formatter = ISO8601DateFormatter()
        let start = formatter.date(from: "2019-07-24T09:50:00Z")!.timeIntervalSince1970
        for (from, to, step, base) in [(0, 1800, 15, (44.8378, -0.5792)), (4200, 4800, 20, (44.80, -0.62))] {
            var points: [String] = []
            for second in stride(from: from, through: to, by: step) {
                let t = Double(second - from)
                let lat = base.0 + t * 0.00001 + sin(t / 200) * 0.0008
                let lon = base.1 + t * 0.000013 + cos(t / 170) * 0.0006
                let time = formatter.string(from: Date(timeIntervalSince1970: start + Double(second)))
                points.append(
                    String(
                        format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><ele>%.1f</ele><time>%@</time></trkpt>", lat, lon,
                        20 + t / 100, time))
            }
            segments.append("<trkseg>\n" + points.joined(separator: "\n") + "\n</trkseg>")
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="photolib test" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>ride</name>
            \(segments.joined(separator: "\n"))
            </trk>
            </gpx>
            """
    }

    /// A library of copies of a photo with no GPS, dated by exiftool, and the track beside it.
    static func library() throws -> (TestLibrary, URL) {
        let library = try TestLibrary()
        let source = SampleFiles.root.appendingPathComponent("2016/lighthouse-portrait.jpg")
        for photo in photos {
            try library.add(source, as: "trip/" + photo.name)
            try MovieClips.run(
                MovieClips.exiftool,
                [
                    "-q", "-overwrite_original", "-AllDates=\(photo.time)", "-OffsetTime*=",
                    library.url("trip/" + photo.name).path,
                ])
        }
        let made = try BinaryRunner.run(["init", library.root.path])
        #expect(made.status == 0, "\(made)")
        #expect(try library.run(["index"]).status == 0)
        let gpx = library.root.deletingLastPathComponent().appendingPathComponent("ride-\(UUID().uuidString).gpx")
        try Data(track().utf8).write(to: gpx)
        return (library, gpx)
    }

    static func metres(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.0 - a.0) * radians
        let dLon = (b.1 - a.1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.0 * radians) * cos(b.0 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(h)))
    }

    /// exiftool's positions for copies of `names` geotagged with `arguments`.
    static func exiftoolPositions(
        _ library: TestLibrary, _ gpx: URL, _ names: [String], _ arguments: [String]
    ) throws -> [String: (Double, Double)] {
        let copies = try TemporaryDirectory()
        var positions: [String: (Double, Double)] = [:]
        for name in names {
            let copy = copies.url.appendingPathComponent(name)
            try FileManager.default.copyItem(at: library.url("trip/" + name), to: copy)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: MovieClips.exiftool!)
            process.arguments = ["-q", "-q", "-overwrite_original", "-geotag", gpx.path] + arguments + [copy.path]
            process.environment = ["TZ": "UTC", "PATH": "/usr/bin:/bin"]
            try process.run()
            process.waitUntilExit()
            let tags = try MovieClips.exiftoolTags(RawPath(copy.path), ["-GPSLatitude", "-GPSLongitude"])
            if let lat = tags["GPSLatitude"] as? Double, let lon = tags["GPSLongitude"] as? Double {
                positions[name] = (lat, lon)
            }
        }
        return positions
    }

    static func photolibPositions(_ library: TestLibrary) throws -> [String: (Double, Double)] {
        var positions: [String: (Double, Double)] = [:]
        for asset in try library.assets() {
            guard let name = asset["fileName"] as? String, let gps = asset["gps"] as? [String: Any],
                let lat = gps["latitude"] as? Double, let lon = gps["longitude"] as? Double
            else { continue }
            positions[name] = (lat, lon)
        }
        return positions
    }

    @Test(arguments: CatalogBackend.all)
    func positionsAgreeWithExiftool(backend: CatalogBackend) throws {
        guard MovieClips.exiftool != nil else {
            print("exiftool is not installed: geotag is not compared with it")
            return
        }
        let (library, gpx) = try Self.library()
        defer { try? FileManager.default.removeItem(at: gpx) }
        let names = Self.photos.map(\.name)
        // exiftool's gap rules set to photolib's --max-gap 5m: no interpolation over longer
        // spans, no extrapolation past the ends further than that.
        let expected = try Self.exiftoolPositions(
            library, gpx, names, ["-api", "GeoMaxIntSecs=300", "-api", "GeoMaxExtSecs=300"])
        #expect(expected.keys.sorted() == ["a-start.jpg", "b-middle.jpg", "c-late-end.jpg", "e-second-segment.jpg"])

        let dry = try library.run(["geotag", gpx.path, "--dry-run"], environment: ["TZ": "UTC"])
        #expect(
            dry.status == 0 && dry.stdout.contains("would change")
                && dry.stdout.contains("from the nearest track point"), "\(dry)")
        #expect(try Self.photolibPositions(library).isEmpty)

        let run = try library.run(["geotag", gpx.path, "--max-gap", "5m"], environment: ["TZ": "UTC"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("geotagged 4, left alone 2"), "\(run)")
        let found = try Self.photolibPositions(library)
        #expect(found.keys.sorted() == expected.keys.sorted())
        for (name, position) in expected {
            let mine = try #require(found[name])
            #expect(Self.metres(mine, position) < 10, "\(name): \(mine) vs exiftool \(position)")
        }
        let middle = try DateCommandTests.asset(library, "b-middle.jpg")
        #expect(middle["gpsSource"] as? String == "track" && middle["city"] as? String != nil, "\(middle)")
        #expect(try library.run(["history", "trip/b-middle.jpg"]).stdout.contains("geotag"))

        // Photos with a position are left alone without --overwrite; re-index keeps the track's.
        let again = try library.run(["geotag", gpx.path], environment: ["TZ": "UTC"])
        #expect(again.status == 0 && again.stdout.contains("geotagged 0"), "\(again)")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: library.url("trip/b-middle.jpg").path)
        #expect(try library.run(["index"]).status == 0)
        #expect(try DateCommandTests.asset(library, "b-middle.jpg")["gpsSource"] as? String == "track")
    }

    /// `--offset -1h` for a camera an hour ahead of the logger is exiftool's `-geosync=-1:00:00`.
    @Test func offsetIsGeosync() throws {
        guard MovieClips.exiftool != nil else {
            print("exiftool is not installed: geotag is not compared with it")
            return
        }
        let (library, gpx) = try Self.library()
        defer { try? FileManager.default.removeItem(at: gpx) }
        let names = ["d-past-gap.jpg", "e-second-segment.jpg"]
        let expected = try Self.exiftoolPositions(
            library, gpx, names, ["-geosync=-00:40:00", "-api", "GeoMaxIntSecs=300", "-api", "GeoMaxExtSecs=300"])
        #expect(expected.keys.sorted() == ["d-past-gap.jpg"], "\(expected)")
        let run = try library.run(
            ["geotag", gpx.path, "--offset", "-40m", "trip/d-past-gap.jpg", "trip/e-second-segment.jpg"],
            environment: ["TZ": "UTC"])
        #expect(run.status == 0 && run.stdout.contains("geotagged 1"), "\(run)")
        let found = try Self.photolibPositions(library)
        #expect(found.keys.sorted() == expected.keys.sorted())
        for (name, position) in expected {
            #expect(Self.metres(try #require(found[name]), position) < 10)
        }
    }

    @Test func badTracksChangeNothing() throws {
        let library = try TestLibrary.sample()
        #expect(try library.run(["index"]).status == 0)
        let folder = try TemporaryDirectory()
        let cases: [(String, String)] = [
            ("jpeg.gpx", "\u{FF}\u{D8} not xml"),
            ("untimed.gpx", "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>"),
            (
                "backwards.gpx",
                "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2016-08-06T21:36:45Z</time></trkpt>"
                    + "<trkpt lat=\"1\" lon=\"2\"><time>2016-08-06T21:30:00Z</time></trkpt></trkseg></trk></gpx>"
            ),
        ]
        let before = try library.run(["list", "--json"]).stdout
        for (name, text) in cases {
            let path = folder.url.appendingPathComponent(name)
            try Data(text.utf8).write(to: path)
            // The good track first: nothing of it may land when the second is bad.
            let good = folder.url.appendingPathComponent("good.gpx")
            try Data(
                "<gpx><trk><trkseg><trkpt lat=\"44.84\" lon=\"-0.58\"><time>2016-08-06T21:36:45Z</time></trkpt></trkseg></trk></gpx>"
                    .utf8
            ).write(to: good)
            let result = try library.run(["geotag", good.path, path.path, "--overwrite"], environment: ["TZ": "UTC"])
            #expect(result.status == 65, "\(name): \(result)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains(name), "\(name): \(result.stderr)")
        }
        #expect(try library.run(["list", "--json"]).stdout == before)
        let missing = try library.run(["geotag", "2016/lighthouse-portrait.jpg"])
        #expect(missing.status == 64, "\(missing)")
    }
}
