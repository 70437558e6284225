import Foundation
import Testing

/// What scripts pipe into photolib and the statuses they get back (issue: a real user's
/// afternoon with scripts and jq).
@Suite struct ScriptInputTests {
    let library: TestLibrary

    init() throws { library = try ListCommandTests.sampleLibrary(renditions: false) }

    private func favourites() throws -> [String] {
        try library.assets(["--favourite"]).map { $0["relativePath"] as! String }.sorted()
    }

    @Test func prettyPrintedJSONArrayAndJQObjectsOnStandardInput() throws {
        let beaches = try library.run(["list", "--caption", "beach", "--json"]).stdout
        #expect(beaches.contains("\n  {"))  // pretty-printed, as a user pipes it
        let result = try library.run(["action", "favourite", "-"], stdin: Data(beaches.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(try favourites() == ["2015/lake-beach.jpg", "2016/buda-beach-kortrijk.jpg"])

        // jq without -c: one pretty object after another.
        let objects = """
            {
              "id": "\(try library.assets(["--caption", "art"])[0]["id"] as! String)",
              "caption": "a } brace and \\"quotes\\" in a string"
            }
            {
              "id": "\(try library.assets(["--caption", "Tokyo"])[0]["id"] as! String)"
            }

            """
        let liked = try library.run(["action", "like", "-"], stdin: Data(objects.utf8))
        #expect(liked.status == 0, "\(liked.stderr)")
        #expect(try library.assets(["--liked"]).count == 2)

        // An array of id strings, JSON Lines and plain ids keep working.
        let ids = try library.assets(["--caption", "beach"]).map { "\"\($0["id"] as! String)\"" }
        #expect(
            try library.run(["action", "unfavourite", "-"], stdin: Data("[\(ids.joined(separator: ","))]".utf8))
                .status == 0)
        #expect(try favourites().isEmpty)
        let lines = try library.run(["list", "--caption", "beach", "--jsonl"]).stdout
        #expect(try library.run(["action", "favourite", "-"], stdin: Data(lines.utf8)).status == 0)
        #expect(try favourites().count == 2)
    }

    @Test func inputInNoKnownShapeIsOneClearError() throws {
        for bad in ["  \"id\": \"abc\",\n  \"x\": 1\n", "{\"id\": \"abc\"\n", "[1, 2]", "{\"caption\": \"x\"}"] {
            let result = try library.run(["action", "favourite", "-"], stdin: Data(bad.utf8))
            #expect(result.status == 65, "\(bad)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(bad): \(result.stderr)")
            #expect(result.stderr.contains("expected asset ids or paths one a line, JSON Lines, JSON objects"))
        }
        #expect(try favourites().isEmpty)
    }

    @Test func popRefusesMoreThanOneAsset() throws {
        let ids = try library.run(["list", "--limit", "4", "--ids"]).stdout
        let target = library.url("out.jpg").path
        let result = try library.run(["pop", "-", "--export", target], stdin: Data(ids.utf8))
        #expect(result.status == 64)
        #expect(result.stderr.contains("takes one asset, but 4 were given"))
        #expect(result.stderr.contains("photolib export"))
        #expect(!FileManager.default.fileExists(atPath: target))
        let one = try library.run(["pop", "-", "--export", target], stdin: Data(ids.prefix(17).utf8))
        #expect(one.status == 0 && FileManager.default.fileExists(atPath: target))
    }

    @Test func unknownCollectionExits66WithTheNearestNames() throws {
        let typo = try library.run(["list", "--collection", "Bordeax"])
        #expect(typo.status == 66)
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderr.contains("no collection 'Bordeax'; nearest: Bordeaux"))
        #expect(try library.run(["list", "--collection", "1999"]).status == 66)
        #expect(
            try library.run(["list", "--collection", "bordeaux", "--ids"]).stdout.split(separator: "\n").count == 2)
        #expect(try library.run(["list", "--collection", "2016", "--ids"]).status == 0)
        #expect(try library.run(["list", "--collection", "favourites"]).status == 0)
    }

    @Test func exportTargetsThatAreInTheWay() throws {
        let art = "2015/bordeaux-art.jpg"
        let file = library.url("taken.jpg")
        try Data("mine".utf8).write(to: file)
        let exists = try library.run(["pop", art, "--export", file.path])
        #expect(exists.status == 73)
        #expect(exists.stderr == "photolib: error: \(file.path) exists; use --force to replace it\n")
        #expect(try Data(contentsOf: file) == Data("mine".utf8))
        // A folder: the copy goes into it under the original's name, never replacing it.
        let folder = library.url("exports")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let into = try library.run(["pop", art, "--export", folder.path, "--force"])
        #expect(into.status == 0, "\(into.stderr)")
        #expect(
            try Data(contentsOf: folder.appendingPathComponent("bordeaux-art.jpg"))
                == Data(contentsOf: library.url(art)))
        let again = try library.run(["pop", art, "--export", folder.path])
        #expect(again.status == 73)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub/bordeaux-art.jpg"), withIntermediateDirectories: true)
        let folderInTheWay = try library.run(["pop", art, "--export", folder.appendingPathComponent("sub").path, "-f"])
        #expect(folderInTheWay.status == 73)
        #expect(folderInTheWay.stderr.contains("a folder is there"))
    }

    @Test func historyOfAPurgedAssetIsKept() throws {
        let art = try library.assets(["--caption", "art"])[0]["id"] as! String
        #expect(try library.run(["action", "favourite", art]).status == 0)
        #expect(try library.run(["action", "delete", art]).status == 0)
        #expect(try library.run(["trash", "empty", "--yes"]).status == 0)
        for reference in [art, String(art.prefix(8))] {
            let history = try library.run(["history", reference, "--json"])
            #expect(history.status == 0, "\(history.stderr)")
            let events = try #require(
                try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
            #expect(events.map { $0["action"] as! String } == ["favourite", "delete", "purge"])
        }
        #expect(try library.run(["history", "0000000000000000"]).status == 66)
    }
}
