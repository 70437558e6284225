import Foundation
import PhotoTestSupport
import Testing

/// The filters of issue 14 end to end: each one, and combinations, against the selection a
/// script computes from `list --jsonl` on the same library (as `jq 'select(…)'` would).
///
/// The library: SampleLibrary's ten photos (GPS on most, one with no EXIF at all), plus
/// photos made here with other cameras, in folders whose names hold LIKE's wildcards and a
/// prefix of another folder's name, and one truncated (damaged) copy.
@Suite struct FilterCommandTests {
    typealias Asset = [String: Any]

    static func photo(make: String, model: String) -> Data {
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x010F, make), block.ascii(0x0110, model)]
        var encoder = FixtureJPEG()
        encoder.segments = [SyntheticJPEG.exifSegment(block)]
        let pixels = [UInt8](repeating: 90, count: 32 * 32 * 3)
        return Data(encoder.encode(TestImage(width: 32, height: 32, pixels: pixels)))
    }

    static func library() throws -> TestLibrary {
        let library = try TestLibrary.sample()
        let files: [(String, Data)] = [
            ("50%_off/canon.jpg", photo(make: "Canon", model: "Canon EOS 5D")),
            ("50%Xoff/nikon.jpg", photo(make: "NIKON CORPORATION", model: "NIKON D700")),
            ("2015x/fuji.jpg", photo(make: "FUJIFILM", model: "X100V")),
            ("2015/deeper/pana.jpg", photo(make: "Panasonic", model: "DMC-GX80 canon-mount")),
        ]
        for (path, data) in files {
            try FileManager.default.createDirectory(
                at: library.url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: library.url(path))
        }
        let whole = try Data(contentsOf: library.url("2016/mountain-chamonix.jpg"))
        try FileManager.default.createDirectory(at: library.url("broken"), withIntermediateDirectories: true)
        try whole.prefix(whole.count * 2 / 3).write(to: library.url("broken/half.jpg"))
        let index = try library.run(["index"])
        #expect(index.status == 2 || index.status == 0, "\(index.stderr)")
        return library
    }

    /// `list ARGS --format {relativePath}` as lines.
    static func paths(_ library: TestLibrary, _ arguments: [String]) throws -> [String] {
        let result = try library.run(["list"] + arguments + ["--format", "{relativePath}"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    static func path(_ asset: Asset) -> String { asset["relativePath"] as? String ?? "" }
    static func camera(_ asset: Asset) -> String {
        let camera = asset["camera"] as? [String: Any]
        return [camera?["make"] as? String, camera?["model"] as? String].compactMap { $0 }.joined(separator: "\n")
    }

    @Test func eachFilterEqualsTheSelectionFromJSONLines() throws {
        let library = try Self.library()
        let all = try library.assets()
        #expect(all.count == 15)
        let selections: [([String], (Asset) -> Bool)] = [
            (["--no-gps"], { $0["gps"] is NSNull }),
            (["--has-gps"], { !($0["gps"] is NSNull) }),
            (["--camera", "CANON"], { Self.camera($0).lowercased().contains("canon") }),
            (["--camera", "d7"], { Self.camera($0).lowercased().contains("d7") }),
            (["--folder", "2015"], { Self.path($0).hasPrefix("2015/") }),
            (["--folder", "50%_off"], { Self.path($0).hasPrefix("50%_off/") }),
            (["--folder", "2015/deeper/"], { Self.path($0).hasPrefix("2015/deeper/") }),
            (["--folder", "."], { _ in true }),
            (["--undated"], { $0["takenAt"] is NSNull }),
            (["--damaged"], { $0["damaged"] as? Bool == true }),
            (["--file-format", "jpeg"], { $0["format"] as? String == "jpeg" }),
            (["--no-gps", "--camera", "o"], { $0["gps"] is NSNull && Self.camera($0).lowercased().contains("o") }),
            (
                ["--has-gps", "--folder", "2016", "--undated"],
                { !($0["gps"] is NSNull) && Self.path($0).hasPrefix("2016/") && $0["takenAt"] is NSNull }
            ),
            (["--folder", "2015", "--no-gps"], { Self.path($0).hasPrefix("2015/") && $0["gps"] is NSNull }),
        ]
        for (arguments, wanted) in selections {
            let expected = all.filter(wanted).map(Self.path)
            #expect(try Self.paths(library, arguments) == expected, "\(arguments)")
        }
        // The cases are not empty ones that pass by accident.
        #expect(all.filter { $0["gps"] is NSNull }.count == 6)
        #expect(all.filter { $0["damaged"] as? Bool == true }.map(Self.path) == ["broken/half.jpg"])
        #expect(try Self.paths(library, ["--camera", "canon"]) == ["2015/deeper/pana.jpg", "50%_off/canon.jpg"])
        #expect(try Self.paths(library, ["--folder", "50%_off"]) == ["50%_off/canon.jpg"])
        #expect(try Self.paths(library, ["--folder", "2015"]).contains("2015x/fuji.jpg") == false)
    }

    @Test func folderIsReadFromTheWorkingDirectoryOrTheLibraryAndMustBeInside() throws {
        let library = try Self.library()
        let fromInside = try BinaryRunner.run(
            ["list", "--folder", "deeper", "--format", "{relativePath}"], workingDirectory: library.url("2015"))
        #expect(fromInside.stdout == "2015/deeper/pana.jpg\n")
        let up = try BinaryRunner.run(
            ["list", "--folder", "../2016", "--ids"], workingDirectory: library.url("2015"))
        #expect(up.stdout.split(separator: "\n").count == 4)
        let outside = try library.run(["list", "--folder", "/"])
        #expect(outside.status == 64)
        #expect(outside.stderr.hasPrefix("Error: Invalid value '/' for '--folder <path>': not inside the library"))
        let escaping = try library.run(["list", "--folder", "../.."])
        #expect(escaping.status == 64)
    }

    @Test func sortsAndReverseMatchTheJSONLines() throws {
        let library = try Self.library()
        let all = try library.assets()
        func size(_ asset: Asset) -> Int { asset["fileSize"] as? Int ?? -1 }
        let bySize = all.sorted { (size($0), Self.path($0)) < (size($1), Self.path($1)) }.map(Self.path)
        #expect(try Self.paths(library, ["--sort", "size"]) == bySize)
        #expect(try Self.paths(library, ["--sort", "size", "--reverse"]) == bySize.reversed())
        #expect(
            try Self.paths(library, ["--sort", "size", "--reverse", "--limit", "3"])
                == Array(bySize.reversed().prefix(3)))
        let byName = all.sorted {
            ($0["fileName"] as? String ?? "", Self.path($0)) < ($1["fileName"] as? String ?? "", Self.path($1))
        }.map(Self.path)
        #expect(try Self.paths(library, ["--sort", "name"]) == byName)
        #expect(
            try Self.paths(library, ["--sort", "name", "--reverse", "--limit", "2"])
                == Array(byName.reversed().prefix(2)))
        #expect(try Self.paths(library, ["--reverse"]) == all.map(Self.path).reversed())
        // taken, reversed: the newest first, the undated still last (not on top).
        let taken = try Self.paths(library, ["--sort", "taken"])
        let dated = all.filter { !($0["takenAt"] is NSNull) }.map(Self.path)
        let newestFirst = try Self.paths(library, ["--sort", "taken", "--reverse"])
        #expect(newestFirst == Array(taken.prefix(dated.count).reversed()) + taken.dropFirst(dated.count).reversed())
        #expect(Set(newestFirst.suffix(taken.count - dated.count)) == Set(taken).subtracting(dated))
        #expect(taken.last == "no-exif.jpg" || all.first { Self.path($0) == taken.last }?["takenAt"] is NSNull)

        // Added: a file indexed later is last, or first reversed; and --since-indexed finds it alone.
        Thread.sleep(forTimeInterval: 1.1)
        let between = Date()
        Thread.sleep(forTimeInterval: 1.1)
        try Self.photo(make: "Leica", model: "M11").write(to: library.url("late.jpg"))
        #expect(try library.run(["index"]).status == 0)
        #expect(try Self.paths(library, ["--sort", "added"]).last == "late.jpg")
        #expect(try Self.paths(library, ["--sort", "added", "--reverse"]).first == "late.jpg")
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        formatter.timeZone = .current
        formatter.locale = Locale(identifier: "en_US_POSIX")
        #expect(try Self.paths(library, ["--since-indexed", formatter.string(from: between)]) == ["late.jpg"])
        #expect(try Self.paths(library, ["--since-indexed", "2000"]).count == 16)
    }

    @Test func usageErrors() throws {
        let library = try Self.library()
        let both = try library.run(["list", "--has-gps", "--no-gps"])
        #expect(both.status == 64 && both.stderr.hasPrefix("Error: --has-gps and --no-gps cannot be used together"))
        let sort = try library.run(["list", "--sort", "colour"])
        #expect(sort.status == 64)
        #expect(sort.stderr.contains("expected one of taken, path, city, popped, size, name, added"))
        #expect(try library.run(["list", "--since-indexed", "yesterday"]).status == 64)
        #expect(try library.run(["list", "--null"]).status == 64)
        #expect(try library.run(["browse", "--sort", "size"]).status == 64)
    }

    @Test func nullSeparatedIdsAndTemplates() throws {
        let library = try Self.library()
        let lines = try library.runRaw(["list", "--folder", "2016", "--ids"]).stdout
        let nulls = try library.runRaw(["list", "--folder", "2016", "--ids", "-0"]).stdout
        #expect(nulls == lines.map { $0 == 0x0A ? 0 : $0 })
        #expect(nulls.filter { $0 == 0 }.count == 4 && !nulls.contains(0x0A))
        let long = try library.runRaw(["list", "--folder", "2016", "--format", "{relativePath}", "--null"]).stdout
        let expected = try Self.paths(library, ["--folder", "2016"])
        #expect(long.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } == expected)
        let template = try library.runRaw(["list", "--folder", "2016", "--format", "{fileName}\\0{fileSize}"]).stdout
        #expect(template.split(separator: 0x0A).allSatisfy { $0.filter { $0 == 0 }.count == 1 })
    }

    @Test func renderAndCollectionsTakeTheFilters() throws {
        let library = try Self.library()
        let render = try library.run(["render", "--folder", "2016", "--force", "--json"])
        #expect(render.status == 0, "\(render.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(render.stdout.utf8)) as? [String: Any]
        #expect(summary?["made"] as? Int == 4)
        let verbose = try library.run(["render", "--camera", "nikon", "-v"])
        #expect(verbose.stderr.hasSuffix("50%Xoff/nikon.jpg: renditions exist\n"), "\(verbose.stderr)")
        #expect(verbose.stdout == "made 0, existing 1, failed 0\n")
        let quiet = try library.run(["render", "--camera", "nikon", "-q"])
        #expect(quiet.stdout == "" && quiet.stderr == "")
        #expect(try library.run(["render", "--no-gps", "3f9c0a7b"]).status == 64)

        let all = try library.assets()
        let collections = try library.run(["collections", "--no-gps", "--json"])
        let counts = try #require(
            try JSONSerialization.jsonObject(with: Data(collections.stdout.utf8)) as? [[String: Any]])
        func count(_ selector: String) -> Int? {
            counts.first { $0["selector"] as? String == selector }?["count"] as? Int
        }
        #expect(count("all") == all.filter { $0["gps"] is NSNull }.count)
        let in2016 = all.filter { ($0["takenAt"] as? String)?.hasPrefix("2016") == true && $0["gps"] is NSNull }
        #expect(count("2016") == in2016.count)
        // A city with no asset lacking GPS is not listed: every placed sample photo has GPS.
        #expect(!counts.contains { $0["kind"] as? String == "city" })
    }
}
