import Foundation
import PhotoTestSupport
import Testing

/// `photolib list` over a copy of SampleLibrary/ (in the repository, so these run everywhere).
@Suite struct ListCommandTests {
    /// A fresh library over a copy of SampleLibrary/, indexed (with renditions unless asked not to).
    static func sampleLibrary(renditions: Bool = true, backend: CatalogBackend = .sqlite) throws -> TestLibrary {
        let library = try TestLibrary.sample(backend)
        let index = try library.run(["index"] + (renditions ? [] : ["--no-renditions"]))
        #expect(index.status == 0)
        #expect(index.stdout == "added 10, updated 0, moved 0, unchanged 0, missing 0, failed 0\n")
        return library
    }

    @Test func sortsByTakenWithUndatedLast() throws {
        let library = try Self.sampleLibrary()
        let result = try library.run(["list", "--sort", "taken", "--format", "{takenAt} {relativePath}"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                2015-06-13T16:42:07+02:00 2015/bordeaux-art.jpg
                2015-07-04T11:25:31+02:00 2015/lake-beach.jpg
                2015-08-15T19:08:54+02:00 2015/harbour-rouffiac.jpg
                2015-10-10T09:14:40-07:00 2015/tree-orientation-8.jpg
                2015-12-28T19:47:12-02:00 2015/sunset-orientation-6.jpg
                2016-04-02T13:20:05+09:00 2016/progressive-tokyo.jpg
                2016-07-23T15:03:18+02:00 2016/buda-beach-kortrijk.jpg
                2016-08-06T21:36:45 2016/lighthouse-portrait.jpg
                2016-09-10T10:05:59+02:00 2016/mountain-chamonix.jpg
                 no-exif.jpg

                """)
    }

    @Test func filtersByCaptionDateAndLimit() throws {
        let library = try Self.sampleLibrary()
        let beaches = try library.run(["list", "--caption", "BEACH", "--format", "{caption}"])
        #expect(beaches.stdout == "Cosy lake beach in France\nBuda beach in Kortrijk\n")
        let in2016 = try library.run([
            "list", "--taken-after", "2016", "--taken-before", "2016-08", "--format", "{fileName}",
        ])
        #expect(in2016.stdout == "buda-beach-kortrijk.jpg\nprogressive-tokyo.jpg\n")
        let limited = try library.run(["list", "--sort", "taken", "--limit", "2", "--ids"])
        let ids = limited.stdout.split(separator: "\n")
        #expect(ids.count == 2 && ids.allSatisfy { $0.count == 16 && $0.allSatisfy(\.isHexDigit) })
        #expect(try library.run(["list", "--favourite", "--ids"]).stdout == "")
        #expect(try library.run(["list", "--missing", "--ids"]).stdout == "")
    }

    @Test func jsonShapesAgree() throws {
        let library = try Self.sampleLibrary()
        let array = try library.run(["list", "--json"])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(array.stdout.utf8)) as? [[String: Any]])
        let lines = try library.assets()
        #expect(parsed.count == 10 && lines.count == 10)
        #expect(parsed.map { $0["id"] as? String } == lines.map { $0["id"] as? String })
        let art = try #require(lines.first { $0["fileName"] as? String == "bordeaux-art.jpg" })
        #expect(art["caption"] as? String == "Lovely piece of art in Bordeaux")
        #expect(art["relativePath"] as? String == "2015/bordeaux-art.jpg")
        #expect(art["path"] as? String == library.root.appendingPathComponent("2015/bordeaux-art.jpg").path)
        let gps = try #require(art["gps"] as? [String: Any])
        #expect(gps["latitude"] as? Double == 44.8412 && gps["longitude"] as? Double == -0.5698)
        let sunset = try #require(lines.first { $0["fileName"] as? String == "sunset-orientation-6.jpg" })
        #expect(sunset["orientation"] as? Int == 6)
        #expect(sunset["width"] as? Int == 1920 && sunset["height"] as? Int == 1280)
        let bare = try #require(lines.first { $0["fileName"] as? String == "no-exif.jpg" })
        #expect(
            bare["camera"] is NSNull && bare["gps"] is NSNull && bare["takenAt"] is NSNull && bare["caption"] is NSNull)
        let keys = [
            "id", "shortId", "path", "relativePath", "fileName", "fileSize", "modifiedAt", "fingerprint",
            "width", "height", "pixelWidth", "pixelHeight", "orientation", "takenAt", "camera", "gps",
            "caption", "city", "country", "favourite", "liked", "trashed", "missing", "indexedAt",
        ]
        for key in keys { #expect(art[key] != nil, "asset JSON lacks \(key)") }
    }

    @Test func idPrefixesAreShortestUniqueOfAtLeastEight() throws {
        let library = try Self.sampleLibrary()
        let lines = try library.assets()
        for asset in lines {
            let id = try #require(asset["id"] as? String)
            let short = try #require(asset["shortId"] as? String)
            #expect(id.hasPrefix(short) && short.count >= 8)
        }
    }

    /// Newest first starts with the newest photo, not with the undated ones (issue 26.15),
    /// on both stores; --help and the man page say so.
    @Test(arguments: CatalogBackend.all) func newestFirstKeepsTheUndatedLast(_ backend: CatalogBackend) throws {
        let library = try Self.sampleLibrary(renditions: false, backend: backend)
        let result = try library.run(["list", "--sort", "taken", "--reverse", "--format", "{relativePath}"])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                2016/mountain-chamonix.jpg
                2016/lighthouse-portrait.jpg
                2016/buda-beach-kortrijk.jpg
                2016/progressive-tokyo.jpg
                2015/sunset-orientation-6.jpg
                2015/tree-orientation-8.jpg
                2015/harbour-rouffiac.jpg
                2015/lake-beach.jpg
                2015/bordeaux-art.jpg
                no-exif.jpg

                """, "\(backend)")
        #expect(try library.run(["list", "--help"]).stdout.contains("undated, unplaced or never popped"))
    }

    /// `--failed` lists files: no ids, no asset template, and the reason without the path
    /// again (issue 26.17).
    @Test func failedListsFilesWithTheirReasonOnly() throws {
        let library = try TestLibrary.sample()
        try Data("not a jpeg".utf8).write(to: library.url("2015/broken.jpg"))
        #expect(try library.run(["index", "--no-renditions"]).status == 2)
        let table = try library.run(["list", "--failed"])
        #expect(table.status == 0)
        let row = try #require(table.stdout.split(separator: "\n").first { $0.contains("broken.jpg") })
        #expect(row.components(separatedBy: "broken.jpg").count == 2, "\(row)")
        for output in [["--ids"], ["--format", "{id}"]] {
            let refused = try library.run(["list", "--failed"] + output)
            #expect(refused.status == 64 && refused.stdout.isEmpty, "\(output)")
            #expect(refused.stderr.hasPrefix("Error: --failed lists files, not assets"), "\(refused.stderr)")
        }
    }

    @Test func usageErrorsExit64WithAHint() throws {
        let library = try Self.sampleLibrary()
        let typo = try library.run(["list", "--favourit"])
        #expect(typo.status == 64)
        #expect(typo.stderr.hasPrefix("Error: Unknown option '--favourit'. Did you mean '--favourite'?\n"))
        let sort = try library.run(["list", "--sort", "colour"])
        #expect(sort.status == 64)
        let month = try library.run(["list", "--taken-after", "2015-13"])
        #expect(month.status == 64)
        let both = try library.run(["list", "--json", "--ids"])
        #expect(both.status == 64)
        let field = try library.run(["list", "--format", "{cty}"])
        #expect(field.status == 64 && field.stderr.contains("Did you mean '{city}'?"))
    }

    @Test func noLibraryIsExit66() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let empty = folder.url
        let result = try BinaryRunner.run(["list"], workingDirectory: empty)
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("photolib: error: no photolib library found in \(empty.path)"))
        let named = try BinaryRunner.run(["list"], environment: ["PHOTOLIB_LIBRARY": empty.path])
        #expect(named.status == 66)
        #expect(
            named.stderr
                == "photolib: error: \(empty.path): not a photolib library (no .photolib/ here); run 'photolib init'\n")
    }
}
