import Foundation
import PhotoTestSupport
import Testing

/// `action gps` end to end: a position set by hand names its city at once from the shipped
/// gazetteer, outranks the file on re-index, and can be cleared; on both catalogs.
@Suite struct GPSCommandTests {
    @Test(arguments: CatalogBackend.all)
    func aPositionSetByHandNamesItsCityAndStays(backend: CatalogBackend) throws {
        let library = try DateCommandTests.indexed(backend)
        var lighthouse = try DateCommandTests.asset(library, "lighthouse-portrait.jpg")
        #expect(lighthouse["gps"] is NSNull && lighthouse["city"] is NSNull)

        let dry = try library.run([
            "action", "gps", "--lat", "44.84", "--lon", "-0.58", "-n", "2016/lighthouse-portrait.jpg",
        ])
        #expect(dry.status == 0 && dry.stdout.contains("would change") && dry.stdout.contains("\"Bordeaux\""), "\(dry)")
        #expect(
            try library.run(["action", "gps", "--lat", "44.84", "--lon", "-0.58", "2016/lighthouse-portrait.jpg"])
                .status == 0)
        lighthouse = try DateCommandTests.asset(library, "lighthouse-portrait.jpg")
        let gps = try #require(lighthouse["gps"] as? [String: Any])
        #expect(gps["latitude"] as? Double == 44.84 && gps["longitude"] as? Double == -0.58)
        #expect(lighthouse["gpsSource"] as? String == "user")
        #expect(lighthouse["city"] as? String == "Bordeaux" && lighthouse["citySource"] as? String == "gps")
        #expect(lighthouse["country"] as? String == "FR")

        // Moved from Bordeaux to Tokyo: the city follows; a re-index of the file keeps it.
        #expect(
            try library.run(["action", "gps", "--lat", "35.6895", "--lon", "139.6917", "2015/bordeaux-art.jpg"]).status
                == 0)
        let file = library.url("2015/bordeaux-art.jpg")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: file.path)
        #expect(try library.run(["index"]).status == 0)
        let art = try DateCommandTests.asset(library, "bordeaux-art.jpg")
        let kept = try #require(art["gps"] as? [String: Any])
        #expect(kept["latitude"] as? Double == 35.6895 && art["gpsSource"] as? String == "user")
        // The city the user's position named stays too, not the one of the file's position.
        #expect(art["city"] as? String == "Tokyo" && art["country"] as? String == "JP", "\(art)")

        // A user's city stays where the position moves; --clear removes position and GPS city.
        #expect(try library.run(["action", "city", "--value", "Home", "2015/lake-beach.jpg"]).status == 0)
        #expect(
            try library.run(["action", "gps", "--lat", "35.6895", "--lon", "139.6917", "2015/lake-beach.jpg"]).status
                == 0)
        #expect(try DateCommandTests.asset(library, "lake-beach.jpg")["city"] as? String == "Home")
        #expect(try library.run(["action", "gps", "--clear", "2016/mountain-chamonix.jpg"]).status == 0)
        let mountain = try DateCommandTests.asset(library, "mountain-chamonix.jpg")
        #expect(mountain["gps"] is NSNull && mountain["city"] is NSNull && mountain["gpsSource"] as? String == "user")
        #expect(try library.run(["history", "2016/mountain-chamonix.jpg"]).stdout.contains("gps"))
    }

    /// `--undo` gives back what the last `action gps` took away: position with its altitude,
    /// whose it was (the file's) and the city it named; a second undo redoes the change; an
    /// asset with nothing to undo is one line on stderr while the others are changed.
    @Test(arguments: CatalogBackend.all)
    func undoGivesBackThePositionItsSourceAndItsCity(backend: CatalogBackend) throws {
        let library = try DateCommandTests.indexed(backend)
        let path = "2016/mountain-chamonix.jpg"
        let before = try DateCommandTests.asset(library, "mountain-chamonix.jpg")
        let original = try #require(before["gps"] as? [String: Any])
        #expect(original["altitude"] as? Double != nil && before["gpsSource"] as? String == "exif")
        #expect(try library.run(["action", "gps", "--lat", "35.6895", "--lon", "139.6917", path]).status == 0)
        #expect(try DateCommandTests.asset(library, "mountain-chamonix.jpg")["city"] as? String == "Tokyo")

        let dry = try library.run(["action", "gps", "--undo", "--dry-run", path])
        #expect(dry.status == 0 && dry.stdout.contains("would change"), "\(dry)")
        #expect(try DateCommandTests.asset(library, "mountain-chamonix.jpg")["city"] as? String == "Tokyo")

        let undo = try library.run(["action", "gps", "--undo", path, "2015/lake-beach.jpg"])
        #expect(undo.status == 2, "\(undo)")
        let lines = undo.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("2015/lake-beach.jpg") && lines[0].contains("to undo"), "\(undo)")
        let undone = try DateCommandTests.asset(library, "mountain-chamonix.jpg")
        #expect(NSDictionary(dictionary: try #require(undone["gps"] as? [String: Any])).isEqual(to: original))
        for field in ["gpsSource", "city", "citySource", "country", "takenAt"] {
            #expect("\(undone[field] ?? "none")" == "\(before[field] ?? "none")", "\(field)")
        }

        #expect(try library.run(["action", "gps", "--undo", path]).status == 0)
        let redone = try DateCommandTests.asset(library, "mountain-chamonix.jpg")
        #expect(redone["city"] as? String == "Tokyo" && redone["gpsSource"] as? String == "user", "\(redone)")
        let usage = try library.run(["action", "gps", "--undo", "--clear", path])
        #expect(usage.status == 64 && usage.stderr.contains("--undo"), "\(usage)")
    }

    @Test func outOfRangeAndHalfGivenPositionsAreUsageErrors() throws {
        let library = try DateCommandTests.indexed()
        for arguments in [
            ["--lat", "91", "--lon", "0"], ["--lat", "0", "--lon", "-180.5"], ["--lat", "nan", "--lon", "0"],
            ["--lat", "44.84"], ["--clear", "--lat", "1", "--lon", "1"], [],
        ] {
            let result = try library.run(["action", "gps"] + arguments + ["2015/lake-beach.jpg"])
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
        }
        #expect(try DateCommandTests.asset(library, "lake-beach.jpg")["gpsSource"] as? String == "exif")
    }
}
