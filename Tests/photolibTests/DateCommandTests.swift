import Foundation
import PhotoTestSupport
import Testing

/// `action date` end to end: SampleLibrary's photos (whose EXIF dates and offsets are known)
/// indexed by the built binary, their dates changed, read back from `list --jsonl`, kept over
/// a re-index, undone; and a one-hour shift compared with exiftool's `-AllDates+=1`.
@Suite struct DateCommandTests {
    static let exiftool = KeywordCommandTests.exiftool

    static func indexed(_ backend: CatalogBackend = .sqlite) throws -> TestLibrary {
        let library = try TestLibrary.sample(backend)
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        return library
    }

    static func asset(_ library: TestLibrary, _ name: String) throws -> [String: Any] {
        try #require(try library.assets().first { $0["fileName"] as? String == name })
    }

    static func taken(_ library: TestLibrary, _ name: String) throws -> String? {
        try asset(library, name)["takenAt"] as? String
    }

    @Test(arguments: CatalogBackend.all)
    func shiftTimeZoneSetAndUndo(backend: CatalogBackend) throws {
        let library = try Self.indexed(backend)
        #expect(try Self.taken(library, "lake-beach.jpg") == "2015-07-04T11:25:31+02:00")

        let dry = try library.run(["action", "date", "--shift", "-2d", "--dry-run", "2015/lake-beach.jpg"])
        #expect(dry.status == 0)
        #expect(
            dry.stdout.contains("would change")
                && dry.stdout.contains("2015-07-04T11:25:31+02:00 → 2015-07-02T11:25:31+02:00"))
        #expect(try Self.taken(library, "lake-beach.jpg") == "2015-07-04T11:25:31+02:00")

        #expect(try library.run(["action", "date", "--shift", "+1h30m", "2015/lake-beach.jpg"]).status == 0)
        let lake = try Self.asset(library, "lake-beach.jpg")
        #expect(lake["takenAt"] as? String == "2015-07-04T12:55:31+02:00")
        #expect(lake["takenAtSource"] as? String == "user")

