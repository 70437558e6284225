import Foundation
import PhotoTestSupport
import Testing

/// `photolib init`, `index` and `list` run as a user runs them: the built binary on real photos.
@Suite struct IndexCommandTests {
    static let corpusReady = Corpus.isAvailable

    static func sample(_ relativePath: String) -> URL {
        SampleFiles.root.appendingPathComponent(relativePath)
    }

    @Test func indexesThenSkipsUnchangedFiles() throws {
        let library = try TestLibrary()
        try library.add(Self.sample("2015/bordeaux-art.jpg"), as: "a/bordeaux.jpg")
        try library.add(Self.sample("2015/harbour-rouffiac.jpg"), as: "a/b/harbour.jpg")
        try library.add(Self.sample("2015/sunset-orientation-6.jpg"), as: "portrait.jpg")

        let initResult = try BinaryRunner.run(["init", library.root.path])
        #expect(initResult.status == 0)
        #expect(initResult.stdout == "Initialized empty photolib library in \(library.root.path)/.photolib/\n")

        let first = try library.run(["index"])
        #expect(first.status == 0)
        #expect(first.stdout == "added 3, updated 0, moved 0, unchanged 0, missing 0, failed 0\n")
        #expect(first.stderr == "")

        let second = try library.run(["index"])
        #expect(second.stdout == "added 0, updated 0, moved 0, unchanged 3, missing 0, failed 0\n")

        let assets = try library.assets(["--sort", "path"])
        #expect(assets.map { $0["relativePath"] as? String } == ["a/b/harbour.jpg", "a/bordeaux.jpg", "portrait.jpg"])
        let portrait = try #require(assets.last)
        #expect(portrait["orientation"] as? Int == 6)
        #expect(portrait["pixelWidth"] as? Int == 1280 && portrait["pixelHeight"] as? Int == 1920)
        #expect(portrait["width"] as? Int == 1920 && portrait["height"] as? Int == 1280)
        let harbour = try #require(assets.first)
        let gps = try #require(harbour["gps"] as? [String: Any])
        #expect(abs((gps["latitude"] as? Double ?? 0) - 43.6658) < 1e-6)
        // No offset in the file: the one of its place (near Toulouse) in August.
        #expect(harbour["takenAt"] as? String == "2015-08-15T19:08:54+02:00")
        #expect(harbour["takenAtZone"] as? String == "Europe/Paris")
        #expect((harbour["camera"] as? [String: Any])?["make"] as? String == "photolib")
        #expect(harbour["favourite"] as? Bool == false && harbour["missing"] as? Bool == false)
    }

    @Test func movedRenamedEditedDeletedAndReturnedFilesKeepTheirIds() throws {
        let library = try TestLibrary()
        try library.add(Self.sample("2015/bordeaux-art.jpg"), as: "one.jpg")
        try library.add(Self.sample("2015/lake-beach.jpg"), as: "two.jpg")
        try library.add(Self.sample("2016/lighthouse-portrait.jpg"), as: "three.jpg")
        try library.add(Self.sample("2016/mountain-chamonix.jpg"), as: "four.jpg")
        _ = try BinaryRunner.run(["init", library.root.path])
        try library.run(["index"])
        let before = try idsByPath(library)

        let files = FileManager.default
        try files.createDirectory(at: library.url("moved"), withIntermediateDirectories: true)
        try files.moveItem(at: library.url("one.jpg"), to: library.url("moved/one.jpg"))  // move
        try files.moveItem(at: library.url("two.jpg"), to: library.url("renamed.jpg"))  // rename
        let handle = try FileHandle(forWritingTo: library.url("three.jpg"))  // edit
        handle.seekToEndOfFile()
        handle.write(Data([0, 1, 2, 3]))
        try handle.close()
        let kept = library.root.deletingLastPathComponent().appendingPathComponent("kept-\(UUID()).jpg")
        try files.moveItem(at: library.url("four.jpg"), to: kept)  // delete
        defer { try? files.removeItem(at: kept) }

        let changed = try library.run(["index"])
        #expect(changed.status == 0)
        #expect(changed.stdout == "added 0, updated 1, moved 2, unchanged 0, missing 1, failed 0\n")
        let after = try idsByPath(library)
        #expect(after["moved/one.jpg"] == before["one.jpg"])
        #expect(after["renamed.jpg"] == before["two.jpg"])
        #expect(after["three.jpg"] == before["three.jpg"])
        #expect(after["four.jpg"] == before["four.jpg"])
        let missing = try library.assets(["--missing"])
        #expect(missing.map { $0["relativePath"] as? String } == ["four.jpg"])

        try files.moveItem(at: kept, to: library.url("four.jpg"))  // return
        let returned = try library.run(["index"])
        #expect(returned.stdout == "added 0, updated 1, moved 0, unchanged 3, missing 0, failed 0\n")
        #expect(try idsByPath(library)["four.jpg"] == before["four.jpg"])
        #expect(try library.assets(["--missing"]).isEmpty)

        try files.copyItem(at: library.url("renamed.jpg"), to: library.url("copy-of-renamed.jpg"))
        let copied = try library.run(["index"])
        #expect(copied.stdout == "added 1, updated 0, moved 0, unchanged 4, missing 0, failed 0\n")
        let withCopy = try idsByPath(library)
        #expect(withCopy["copy-of-renamed.jpg"] != nil && withCopy["copy-of-renamed.jpg"] != withCopy["renamed.jpg"])
    }

