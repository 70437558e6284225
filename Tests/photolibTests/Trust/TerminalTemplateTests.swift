import Foundation
import Testing

/// Issue 24 item 7: `list --format` on a terminal goes through the one sanitiser, JSON
/// escapes C1 controls, and an action's line never lets a caption's newline start a line.
@Suite struct TerminalTemplateTests {
    /// OSC 52 (clipboard), OSC 0 (window title), clear screen and a C1 CSI.
    static let hostile = "x\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}2J"

    private func hostileLibrary() throws -> (TestLibrary, id: String) {
        let library = try TestLibrary.sample()
        let name = "2015/evil\u{1B}]0;title\u{07}\u{9B}2J.jpg"
        try library.add(BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015/lake-beach.jpg"), as: name)
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let asset = try #require(try library.assets().first { ($0["relativePath"] as? String) == name })
        let id = try #require(asset["id"] as? String)
        #expect(try library.run(["action", "caption", "--value", Self.hostile, id]).status == 0)
        // What exiftool -Make=… -Model=… would have put in the catalog through an index.
        try CatalogSQL.execute(
            "UPDATE assets SET camera_make = 'Canon\u{1B}]52;c;eA==\u{07}', camera_model = 'EOS\u{9B}2J'",
            root: library.root)
        return (library, id)
    }

    @Test func formatOnATerminalEscapesEveryControlCharacter() throws {
        let (library, _) = try hostileLibrary()
        let shown = try EscapeSequenceTests.onTerminal([
            "list", "--format", "{relativePath}|{caption}|{make}|{model}", "--library", library.root.path,
        ])
        #expect(shown.status == 0, "\(shown.stdout)")
        #expect(!shown.stdout.contains("\u{1B}") && !shown.stdout.contains("\u{07}"), "\(shown.stdout)")
        #expect(!shown.stdout.unicodeScalars.contains("\u{9B}"), "\(shown.stdout)")
        #expect(shown.stdout.contains("evil\\x1B]0;title\\x07\\u{9B}2J.jpg|x\\x1B]52;c;"), "\(shown.stdout)")
        #expect(shown.stdout.contains("|Canon\\x1B]52;c;eA==\\x07|EOS\\u{9B}2J"), "\(shown.stdout)")

        // To a pipe the template is byte-exact: scripts get the names as they are.
        let piped = try library.runRaw(["list", "--format", "{relativePath}"])
        #expect(piped.stdout.contains(Array("evil\u{1B}]0;title\u{07}\u{9B}2J.jpg".utf8)))
    }

    @Test func jsonEscapesC1Controls() throws {
        let (library, _) = try hostileLibrary()
        for form in ["--jsonl", "--json"] {
            let json = try library.runRaw(["list", form])
            #expect(!json.stdout.contains(0x1B) && !json.stdout.contains(0x07))
            // U+009B is C2 9B in UTF-8: never raw, always \u009b.
            #expect(!zip(json.stdout, json.stdout.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) })
            let text = String(decoding: json.stdout, as: UTF8.self)
            #expect(text.contains("\\u009b2J"), "\(text)")
        }
        // It still reads back as the same text.
        #expect(try library.assets().contains { ($0["caption"] as? String) == Self.hostile })
    }

    @Test func anActionLineKeepsACaptionOnOneLine() throws {
        let library = try TestLibrary.sample()
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let caption = "first line\nforged: 2015/other.jpg: favourite false → true"
        let action = try library.run(["action", "caption", "--value", caption, "2015/lake-beach.jpg"])
        #expect(action.status == 0)
        #expect(action.stdout.split(separator: "\n").count == 1, "\(action.stdout)")
        #expect(action.stdout.contains("\"first line\\nforged: "), "\(action.stdout)")

        let csv = "path,caption\n2015/lake-beach.jpg,\"again\nforged\"\n"
        let set = try library.run(["action", "set", "--from", "-"], stdin: Data(csv.utf8))
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.split(separator: "\n").count == 2, "\(set.stdout)")
        #expect(set.stdout.contains("\"again\\nforged\""), "\(set.stdout)")

        // peek's facts, piped: the caption is one line.
        let peek = try library.run(["peek", "2015/lake-beach.jpg", "--image", "none"])
        #expect(peek.stdout.contains("Caption  again\\nforged\n"), "\(peek.stdout)")
    }
}
