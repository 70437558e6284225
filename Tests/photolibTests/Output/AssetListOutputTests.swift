import Foundation
import PhotoCatalog
import PhotoSupport
import PhotoTestSupport
import Testing

@testable import PhotoLibrary
@testable import photolib

/// `list --jsonl`, `--json`, `--ids` and `--format` stream each row straight to bytes
/// (issue 16); these hold their output byte for byte to the `JSONValue` tree the presenter
/// builds for the same catalog (GoldenOutputTests holds both to fixed files), on a
/// library with the strings that need care: quotes, backslashes, control characters,
/// non-ASCII and file names that are not UTF-8, companions and renditions.
@Suite struct AssetListOutputTests {
    /// SampleLibrary plus odd names and edits, indexed with renditions; one asset in the trash.
    static func oddLibrary() throws -> TestLibrary {
        let library = try TestLibrary.sample()
        let source = library.url("2015/bordeaux-art.jpg")
        for name in [
            "odd/quote \"and\" back\\slash.jpg", "odd/ctl\u{01}tab\t.jpg", "odd/ünïcödé 日本.jpg", "odd/pair.jpg",
        ] {
            try library.add(source, as: name)
        }
        // Companions: a RAW and a camera thumbnail beside pair.jpg. The RAW holds a TIFF header
        // that LibRaw cannot decode: a raw-named file holding JPEG bytes would be an asset of
        // its own (pairs are made by name and kind of content).
        let raw = library.url("odd/pair.NEF")
        try Data([0x49, 0x49, 0x2A, 0x00] + [UInt8](repeating: 0, count: 1020)).write(to: raw)
        try library.add(source, as: "odd/pair.THM")
        // A file name that is not UTF-8 (0xFF 0xFE), made with a byte path.
        let bad = Array(library.url("odd").path.utf8) + Array("/bad-".utf8) + [0xFF, 0xFE] + Array(".jpg".utf8)
        let linked = source.path.withCString { from in
            (bad + [0]).withUnsafeBufferPointer { to in
                to.withMemoryRebound(to: CChar.self) { link(from, $0.baseAddress!) }
            }
        }
        try #require(linked == 0)
        // Fixed modification times, so that `modifiedAt` reads the same in every run (the
        // golden files hold it); the hard link shares its source's.
        for file in FileManager.default.enumerator(atPath: library.root.path)!.compactMap({ $0 as? String })
        where !file.contains("bad-") && (file.hasSuffix(".jpg") || file.hasSuffix(".NEF") || file.hasSuffix(".THM")) {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)], ofItemAtPath: library.url(file).path)
        }
        let index = try library.run(["index"])
        try #require(index.status == 0, "\(index.stderr)")
        for (action, value, asset) in [
            ("caption", "say \"hi\"\u{07} back\\slash\u{1F} ünï 日本 \u{7F}", "2015/lake-beach.jpg"),
            ("city", "Köln \"Q\"", "2015/lake-beach.jpg"),
            ("caption", "tab\there\nnewline", "odd/pair.jpg"),
        ] {
            let edited = try library.run(["action", action, "--value", value, asset])
            try #require(edited.status == 0, "\(edited.stderr)")
        }
        try #require(try library.run(["action", "favourite", "odd/ünïcödé 日本.jpg"]).status == 0)
        try #require(try library.run(["action", "delete", "2016/lighthouse-portrait.jpg"]).status == 0)
        return library
    }

    /// The library as the test process opens it, at the path the binary prints.
    static func open(_ library: TestLibrary) throws -> (Library, any Catalog) {
        let opened = try Library.open(at: RawPath(library.root.resolvingSymlinksInPath().path))
        return (opened, try opened.openCatalog())
    }

    /// What the `JSONValue` form of the asset JSON writes for `query`'s assets, in `form`.
    static func reference(_ library: TestLibrary, query: AssetQuery, form: String) throws -> [UInt8] {
        let (opened, catalog) = try open(library)
        let assets = try catalog.assets(matching: query)
        let presenter = try AssetPresenter(library: opened, catalog: catalog, assets: assets)
        switch form {
        case "--jsonl": return assets.flatMap { presenter.json($0).jsonBytes() + [0x0A] }
        case "--json": return JSONValue.array(assets.map(presenter.json)).jsonBytes(pretty: true) + [0x0A]
        default: return assets.flatMap { Array($0.id.hex.utf8) + [0x0A] }
        }
    }

    @Test func listOutputsMatchTheValueFormByteForByte() throws {
        let library = try Self.oddLibrary()
        var trashed = AssetQuery()
        trashed.trash = .only
        var favourites = AssetQuery()
        favourites.favourite = true
        var byTaken = AssetQuery()
        byTaken.sort = .taken
        let cases: [([String], AssetQuery)] = [
            ([], AssetQuery()), (["--trashed"], trashed), (["--favourite"], favourites),
            (["--sort", "taken"], byTaken),
        ]
        for (filter, query) in cases {
            for form in ["--jsonl", "--json", "--ids"] {
                let result = try library.runRaw(["list", form] + filter)
                #expect(result.status == 0, "\(form) \(filter): \(result.stderr)")
                let expected = try Self.reference(library, query: query, form: form)
                #expect(result.stdout == expected, "list \(form) \(filter) differs from the JSONValue form")
            }
        }
        // The odd strings are there, escaped as JSON wants and read back by a JSON parser.
        let lines = try library.runRaw(["list", "--jsonl"]).stdout.split(separator: 0x0A)
        #expect(lines.count == 14)
        let text = String(decoding: try library.runRaw(["list", "--jsonl"]).stdout, as: UTF8.self)
        #expect(text.contains(#""caption":"say \"hi\"\u0007 back\\slash\u001f ünï 日本 \#u{7F}""#))
        #expect(text.contains(#"bad-\udcff\udcfe.jpg""#))
        #expect(text.contains(#""relativePath":"odd/ctl\u0001tab\u0009.jpg""#))
        #expect(text.contains(#""kind":"raw""#) && text.contains(#""kind":"thumbnail""#))
        // (Foundation's parser refuses the lone surrogates that keep a non-UTF-8 name's bytes.)
        for line in lines where !String(decoding: line, as: UTF8.self).contains("\\udc") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line))) is [String: Any])
        }
    }

    @Test func emptyListsAreAnEmptyArrayAndNothing() throws {
        let library = try ListCommandTests.sampleLibrary(renditions: false)
        #expect(try library.runRaw(["list", "--json", "--liked"]).stdout == Array("[]\n".utf8))
        #expect(try library.runRaw(["list", "--jsonl", "--liked"]).stdout == [])
        #expect(try library.runRaw(["list", "--ids", "--liked"]).stdout == [])
    }

    /// The field list written to bytes reads exactly as the same list built as a `JSONValue`
    /// and written by `JSONValue`'s writer, compact and indented, nested objects and arrays included.
    @Test func byteWriterMatchesTheValueWriter() throws {
        let library = try Self.oddLibrary()
        let (opened, catalog) = try Self.open(library)
        var query = AssetQuery()
        query.trash = .included
        let assets = try catalog.assets(matching: query)
        let presenter = try AssetPresenter(library: opened, catalog: catalog, assets: assets)
        for asset in assets {
            for pretty in [false, true] {
                var writer = JSONByteWriter(pretty: pretty)
                writer.writeObject { presenter.write(asset, to: &$0) }
                #expect(writer.bytes == presenter.json(asset).jsonBytes(pretty: pretty))
            }
        }
        let sample: (inout JSONByteWriter) -> Void = { object in
            object.strings("none", [])
            object.strings("words", ["a\u{0}b", "é"])
            object.objects("empty", [Int]()) { _, _ in }
            object.object("nested") { $0.int("min", Int64.min) }
            object.double("nan", .nan)
        }
        let expected: JSONValue = [
            "none": [], "words": ["a\u{0}b", "é"], "empty": [], "nested": ["min": .int(Int64.min)], "nan": nil,
        ]
        for pretty in [false, true] {
            var writer = JSONByteWriter(pretty: pretty)
            writer.writeObject(sample)
            #expect(writer.bytes == expected.jsonBytes(pretty: pretty))
        }
    }

    /// `Timestamp.iso8601` as it was written before it went digit by digit.
    static func formattedISO8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    @Test func timestampsMatchTheFormattedOnes() {
        for seconds in [0, 1, 59, 951_782_400, 1_700_000_000.9, 4_102_444_799, -1, -62_135_596_800, 253_402_300_800] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Timestamp.iso8601(date) == Self.formattedISO8601(date), "\(seconds)")
        }
    }
}