    @Test(.enabled(if: corpusReady, Comment(rawValue: Corpus.skipMessage)))
    func brokenFilesAreNamedOnStderrAndTheRestIsIndexed() throws {
        let library = try TestLibrary()
        let broken = try FileManager.default.contentsOfDirectory(atPath: Corpus.broken.path)
            .filter { $0.hasSuffix(".jpg") }.sorted()
        for name in broken { try library.add(Corpus.broken.appendingPathComponent(name), as: "broken/\(name)") }
        try library.add(Corpus.photo("exif-samples/Canon_40D.jpg"), as: "good.jpg")
        // A name that is not valid UTF-8 (caf\xE9.jpg), made at run time as broken/README.md asks.
        let rawName = Array(library.root.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8) + [0]
        let source = try Data(contentsOf: Corpus.photo("exif-samples/exif-org/canon-ixus.jpg"))
        let descriptor = rawName.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        #expect(descriptor >= 0)
        _ = source.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)

        _ = try BinaryRunner.run(["init", library.root.path])
        let result = try library.run(["index"])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        for name in [
            "zero_bytes.jpg", "text_file.jpg", "truncated_1KiB.jpg",
            "truncated_50pct.jpg", "exif_ifd0_offsets_corrupted.jpg", "sof_65500x65500.jpg",
        ] {
            let mentions = lines.filter { $0.contains("/broken/\(name): ") }
            #expect(mentions.count == 1, "one line for \(name) in:\n\(result.stderr)")
            #expect(mentions.first?.hasPrefix("photolib: ") == true)
        }
        #expect(lines.count == 6)

        let assets = try library.assets()
        let paths = Set(assets.compactMap { $0["relativePath"] as? String })
        #expect(paths.contains("good.jpg"))
        #expect(paths.contains("broken/truncated_50pct.jpg"))
        // A whole PNG named .jpg is recognised by its bytes and indexed as the PNG it is.
        let png = try #require(assets.first { $0["relativePath"] as? String == "broken/png_renamed.jpg" })
        #expect(png["format"] as? String == "png")
        #expect(png["width"] as? Int == 128)
        #expect(!paths.contains("broken/zero_bytes.jpg") && !paths.contains("broken/text_file.jpg"))
        // The Latin-1 name survives as surrogate-escaped JSON (\udce9), decoded by Foundation as U+DCE9 or U+FFFD.
        let raw = try library.run(["list", "--jsonl"]).stdout
        #expect(raw.contains("caf\\udce9.jpg"))
        let truncated = try #require(assets.first { $0["relativePath"] as? String == "broken/truncated_50pct.jpg" })
        #expect(truncated["damaged"] as? Bool == true)
        #expect((truncated["camera"] as? [String: Any])?["make"] as? String == "NIKON")
    }

    private func idsByPath(_ library: TestLibrary) throws -> [String: String] {
        var result: [String: String] = [:]
        for asset in try library.assets() {
            if let path = asset["relativePath"] as? String, let id = asset["id"] as? String { result[path] = id }
        }
        return result
    }
}
