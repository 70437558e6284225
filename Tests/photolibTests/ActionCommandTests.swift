import Foundation
import Testing

/// `photolib action`, `trash` and `history` end to end, over a copy of SampleLibrary/.
@Suite struct ActionCommandTests {
    let library: TestLibrary
    /// Asset JSON objects by relative path, as `list --jsonl` printed them after indexing.
    let byPath: [String: [String: Any]]

    init() throws {
        library = try ListCommandTests.sampleLibrary()
        byPath = Dictionary(uniqueKeysWithValues: try library.assets().map { ($0["relativePath"] as! String, $0) })
    }

    private func id(_ path: String) -> String { byPath[path]!["id"] as! String }

    /// The asset's current JSON (trashed ones included).
    private func state(_ path: String) throws -> [String: Any] {
        let all = try library.assets(["--trashed"]) + library.assets()
        return try #require(all.first { $0["relativePath"] as? String == path })
    }

    private let art = "2015/bordeaux-art.jpg"

    @Test func everyActionAndItsInverse() throws {
        let steps: [(arguments: [String], key: String, expected: Any?)] = [
            (["favourite"], "favourite", true), (["unfavourite"], "favourite", false),
            (["favorite"], "favourite", true), (["unfavorite"], "favourite", false),
            (["toggle-favourite"], "favourite", true), (["toggle-favorite"], "favourite", false),
            (["like"], "liked", true), (["unlike"], "liked", false),
            (["caption", "--value", "Mine"], "caption", "Mine"), (["caption", "--value", ""], "caption", nil),
            (["city", "--value", "Talence"], "city", "Talence"), (["city", "--value", ""], "city", nil),
            (["delete"], "trashed", true), (["restore"], "trashed", false),
        ]
        for step in steps {
            let result = try library.run(["action"] + step.arguments + [id(art)])
            #expect(result.status == 0, "\(step.arguments): \(result.stderr)")
            let value = try state(art)[step.key]
            switch step.expected {
            case let flag as Bool: #expect(value as? Bool == flag, "\(step.arguments)")
            case let text as String: #expect(value as? String == text, "\(step.arguments)")
            default: #expect(value is NSNull, "\(step.arguments)")
            }
        }
        let after = try state(art)
        #expect(after["captionSource"] as? String == "user" && after["citySource"] as? String == "user")
        // Fourteen actions, each changed one field: fourteen entries, oldest first.
        let history = try library.run(["history", id(art), "--json"])
        let events = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(events.count == steps.count)
        #expect(
            events.map { $0["action"] as! String } == [
                "favourite", "unfavourite", "favourite", "unfavourite",
                "toggle-favourite", "toggle-favourite", "like", "unlike", "caption", "caption", "city", "city",
                "delete", "restore",
            ])
        #expect(
            events[8]["old"] as? String == "Lovely piece of art in Bordeaux" && events[8]["new"] as? String == "Mine")
        #expect(events[9]["new"] is NSNull)
    }

    @Test func textOutputAndJSONOfTheNewState() throws {
        let short = String(id(art).prefix(8))
        let text = try library.run(["action", "favourite", art])
        #expect(text.stdout.hasPrefix(short) && text.stdout.hasSuffix(" \(art): favourite false → true\n"))
        #expect(try library.run(["action", "favourite", art]).stdout.hasSuffix(": unchanged\n"))
        let json = try library.run(["action", "like", "--json", art])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 1 && array[0]["liked"] as? Bool == true && array[0]["favourite"] as? Bool == true)
        #expect(array[0].keys.contains("poppedAt") && array[0].keys.contains("trashedAt"))
    }

    @Test func deleteThenRestoreGivesBackIdenticalBytesAtTheSamePath() throws {
        let file = library.url(art)
        let before = try Data(contentsOf: file)
        #expect(try library.run(["action", "delete", art]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let trashed = try library.run(["trash", "list"])
        #expect(trashed.stdout.contains(art))
        #expect(try library.run(["action", "restore", id(art)]).status == 0)
        #expect(try Data(contentsOf: file) == before)
        #expect(try library.run(["trash", "list"]).stdout == "The trash is empty.\n")
        // Indexing after the round trip sees the same, unchanged file.
        #expect(try library.run(["index"]).stdout.hasPrefix("added 0, updated 0, moved 0, unchanged 10"))
    }

    @Test func restoreIsRefusedWhenThePathIsTaken() throws {
        #expect(try library.run(["action", "delete", art]).status == 0)
        try Data("someone else".utf8).write(to: library.url(art))
        let result = try library.run(["action", "restore", id(art)])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot restore: another file is at this path now"))
        #expect(try Data(contentsOf: library.url(art)) == Data("someone else".utf8))
        #expect(try state(art)["trashed"] as? Bool == true)
    }

    @Test func emptyingTheTrashNeedsYes() throws {
        #expect(try library.run(["action", "delete", art]).status == 0)
        let trashFolder = library.url(".photolib/trash")
        let refused = try library.run(["trash", "empty"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("needs --yes"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: trashFolder.path).count == 1)
        #expect(
            try library.run(["trash", "empty", "--older-than", "30d", "--yes"]).stdout
                == "deleted 0 originals for good (0 B)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: trashFolder.path).count == 1)
        let emptied = try library.run(["trash", "empty", "--yes"])
        #expect(emptied.status == 0 && emptied.stdout.hasPrefix("deleted 1 original for good"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: trashFolder.path).isEmpty)
        #expect(try library.assets(["--trashed"]).isEmpty)
        #expect(try library.run(["history", "--json"]).stdout.contains("\"purge\""))
    }

    @Test func idsFromAPipe() throws {
        let ids = try library.run(["list", "--caption", "beach", "--ids"]).stdout
        let result = try library.run(["action", "favourite", "-"], stdin: Data(ids.utf8))
        #expect(result.status == 0)
        #expect(
            try library.assets(["--favourite"]).map { $0["caption"] as! String }.sorted()
                == ["Buda beach in Kortrijk", "Cosy lake beach in France"])
        let lines = try library.run(["list", "--favourite", "--jsonl"]).stdout
        #expect(try library.run(["action", "like", "-"], stdin: Data(lines.utf8)).status == 0)
        #expect(try library.assets(["--liked"]).count == 2)
    }

    @Test func ambiguousPrefixExits66NamingCandidates() throws {
        // Seven copies make 17 assets, so by pigeonhole two ids share their first digit.
        for index in 0..<7 { try library.add(library.url(art), as: "copies/\(index).jpg") }
        #expect(try library.run(["index"]).status == 0)
        let ids = try library.run(["list", "--ids"]).stdout.split(separator: "\n").map(String.init)
        #expect(ids.count == 17)
        let digit = try #require(Dictionary(grouping: ids, by: { $0.prefix(1) }).first { $0.value.count > 1 })
        let result = try library.run(["action", "like", String(digit.key)])
        #expect(result.status == 66)
        #expect(result.stderr.contains("ambiguous asset '\(digit.key)'"))
        for candidate in digit.value.prefix(10) { #expect(result.stderr.contains(candidate)) }
        #expect(try library.assets(["--liked"]).isEmpty)
        let unknown = try library.run(["action", "like", "no/such/file.jpg", id(art)])
        #expect(unknown.status == 66 && unknown.stderr.contains("no asset matches 'no/such/file.jpg'"))
        #expect(try library.assets(["--liked"]).isEmpty)
    }

    @Test func dryRunChangesNothing() throws {
        let before = try library.run(["list", "--jsonl"]).stdout
        for action in [["delete"], ["favourite"], ["caption", "--value", "x"]] {
            let result = try library.run(["action"] + action + ["--dry-run", art, "2015/lake-beach.jpg"])
            #expect(result.status == 0)
            #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("would change ") })
        }
        #expect(try library.run(["list", "--jsonl"]).stdout == before)
        #expect(FileManager.default.fileExists(atPath: library.url(art).path))
        #expect(try library.run(["history"]).stdout == "No actions yet.\n")
    }

    @Test func deletingSeveralFromAScriptNeedsYesAndFailuresArePartial() throws {
        let two = [art, "2015/lake-beach.jpg"]
        let refused = try library.run(["action", "delete"] + two)
        #expect(refused.status == 64 && refused.stderr.contains("needs --yes"))
        #expect(two.allSatisfy { FileManager.default.fileExists(atPath: library.url($0).path) })
        try FileManager.default.removeItem(at: library.url("2015/lake-beach.jpg"))
        let partial = try library.run(["action", "delete", "--yes"] + two)
        #expect(partial.status == 2)
        #expect(partial.stderr.contains("lake-beach.jpg: the original is not there"))
        #expect(try state(art)["trashed"] as? Bool == true)
    }

    @Test func manyActionsInALoopKeepTheLogAndStateInStep() throws {
        let ids = try library.run(["list", "--ids"]).stdout
        let rounds = 25
        for _ in 0..<rounds {
            #expect(try library.run(["action", "toggle-favourite", "-"], stdin: Data(ids.utf8)).status == 0)
        }
        // An odd number of toggles: every asset is a favourite, and each toggle is one event.
        #expect(try library.assets(["--favourite"]).count == 10)
        let history = try library.run(["history", "--json"]).stdout
        let events = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        #expect(events.count == rounds * 10)
        #expect(Set(events.map { $0["batch"] as! String }).count == rounds)
    }
}
