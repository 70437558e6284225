import Foundation
import Testing

/// Photos deleted outside photolib: missing after the next index, out of the collections
/// but in Missing, and gone for good with `forget`, their history kept.
@Suite struct ForgetCommandTests {
    @Test func missingAssetsLeaveTheCollectionsAndForgetRemovesThem() throws {
        let library = try ListCommandTests.sampleLibrary()
        let art = try library.assets(["--caption", "art"])[0]["id"] as! String
        #expect(try library.run(["action", "favourite", art]).status == 0)
        try FileManager.default.removeItem(at: library.url("2015/bordeaux-art.jpg"))
        try FileManager.default.removeItem(at: library.url("2015/lake-beach.jpg"))
        #expect(try library.run(["index"]).stdout.contains("missing 2"))

        // `action delete` cannot remove them (the file is not there): forget can.
        #expect(try library.run(["action", "delete", art]).status == 66)
        let counts = try library.run(["collections", "--json"])
        let collections = try #require(
            try JSONSerialization.jsonObject(with: Data(counts.stdout.utf8)) as? [[String: Any]])
        func count(_ name: String) -> Int? { collections.first { $0["name"] as? String == name }?["count"] as? Int }
        #expect(count("All") == 8 && count("Missing") == 2 && count("Favourites") == 0 && count("2015") == 3)
        #expect(try library.run(["list", "--collection", "all", "--ids"]).stdout.split(separator: "\n").count == 8)
        #expect(try library.run(["list", "--collection", "missing", "--ids"]).stdout.split(separator: "\n").count == 2)

        let present = try library.run(["forget", "2015/sunset-orientation-6.jpg"])
        #expect(present.status == 1 && present.stderr.contains("its original is there, not missing"))
        let script = try library.run(["forget", "--missing"])
        #expect(script.status == 64 && script.stderr.contains("needs --yes"))
        let dry = try library.run(["forget", "--missing", "--dry-run"])
        #expect(dry.status == 0)
        #expect(dry.stdout.split(separator: "\n").map { $0.hasPrefix("would forget ") } == [true, true])
        #expect(try library.assets(["--missing"]).count == 2)

        let forgot = try library.run(["forget", "--missing", "--yes"])
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(forgot.stdout.contains("forgot ") && forgot.stdout.contains("2015/bordeaux-art.jpg"))
        #expect(try library.assets().count == 8)
        #expect(try library.run(["forget", "--missing"]).stdout == "No missing assets.\n")
        let history = try library.run(["history", art, "--json"])
        #expect(history.status == 0 && history.stdout.contains("\"forget\""))
        #expect(try library.run(["verify"]).status == 0)
    }

    /// One missing photo is forgotten only with --yes or a yes on a terminal, as `trash empty`
    /// deletes (issue 26.4): a script gets exit 64 and nothing changes.
    @Test func evenOneNeedsYesOrAnAnswer() throws {
        let library = try ListCommandTests.sampleLibrary(renditions: false)
        try FileManager.default.removeItem(at: library.url("2015/lake-beach.jpg"))
        #expect(try library.run(["index"]).stdout.contains("missing 1"))
        for arguments in [["forget", "--missing"], ["forget", "2015/lake-beach.jpg"]] {
            let script = try library.run(arguments)
            #expect(script.status == 64, "\(arguments)")
            #expect(script.stderr.hasPrefix("Error: Forgetting 1 asset from a script needs --yes"), "\(script.stderr)")
            #expect(try library.assets(["--missing"]).count == 1)
        }
        #expect(try library.run(["forget", "--missing", "--dry-run"]).status == 0)
        #expect(try library.assets(["--missing"]).count == 1)
        #expect(try library.run(["forget", "--missing", "-y"]).status == 0)
        #expect(try library.assets(["--missing"]).isEmpty)
    }
}
