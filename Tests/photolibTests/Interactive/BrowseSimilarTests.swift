import Foundation
import PhotoTestSupport
import Testing

/// Issue 30: `browse --similar` shows each group `photolib similar` finds as one cell, the
/// member to keep, marked ≈ and the number of members; `b` opens it, the status line gives
/// each member's distance, peek compares them, a member deleted leaves its group; `pick
/// --similar` picks a cell. SampleLibrary's photos and copies of them made by ImageMagick;
/// the groups expected are `similar --json`'s.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ImageMagick is needed"))
struct BrowseSimilarTests {
    static func library(_ backend: CatalogBackend) throws -> TestLibrary {
        let library = try TestLibrary()
        for (name, sample) in [
            ("harbour.jpg", "2015/harbour-rouffiac.jpg"), ("lake.jpg", "2015/lake-beach.jpg"),
            ("art.jpg", "2015/bordeaux-art.jpg"),
        ] {
            try library.add(SampleFiles.root.appendingPathComponent(sample), as: name)
        }
        // Copies without their metadata (with it, one camera's shots of one second are a burst).
        for (copy, source, arguments) in [
            ("harbour-half.jpg", "harbour.jpg", ["-resize", "50%", "-quality", "60"]),
            ("harbour-crop.jpg", "harbour.jpg", ["-gravity", "center", "-crop", "95%x95%+0+0", "+repage"]),
            ("lake-small.jpg", "lake.jpg", ["-resize", "60%", "-modulate", "110", "-quality", "70"]),
        ] {
            try MovieClips.run(
                "/usr/bin/convert", [library.url(source).path, "-strip"] + arguments + [library.url(copy).path])
        }
        let made = try BinaryRunner.run(["init"] + backend.initArguments() + [library.root.path])
        #expect(made.status == 0, "\(made.stderr)")
        let indexed = try library.run(["index"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        return library
    }

    /// `similar --json`'s groups: each member's file name, distance and what its cell shows
    /// (the caption, else the file name), the one to keep first.
    static func groups(_ library: TestLibrary) throws -> [[(name: String, distance: Int, label: String)]] {
        let result = try library.run(["similar", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let groups = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return groups.map { group in
            (group["members"] as? [[String: Any]] ?? []).map {
                let name = $0["fileName"] as? String ?? ""
                return (
                    name, $0["distance"] as? Int ?? -1, ($0["caption"] as? String).map { String($0.prefix(12)) } ?? name
                )
            }
        }
    }

    @Test(arguments: CatalogBackend.all) func eachGroupIsACellThatOpensToCompare(_ backend: CatalogBackend) throws {
        let library = try Self.library(backend)
        let groups = try Self.groups(library)
        // The copies found, the different pictures apart: the two groups these files make.
        #expect(
            groups.map { Set($0.map(\.name)) }
                == [["harbour.jpg", "harbour-half.jpg", "harbour-crop.jpg"], ["lake.jpg", "lake-small.jpg"]],
            "\(groups)")
        let harbour = try #require(groups.first)
        try #require(groups.count == 2 && harbour.count == 3)

        let terminal = try library.launch(["browse", "--similar", "--image", "none"])
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 1/\(groups.count) ") == true }, "\(terminal.screen.text)")
        #expect(terminal.screen.lines[0].hasPrefix(" Similar: \(groups.count) groups"), "\(terminal.screen.lines[0])")
        for group in groups {
            let caption = "≈\(group.count) \(group[0].label)"
            #expect(terminal.wait { $0.text.contains(caption) }, "\(caption): \(terminal.screen.text)")
        }
        // Not the photo in no group, nor a member that is not kept.
        let art = try #require(try library.assets().first { $0["fileName"] as? String == "art.jpg" })
        let artLabel = String((art["caption"] as? String ?? "art.jpg").prefix(12))
        #expect(!terminal.screen.text.contains(artLabel) && !terminal.screen.text.contains("harbour-half.jpg"))

        // Open the first group: its members in similar's order, each with its distance.
        terminal.type("b")
        #expect(terminal.wait { $0.lines.last?.hasPrefix(" 1/\(harbour.count) ") == true }, "\(terminal.screen.text)")
        #expect(terminal.statusLine.contains("alike: \(harbour.count), distance 0"), "\(terminal.statusLine)")
        terminal.type(Keys.right)
        #expect(
            terminal.wait {
                $0.lines.last?.contains("alike: \(harbour.count), distance \(harbour[1].distance)") == true
            },
            "\(terminal.statusLine)")
        // Peek compares: the second member, then the third with →.
        terminal.type(" ")
        #expect(terminal.waitFor("Peek: \(harbour[1].name)"), "\(terminal.screen.text)")
        terminal.type(Keys.right)
        #expect(terminal.waitFor("Peek: \(harbour[2].name)"), "\(terminal.screen.text)")
        #expect(terminal.statusLine.contains("distance \(harbour[2].distance)"), "\(terminal.statusLine)")
        terminal.type(Keys.escape)
        #expect(terminal.wait { $0.lines.last?.contains("b/Esc close") == true }, "\(terminal.statusLine)")

        // Deleting a member takes it out of its group.
        terminal.type("dy")
        #expect(
            terminal.wait { $0.lines.last?.hasPrefix(" 2/\(harbour.count - 1) ") == true }, "\(terminal.screen.text)")
        terminal.type(Keys.escape)
        #expect(
            terminal.wait { $0.text.contains("≈\(harbour.count - 1) \(harbour[0].label)") }, "\(terminal.screen.text)")
        #expect(terminal.statusLine.hasPrefix(" 1/\(groups.count) "), "\(terminal.statusLine)")

        // No collections or filter here.
        terminal.type(Keys.tab)
        #expect(terminal.wait { $0.lines.last?.contains("--similar shows its groups alone") == true })
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        terminal.expectRestored()
        let trashed = try library.run(["list", "--trashed", "--format", "{fileName}"])
        #expect(trashed.stdout == harbour[2].name + "\n", "\(trashed.stdout)")
    }

    @Test func pickTakesAGroupsCellAndThresholdNeedsSimilar() throws {
        let library = try Self.library(.sqlite)
        let groups = try Self.groups(library)
        let output = library.root.appendingPathComponent("pick-stdout")
        let terminal = try library.launch(["pick", "--similar", "--image", "none"], standardOutput: output.path)
        #expect(terminal.wait { $0.text.contains("≈") }, "\(terminal.screen.text)")
        terminal.type(Keys.right + Keys.enter)
        #expect(terminal.waitForExit() == 0)
        let picked = try String(contentsOf: output, encoding: .utf8)
        #expect(picked == library.url(try #require(groups.last?.first?.name)).path + "\n")

        let usage = try library.run(["browse", "--threshold", "4"])
        #expect(usage.status == 64 && usage.stderr.contains("--threshold goes with --similar"), "\(usage.stderr)")
    }
}
