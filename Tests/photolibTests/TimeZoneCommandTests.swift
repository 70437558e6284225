import Foundation
import PhotoTestSupport
import Testing

/// Dates the file gives without an offset take the one of where they were taken (the
/// gazetteer's IANA zone, that day's rules), end to end on both catalogs; `--sort taken` and
/// an offset given to `--taken-after` go by the instant. Offsets are compared with Python's
/// `zoneinfo`.
@Suite struct TimeZoneCommandTests {
    static func asset(_ library: TestLibrary, _ name: String) throws -> [String: Any] {
        try DateCommandTests.asset(library, name)
    }

    @Test(arguments: CatalogBackend.all)
    func aDateWithoutOffsetTakesTheZoneOfItsPlace(backend: CatalogBackend) throws {
        guard ZoneOracle.isAvailable else {
            print(ZoneOracle.skipMessage)
            return
        }
        let library = try DateCommandTests.indexed(backend)
        // harbour-rouffiac.jpg: GPS near Toulouse, a date with no offset.
        let harbour = try Self.asset(library, "harbour-rouffiac.jpg")
        let harbourLocal = try #require((harbour["takenAt"] as? String)?.prefix(19)).description
        let paris = try ZoneOracle.offsets([("Europe/Paris", harbourLocal)])[0]
        #expect(harbour["takenAtOffset"] as? String == paris, "\(harbour)")
        #expect(harbour["takenAtZone"] as? String == "Europe/Paris")
        #expect(harbour["takenAt"] as? String == harbourLocal + paris)
        // No position: the offset stays unknown, and says so.
        var lighthouse = try Self.asset(library, "lighthouse-portrait.jpg")
        #expect(lighthouse["takenAtOffset"] is NSNull && lighthouse["takenAtZone"] is NSNull, "\(lighthouse)")
        // The file's own offset is kept.
        let lake = try Self.asset(library, "lake-beach.jpg")
        #expect(lake["takenAtOffset"] as? String == "+02:00" && lake["takenAtZone"] is NSNull)

        // A position set by hand places the date: the lighthouse goes to Tokyo, the same day
        // as the harbour an hour later by the wall clock, hours earlier in fact.
        let lighthouseLocal = harbourLocal.prefix(11) + "20:00:00"
        #expect(
            try library.run(["action", "date", "--set", String(lighthouseLocal), "2016/lighthouse-portrait.jpg"])
                .status == 0)
        #expect(
            try library.run(["action", "gps", "--lat", "35.6895", "--lon", "139.6917", "2016/lighthouse-portrait.jpg"])
                .status == 0)
        lighthouse = try Self.asset(library, "lighthouse-portrait.jpg")
        let tokyo = try ZoneOracle.offsets([("Asia/Tokyo", String(lighthouseLocal))])[0]
        #expect(lighthouse["takenAtOffset"] as? String == tokyo && lighthouse["takenAtZone"] as? String == "Asia/Tokyo")

        // The order of the instants, from the oracle's offsets.
        func instant(_ local: String, _ offset: String) throws -> Date {
            try #require(ISO8601DateFormatter().date(from: local + offset))
        }
        let lighthouseFirst = try instant(String(lighthouseLocal), tokyo) < instant(harbourLocal, paris)
        let day = String(harbourLocal.prefix(10))
        let names = try library.assets(["--sort", "taken", "--taken-after", day, "--taken-before", day + "T23:59:59"])
            .compactMap { $0["fileName"] as? String }
        #expect(
            names
                == (lighthouseFirst
                    ? ["lighthouse-portrait.jpg", "harbour-rouffiac.jpg"]
                    : ["harbour-rouffiac.jpg", "lighthouse-portrait.jpg"]),
            "\(names)")
        #expect(lighthouseFirst)

        // A bound with an offset compares instants; without one, wall clocks.
        let middle = try instant(String(lighthouseLocal), tokyo).addingTimeInterval(60)
        let utc = ISO8601DateFormatter()
        let bound = String(utc.string(from: middle).prefix(19)) + "Z"
        let after = try library.assets(["--taken-after", bound, "--taken-before", day + "T23:59:59"])
            .compactMap { $0["fileName"] as? String }
        #expect(after == ["harbour-rouffiac.jpg"], "\(bound): \(after)")
        let wall = try library.assets(["--taken-after", String(bound.dropLast()), "--taken-before", day + "T23:59:59"])
            .compactMap { $0["fileName"] as? String }
        #expect(Set(wall) == ["harbour-rouffiac.jpg", "lighthouse-portrait.jpg"], "\(wall)")

        // The position cleared: the worked-out offset goes with it.
        #expect(try library.run(["action", "gps", "--clear", "2015/harbour-rouffiac.jpg"]).status == 0)
        let cleared = try Self.asset(library, "harbour-rouffiac.jpg")
        #expect(cleared["takenAtOffset"] is NSNull && cleared["takenAt"] as? String == harbourLocal)
    }

    @Test func badOffsetsInDateBoundsAreUsageErrors() throws {
        let library = try DateCommandTests.indexed()
        for bound in ["2015-08-15T10:00+25:00", "2015-08-15T10:00Q", "2015-08-15+2"] {
            let result = try library.run(["list", "--taken-after", bound])
            #expect(result.status == 64, "\(bound): \(result)")
        }
    }

    /// Issue 26's "no cities with a copied binary": a binary with no gazetteer beside it
    /// indexes without cities; once `../share/photolib/gazetteer.bin` is there, the next
    /// index (whose files are all unchanged) looks the positions up, once.
    @Test func citiesComeWhenTheGazetteerArrives() throws {
        let library = try TestLibrary.sample()
        let prefix = try TemporaryDirectory()
        let bin = prefix.url.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let binary = bin.appendingPathComponent("photolib")
        try FileManager.default.copyItem(at: try BinaryRunner.binaryURL(), to: binary)

        func relocated(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments + ["--library", library.root.path]
            process.environment = BinaryRunner.childEnvironment(adding: [:])
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let out = output.fileHandleForReading.readDataToEndOfFile()
            let err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (
                process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)
            )
        }

        let first = try relocated(["index"])
        #expect(first.status == 0 && first.stderr.contains("gazetteer not found"), "\(first)")
        let placed = try library.assets(["--has-gps"]).filter { $0["gpsStatus"] as? String == "fix" }
        #expect(placed.count >= 5)
        #expect(placed.allSatisfy { $0["city"] is NSNull || $0["citySource"] as? String != "gps" })

        let share = prefix.url.appendingPathComponent("share/photolib")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ShippedGazetteer.dataDirectory.appendingPathComponent("gazetteer.bin"),
            to: share.appendingPathComponent("gazetteer.bin"))
        let second = try relocated(["index"])
        #expect(second.status == 0 && second.stdout.contains("new gazetteer"), "\(second)")
        #expect(second.stdout.contains("added 0, updated 0"), "\(second)")
        for asset in try library.assets(["--has-gps"]) where asset["gpsStatus"] as? String == "fix" {
            guard asset["citySource"] as? String == "gps" || asset["city"] is NSNull else { continue }
            let gps = try #require(asset["gps"] as? [String: Any])
            let lookup = try BinaryRunner.run([
                "places", "lookup", "\(gps["latitude"] as? Double ?? 0)", "\(gps["longitude"] as? Double ?? 0)",
                "--json",
            ])
            let expected = try JSONSerialization.jsonObject(with: Data(lookup.stdout.utf8)) as? [String: Any]
            #expect(asset["city"] as? String == expected?["city"] as? String, "\(asset)")
            #expect(asset["citySource"] as? String == "gps")
        }
        let harbour = try Self.asset(library, "harbour-rouffiac.jpg")
        #expect(harbour["takenAtZone"] as? String == "Europe/Paris", "\(harbour)")

        let third = try relocated(["index"])
        #expect(third.status == 0 && !third.stdout.contains("new gazetteer"), "\(third)")
        let refresh = try relocated(["places", "refresh", "--json"])
        let refreshed = try JSONSerialization.jsonObject(with: Data(refresh.stdout.utf8)) as? [String: Any]
        #expect(refresh.status == 0 && refreshed?["assetsChanged"] as? Int == 0, "\(refresh)")
    }
}
