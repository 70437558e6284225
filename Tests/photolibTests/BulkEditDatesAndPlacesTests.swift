import Foundation
import PhotoTestSupport
import Testing

/// `action set --from` with dates and positions (issue 29): CSV `takenAt`, `latitude`,
/// `longitude`; JSON Lines `takenAt` and `gps`, `list --jsonl` read back as no change; bad
/// values named by line with nothing changed.
@Suite struct BulkEditDatesAndPlacesTests {
    @Test(arguments: CatalogBackend.all)
    func csvSetsDatesAndPositions(backend: CatalogBackend) throws {
        let library = try DateCommandTests.indexed(backend)
        // list --jsonl read back is no change at all, dates and positions included.
        let all = try library.run(["list", "--jsonl"]).stdout
        let same = try library.run(["action", "set", "--from", "-"], stdin: Data(all.utf8))
        #expect(same.status == 0, "\(same)")
        #expect(try library.run(["list", "--jsonl"]).stdout == all)

        let csv = """
            path,takenAt,latitude,longitude
            2016/lighthouse-portrait.jpg,2016-08-06 21:36:45+01:00,44.84,-0.58
            2015/lake-beach.jpg,,,
            """
        let result = try library.run(["action", "set", "--from", "-"], stdin: Data(csv.utf8))
        #expect(result.status == 0, "\(result)")
        let lighthouse = try DateCommandTests.asset(library, "lighthouse-portrait.jpg")
        #expect(lighthouse["takenAt"] as? String == "2016-08-06T21:36:45+01:00")
        #expect(lighthouse["takenAtSource"] as? String == "user" && lighthouse["gpsSource"] as? String == "user")
        let gps = try #require(lighthouse["gps"] as? [String: Any])
        #expect(gps["latitude"] as? Double == 44.84 && gps["longitude"] as? Double == -0.58)
        // The city, as action gps names it from the same position.
        let lookup = try BinaryRunner.run(["places", "lookup", "44.84", "-0.58", "--json"])
        let place = try JSONSerialization.jsonObject(with: Data(lookup.stdout.utf8)) as? [String: Any]
        #expect(lighthouse["city"] as? String == place?["city"] as? String)
        let lake = try DateCommandTests.asset(library, "lake-beach.jpg")
        #expect(lake["takenAt"] is NSNull && lake["gps"] is NSNull)
        #expect(try library.run(["history", "2015/lake-beach.jpg"]).stdout.contains("takenAt"))

        // JSON Lines: takenAt and gps as list writes them.
        let line =
            #"{"path":"2015/lake-beach.jpg","takenAt":"2015-07-04T11:25:31","gps":{"latitude":35.6895,"longitude":139.6917}}"#
        #expect(try library.run(["action", "set", "--from", "-"], stdin: Data((line + "\n").utf8)).status == 0)
        let moved = try DateCommandTests.asset(library, "lake-beach.jpg")
        #expect(moved["city"] as? String == "Tokyo" && moved["takenAtZone"] as? String == "Asia/Tokyo", "\(moved)")
    }

    @Test func badDatesAndPositionsChangeNothing() throws {
        let library = try DateCommandTests.indexed()
        let before = try library.run(["list", "--json"]).stdout
        for file in [
            "path,takenAt\n2015/lake-beach.jpg,yesterday\n",
            "path,latitude,longitude\n2015/lake-beach.jpg,91,0\n",
            "path,latitude,longitude\n2015/lake-beach.jpg,44.84,\n",
            "path,latitude\n2015/lake-beach.jpg,44.84\n",
            #"{"path":"2015/lake-beach.jpg","gps":{"latitude":"x"}}"# + "\n",
            #"{"path":"2015/lake-beach.jpg","takenAt":12}"# + "\n",
        ] {
            let result = try library.run(["action", "set", "--from", "-"], stdin: Data(file.utf8))
            #expect(result.status == 65, "\(file): \(result)")
            #expect(result.stderr.contains("standard input:"), "\(file): \(result.stderr)")
        }
        #expect(try library.run(["list", "--json"]).stdout == before)
    }
}
