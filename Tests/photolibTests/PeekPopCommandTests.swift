import Foundation
import Testing

/// `photolib peek` and `pop` end to end, over a copy of SampleLibrary/.
@Suite struct PeekPopCommandTests {
    let library: TestLibrary

    init() throws { library = try ListCommandTests.sampleLibrary(renditions: false) }

    private let art = "2015/bordeaux-art.jpg"
    private let sunset = "2015/sunset-orientation-6.jpg"

    private func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try library.run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func actions(_ object: [String: Any]) -> [[String: String]] {
        (object["actions"] as? [[String: String]]) ?? []
    }

    @Test func peekJSONHasThePreviewAndActionsThatFollowTheState() throws {
        let peek = try json(["peek", art])
        #expect(peek["caption"] as? String == "Lovely piece of art in Bordeaux")
        let keys = Array(
            (try JSONSerialization.jsonObject(
                with: Data(try library.run(["peek", art, "--json"]).stdout.utf8),
                options: []) as! [String: Any]).keys)
        #expect(Set(keys).isSuperset(of: ["id", "preview", "actions", "poppedAt"]))
        let preview = try #require(peek["preview"] as? [String: Any])
        #expect(preview["width"] as? Int == 1280 && preview["height"] as? Int == 853)
        let previewPath = try #require(preview["path"] as? String)
        let previewBytes = try Data(contentsOf: URL(fileURLWithPath: previewPath))
        #expect(previewBytes.starts(with: [0xFF, 0xD8]))
        // Only the preview was made: no thumbnail in the renditions folder.
        let made = FileManager.default.enumerator(atPath: library.url(".photolib/renditions").path)!
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".jpg") }
        #expect(made.count == 1 && made[0].contains("-preview-"))

        let short = try #require(peek["shortId"] as? String)
        #expect(
            actions(peek) == [
                [
                    "name": "favourite", "title": "Make Favourite", "style": "default",
                    "command": "photolib action favourite \(short) --library \(library.root.path)",
                ],
                [
                    "name": "like", "title": "Like", "style": "default",
                    "command": "photolib action like \(short) --library \(library.root.path)",
                ],
                [
                    "name": "delete", "title": "Delete", "style": "destructive",
                    "command": "photolib action delete \(short) --library \(library.root.path)",
                ],
            ])
        // Make it a favourite from the peek's own command, as the tutorial does from the preview.
        let command = actions(peek)[0]["command"]!.split(separator: " ").map(String.init)
        #expect(try BinaryRunner.run(Array(command.dropFirst())).status == 0)
        #expect(try library.run(["action", "like", short]).status == 0)
        #expect(try library.run(["action", "delete", short]).status == 0)
        let after = try json(["peek", short])
        #expect(actions(after).map { $0["title"]! } == ["Remove Favourite", "Unlike", "Restore"])
        #expect(actions(after).map { $0["style"]! } == ["default", "default", "default"])
        #expect(after["favourite"] as? Bool == true && after["trashed"] as? Bool == true)
    }

    @Test func peekOfSeveralAssetsIsAnArray() throws {
        let result = try library.run(["peek", art, sunset, "--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["relativePath"] as! String } == [art, sunset])
        let sunsetPreview = try #require(array[1]["preview"] as? [String: Any])
        #expect(sunsetPreview["width"] as? Int == 1280 && sunsetPreview["height"] as? Int == 853)
    }

    @Test func kittyBytesSymbolsAndNone() throws {
        let kitty = try library.runRaw(["peek", art, "--image", "kitty", "--height", "10"])
        #expect(kitty.status == 0)
        #expect(kitty.stdout.starts(with: [0x1B, 0x5F, 0x47]))  // ESC _ G
        let text = String(decoding: kitty.stdout, as: UTF8.self)
        #expect(text.contains("Caption  Lovely piece of art in Bordeaux\n"))
        #expect(text.contains("  Make Favourite   photolib action favourite "))
        let symbols = try BinaryRunner.runRaw(
            ["peek", art, "--image", "symbols", "--height", "8", "--library", library.root.path],
            environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        let symbolText = String(decoding: symbols.stdout, as: UTF8.self)
        #expect(symbolText.contains("\u{1B}[38;2;"))
        #expect(symbolText.components(separatedBy: "\n").prefix { !$0.hasPrefix("Caption") }.count == 8)
        let plain = try library.run(["peek", art, "--image", "none"])
        #expect(
            plain.stdout.hasPrefix(
                "Caption  Lovely piece of art in Bordeaux\nCity     Bordeaux, Nouvelle-Aquitaine, France\n"))
        #expect(try library.run(["peek", art, "--image", "gif"]).status == 64)
    }

    @Test func popRecordsItAndListsEverything() throws {
        let pop = try json(["pop", sunset])
        #expect(pop["poppedAt"] is String)
        let exif = try #require(pop["exif"] as? [[String: Any]])
        #expect(exif.contains { $0["name"] as? String == "Orientation" && $0["value"] as? String == "Right-top" })
        #expect(exif.contains { $0["directory"] as? String == "GPS" && $0["name"] as? String == "GPSLatitudeRef" })
        let file = try #require(pop["file"] as? [String: Any])
        let size = try FileManager.default.attributesOfItem(atPath: library.url(sunset).path)[.size] as? Int
        #expect(file["size"] as? Int == size && file["mode"] as? String == "0644")
        #expect(pop["original"] as? String == library.url(sunset).path)
        let renditions = try #require(pop["renditions"] as? [String: Any])
        #expect(renditions["thumbnail"] is NSNull && renditions["preview"] is [String: Any])
        _ = try library.run(["pop", art])
        let order = try library.run(["list", "--sort", "popped", "--format", "{relativePath}", "--limit", "2"])
        #expect(order.stdout == "\(art)\n\(sunset)\n")
    }

    @Test func popExportIsByteIdenticalAndNeverOverwritesWithoutForce() throws {
        let target = library.root.appendingPathComponent("out/copy.jpg")
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let export = try library.run(["pop", art, "--export", target.path])
        #expect(export.status == 0 && export.stdout.hasPrefix("exported \(target.path) ("))
        #expect(try Data(contentsOf: target) == Data(contentsOf: library.url(art)))
        let again = try library.run(["pop", sunset, "--export", target.path])
        #expect(again.status == 73 && again.stderr.contains("use --force"))
        #expect(try Data(contentsOf: target) == Data(contentsOf: library.url(art)))
        #expect(try library.run(["pop", sunset, "--export", target.path, "--force"]).status == 0)
        #expect(try Data(contentsOf: target) == Data(contentsOf: library.url(sunset)))
    }

    @Test func popOutputWritesTheOriginalBytes() throws {
        let result = try library.runRaw(["pop", sunset, "--output", "-"])
        #expect(result.status == 0)
        #expect(Data(result.stdout) == (try Data(contentsOf: library.url(sunset))))
    }

    @Test func popUprightGivesAnUprightJPEG() throws {
        let result = try library.runRaw(["pop", sunset, "--output", "-", "--upright"])
        #expect(result.status == 0)
        let target = library.root.appendingPathComponent("upright.jpg")
        try Data(result.stdout).write(to: target)
        // Index the exported copy as a library file: photolib's own reader says what it is.
        #expect(try library.run(["index"]).status == 0)
        let copy = try #require(try library.assets().first { $0["relativePath"] as? String == "upright.jpg" })
        #expect(copy["pixelWidth"] as? Int == 1920 && copy["pixelHeight"] as? Int == 1280)
        #expect(copy["orientation"] as? Int == 1)
        #expect(copy["caption"] as? String == "Sunset at Ipanema")
    }

    @Test func popOpenHandsThePathToTheViewerWithoutAShell() throws {
        let record = library.root.appendingPathComponent("viewer-args")
        let script = library.root.appendingPathComponent("viewer.sh")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let result = try BinaryRunner.run(
            ["pop", art, "--open", "--library", library.root.path],
            environment: ["PHOTOLIB_VIEWER": script.path])
        #expect(result.status == 0)
        var waited = 0
        while !FileManager.default.fileExists(atPath: record.path), waited < 100 {
            usleep(20_000)
            waited += 1
        }
        #expect(try String(contentsOf: record, encoding: .utf8) == library.url(art).path + "\n")
    }

    @Test func filesNotIndexedYetAreNamedWithTheCommandThatIndexesThem() throws {
        for name in ["new-1.jpg", "new-2.jpg"] {
            try FileManager.default.copyItem(at: library.url(art), to: library.url(name))
        }
        let (first, second) = (library.url("new-1.jpg").path, library.url("new-2.jpg").path)
        let result = try library.run(["peek", first, second, "--json"])
        #expect(result.status == 66)
        #expect(
            result.stderr == """
                photolib: error: \(first): not in the catalog yet; run 'photolib index' first
                photolib: error: \(second): not in the catalog yet; run 'photolib index' first

                """)
    }
}