        // The camera was on home time: the wall-clock time stays, the offset changes.
        #expect(try library.run(["action", "date", "--time-zone", "-07:00", "2015/lake-beach.jpg"]).status == 0)
        #expect(try Self.taken(library, "lake-beach.jpg") == "2015-07-04T12:55:31-07:00")
        // A zone's offset is the one it had that day: summer time in August.
        #expect(
            try library.run(["action", "date", "--time-zone", "Europe/Paris", "2015/harbour-rouffiac.jpg"]).status == 0)
        #expect(try Self.taken(library, "harbour-rouffiac.jpg") == "2015-08-15T19:08:54+02:00")

        // A re-index of the changed file keeps the user's date over the file's.
        let file = library.url("2015/lake-beach.jpg")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: file.path)
        let again = try library.run(["index"])
        #expect(again.status == 0 && (again.stdout + again.stderr).contains("updated 1"), "\(again.stdout)")
        #expect(try Self.taken(library, "lake-beach.jpg") == "2015-07-04T12:55:31-07:00")

        // Undo: the date before the last date change, then the file's own.
        #expect(try library.run(["action", "date", "--undo", "2015/lake-beach.jpg"]).status == 0)
        #expect(try Self.taken(library, "lake-beach.jpg") == "2015-07-04T12:55:31+02:00")
        #expect(
            try library.run(["action", "date", "--set", "2001-02-03 04:05:06", "2015/bordeaux-art.jpg"]).status == 0)
        // A date set without an offset takes the one of where the photo was taken, that day
        // (Bordeaux: winter time).
        let winter = ZoneOracle.isAvailable ? try ZoneOracle.offsets([("Europe/Paris", "2001-02-03T04:05:06")])[0] : ""
        let art2001 = try Self.asset(library, "bordeaux-art.jpg")
        #expect(art2001["takenAtZone"] as? String == "Europe/Paris")
        if ZoneOracle.isAvailable { #expect(art2001["takenAt"] as? String == "2001-02-03T04:05:06" + winter) }
        #expect(
            try library.run(["list", "--taken-before", "2002-01-01", "--format", "{fileName}"]).stdout
                == "bordeaux-art.jpg\n")
        #expect(try library.run(["action", "date", "--undo", "2015/bordeaux-art.jpg"]).status == 0)
        let art = try Self.asset(library, "bordeaux-art.jpg")
        #expect(art["takenAt"] as? String == "2015-06-13T16:42:07+02:00")
        #expect(art["takenAtSource"] as? String == "exif")
        let nothing = try library.run(["action", "date", "--undo", "2016/mountain-chamonix.jpg"])
        #expect(nothing.status == 1 && nothing.stderr.contains("no date change to undo"))

        let history = try library.run(["history", "2015/lake-beach.jpg"]).stdout
        #expect(history.contains("date") && history.contains("takenAt"))
    }

    @Test func manyAssetsFromStandardInputInOneGoNamingTheOnesThatFail() throws {
        let library = try Self.indexed()
        let ids = try library.run(["list", "--ids"]).stdout
        let result = try library.run(["action", "date", "--shift", "-1h", "--json", "-"], stdin: Data(ids.utf8))
        // no-exif.jpg has no date to shift: named, the nine others changed.
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-exif.jpg: has no date to change"))
        let changed = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(changed.count == 9)
        #expect(try Self.taken(library, "progressive-tokyo.jpg") == "2016-04-02T12:20:05+09:00")
        let sources = Set(try library.assets().compactMap { $0["takenAtSource"] as? String })
        #expect(sources == ["user"])

        // A date pushed past 9999 is one line; the others in the batch still move.
        #expect(
            try library.run(["action", "date", "--set", "9999-12-31 23:00", "2016/progressive-tokyo.jpg"]).status == 0)
        let over = try library.run([
            "action", "date", "--shift", "+2h", "2016/progressive-tokyo.jpg", "2015/lake-beach.jpg",
        ])
        #expect(over.status == 2 && over.stderr.contains("progressive-tokyo.jpg: the new date would fall outside"))
        #expect(try Self.taken(library, "lake-beach.jpg") == "2015-07-04T12:25:31+02:00")
    }

    @Test func badOptionsAreUsageErrorsAndChangeNothing() throws {
        let library = try Self.indexed()
        for arguments in [
            ["--set", "2019-02-30 10:00"], ["--shift", "1y"], ["--shift", "+1h30"], ["--time-zone", "Mars/Olympus"],
            ["--time-zone", "+15:00"], ["--set", "2019-01-01", "--shift", "+1h"], [],
        ] {
            let result = try library.run(["action", "date"] + arguments + ["2015/lake-beach.jpg"])
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            let said = ["Invalid value", "Missing expected option", "cannot be used together"]
            #expect(said.contains { result.stderr.contains($0) }, "\(result.stderr)")
        }
        #expect(try Self.asset(library, "lake-beach.jpg")["takenAtSource"] as? String == "exif")
    }

    @Test func datesFromFileNames() throws {
        let library = try TestLibrary()
        let photo = SampleFiles.root.appendingPathComponent("no-exif.jpg")
        let names = [
            "IMG_20190724_112540.jpg": "2019-07-24T11:25:40", "PXL_20230114_003700123.jpg": "2023-01-14T00:37:00+00:00",
            "Screenshot 2023-01-14 at 00.37.00.jpg": "2023-01-14T00:37:00",
            "IMG-20190724-WA0001.jpg": "2019-07-24T00:00:00",
            "2019-07-24 11.25.40.jpg": "2019-07-24T11:25:40",
        ]
        for (index, name) in (Array(names.keys) + ["holiday.jpg"]).enumerated() {
            // Each a different file (one byte more), so that none is a duplicate of another.
            try (try Data(contentsOf: photo) + Data(repeating: 0, count: index)).write(to: library.url(name))
        }
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        #expect(try library.run(["index"]).status == 0)
        let ids = try library.run(["list", "--undated", "--ids"]).stdout
        let result = try library.run(["action", "date", "--from-filename", "-"], stdin: Data(ids.utf8))
        #expect(result.status == 2 && result.stderr.contains("holiday.jpg: its name matches none of the patterns"))
        for (name, expected) in names {
            #expect(try Self.taken(library, name) == expected, "\(name)")
        }
        #expect(try library.run(["list", "--undated", "--format", "{fileName}"]).stdout == "holiday.jpg\n")
    }

    /// A shift of one hour, read back as exiftool's `-AllDates+=1` writes it on a copy.
    @Test(.enabled(if: exiftool != nil, "exiftool is not installed (apt-get install libimage-exiftool-perl)"))
    func anHourShiftAgreesWithExiftool() throws {
        let library = try Self.indexed()
        let copies = try TemporaryDirectory()
        let dated = try library.assets().filter { $0["takenAt"] != nil && !($0["takenAt"] is NSNull) }
        #expect(dated.count == 9)
        for asset in dated {
            let relative = try #require(asset["relativePath"] as? String)
            let copy = copies.url.appendingPathComponent((relative as NSString).lastPathComponent)
            try FileManager.default.copyItem(at: library.url(relative), to: copy)
        }
        let shift = Process()
        shift.executableURL = URL(fileURLWithPath: try #require(Self.exiftool))
        shift.arguments = ["-q", "-overwrite_original", "-AllDates+=1", copies.url.path]
        try shift.run()
        shift.waitUntilExit()
        #expect(shift.terminationStatus == 0)

        let ids = dated.compactMap { $0["id"] as? String }.joined(separator: "\n")
        #expect(try library.run(["action", "date", "--shift", "+1h", "-"], stdin: Data(ids.utf8)).status == 0)
        let read = Process()
        let output = Pipe()
        read.executableURL = shift.executableURL
        read.arguments = ["-q", "-T", "-FileName", "-DateTimeOriginal", "-d", "%Y-%m-%dT%H:%M:%S", copies.url.path]
        read.standardOutput = output
        try read.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        read.waitUntilExit()
        let exiftoolDates = Dictionary(
            uniqueKeysWithValues: text.split(separator: "\n").map { line in
                let columns = line.split(separator: "\t").map(String.init)
                return (columns[0], columns[1])
            })
        #expect(exiftoolDates.count == 9)
        for asset in try library.assets() where exiftoolDates[asset["fileName"] as? String ?? ""] != nil {
            let name = try #require(asset["fileName"] as? String)
            let ours = try #require(asset["takenAt"] as? String)
            #expect(String(ours.prefix(19)) == exiftoolDates[name], "\(name)")
        }
    }
}
