import Foundation
import Testing

/// Issue 24 items 8 and 10: `action set` takes back the forms photolib writes a name that is
/// not UTF-8 in, refuses text that is not UTF-8 by line number, refuses a huge field early,
/// says nothing under --quiet and refuses an asset named twice.
@Suite struct BulkEditInputTests {
    /// `caf\xE9.jpg`, a Latin-1 name, beside the sample photos.
    private func latin1Library() throws -> (TestLibrary, name: [UInt8]) {
        let library = try TestLibrary.sample()
        let name = Array("2015/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let source = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015/lake-beach.jpg")
        let path = Array(library.root.path.utf8) + [UInt8(ascii: "/")] + name
        let data = try Data(contentsOf: source)
        let descriptor = (path + [0]).withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644)
        }
        try #require(descriptor >= 0)
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        return (library, name)
    }

    private func latin1Line(_ library: TestLibrary) throws -> [UInt8] {
        let lines = try library.runRaw(["list", "--jsonl"]).stdout.split(separator: 0x0A)
        return try #require(lines.first { String(decoding: $0, as: UTF8.self).contains("\\udce9") }).map { $0 }
    }

    private func caption(_ library: TestLibrary, of name: [UInt8]) throws -> String? {
        let line = try library.runRaw(["list", "--format", "{relativePath}\t{caption}"]).stdout
            .split(separator: 0x0A).first { $0.starts(with: name + [0x09]) }
        return line.map { String(decoding: $0.dropFirst(name.count + 1), as: UTF8.self) }
    }

    @Test func jsonLinesWithANonUTF8NameAreTakenBack() throws {
        let (library, name) = try latin1Library()
        let line = try latin1Line(library)
        // As list wrote it: no change, and no failure.
        let same = try library.runRaw(["action", "set", "--from", "-"], stdin: Data(line + [0x0A]))
        #expect(same.status == 0, "\(same.stderr)")
        // With the caption changed (and by path alone, as jq might leave it).
        let text = String(decoding: line, as: UTF8.self)
        let path = try #require(text.range(of: "\"path\":\"[^\"]*\"", options: .regularExpression).map { text[$0] })
        let edited = "{\(path),\"caption\":\"Café au lait\"}\n"
        let set = try library.runRaw(["action", "set", "--from", "-"], stdin: Data(edited.utf8))
        #expect(set.status == 0, "\(edited) \(set.stderr)")
        #expect(try caption(library, of: name) == "Café au lait")
        // Any other lone surrogate is no form photolib writes.
        let bad = "{\"path\":\"\\ud800x\",\"caption\":\"x\"}\n"
        let refused = try library.run(["action", "set", "--from", "-"], stdin: Data(bad.utf8))
        #expect(refused.status == 65)
        #expect(
            refused.stderr.contains("standard input:1: not a JSON object: a lone high surrogate"), "\(refused.stderr)")
    }

    @Test func aCSVPathCellWithTheRawNameMatches() throws {
        let (library, name) = try latin1Library()
        let csv = Array("path,caption\n".utf8) + name + Array(",Latin-1 is fine\n".utf8)
        let set = try library.runRaw(["action", "set", "--from", "-"], stdin: Data(csv))
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try caption(library, of: name) == "Latin-1 is fine")
    }

    @Test func invalidUTF8TextIsRefusedByLineNumber() throws {
        let library = try TestLibrary.sample()
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let csv =
            Array("path,caption\n2015/lake-beach.jpg,fine\n2015/bordeaux-art.jpg,caf".utf8) + [0xE9] + [0x0A]
        let set = try library.run(["action", "set", "--from", "-"], stdin: Data(csv))
        #expect(set.status == 65)
        #expect(set.stderr.contains("standard input:3: caption is not valid UTF-8 text"), "\(set.stderr)")
        #expect(try library.assets().allSatisfy { $0["caption"] as? String != "fine" })
        let json = Array("{\"path\":\"2015/lake-beach.jpg\",\"caption\":\"caf".utf8) + [0xE9] + Array("\"}\n".utf8)
        let jsonSet = try library.run(["action", "set", "--from", "-"], stdin: Data(json))
        #expect(jsonSet.status == 65)
        #expect(jsonSet.stderr.contains("standard input:1: not a JSON object: a string is not valid UTF-8"))
        // \udcXX is for names: a caption with one is no text.
        let escaped = "{\"path\":\"2015/lake-beach.jpg\",\"caption\":\"caf\\udce9\"}\n"
        let escapedSet = try library.run(["action", "set", "--from", "-"], stdin: Data(escaped.utf8))
        #expect(escapedSet.status == 65)
        #expect(escapedSet.stderr.contains("standard input:1: caption is not valid UTF-8 text"), "\(escapedSet.stderr)")
    }

    @Test func aHugeFieldIsRefusedEarlyAndTextIsBounded() throws {
        let library = try TestLibrary.sample()
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        var csv = Array("path,caption\n2015/lake-beach.jpg,".utf8)
        csv += [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20)
        csv += [0x0A]
        let started = Date()
        let set = try library.run(["action", "set", "--from", "-"], stdin: Data(csv))
        #expect(set.status == 65)
        #expect(set.stderr.contains("standard input:2: a field over 1048576 bytes"), "\(set.stderr)")
        // (109 s before; reading 100 MB and stopping at the first mebibyte takes well under that.)
        #expect(Date().timeIntervalSince(started) < 30)

        let long = String(repeating: "é", count: 2001)
        let tooLong = try library.run(
            ["action", "set", "--from", "-"], stdin: Data("path,caption\n2015/lake-beach.jpg,\(long)\n".utf8))
        #expect(tooLong.status == 65)
        #expect(
            tooLong.stderr.contains("standard input:2: caption of 2001 characters is over the 2000-character limit"),
            "\(tooLong.stderr)")
        let action = try library.run(["action", "caption", "--value", long, "2015/lake-beach.jpg"])
        #expect(action.status == 64)
        #expect(
            action.stderr.contains("caption of 2001 characters is over the 2000-character limit"), "\(action.stderr)")
        let keyword = try library.run([
            "action", "keyword", "add", "--value", String(repeating: "k", count: 201), "2015/lake-beach.jpg",
        ])
        #expect(keyword.status == 64)
        let fits = try library.run([
            "action", "caption", "--value", String(repeating: "é", count: 2000), "2015/lake-beach.jpg",
        ])
        #expect(fits.status == 0)
    }

    @Test func quietSaysNothingAndAnAssetNamedTwiceIsRefused() throws {
        let library = try TestLibrary.sample()
        try #require(try library.run(["index", "--no-renditions"]).status == 0)
        let csv = "path,caption\n2015/lake-beach.jpg,one\n"
        let quiet = try library.run(["action", "set", "-q", "--from", "-"], stdin: Data(csv.utf8))
        #expect(quiet.status == 0)
        #expect(quiet.stdout.isEmpty, "\(quiet.stdout)")

        let id = try #require(
            try library.assets().first { $0["relativePath"] as? String == "2015/lake-beach.jpg" }?["id"] as? String)
        let twice = "id,caption\n\(id),two\n2015/lake-beach.jpg,three\n"
        let refused = try library.run(["action", "set", "--from", "-"], stdin: Data(twice.utf8))
        #expect(refused.status == 65)
        #expect(
            refused.stderr.contains(
                "standard input:3: 2015/lake-beach.jpg: the same asset as line 2; name each asset once"),
            "\(refused.stderr)")
        let history = try library.run(["history", "--json"])
        #expect(!history.stdout.contains("\"two\"") && !history.stdout.contains("\"three\""))
    }
}
