import Foundation
import PhotoTestSupport
import Testing

/// Keywords, ratings and bulk edits end to end: photos made at test time (and, where it is
/// installed, tagged by exiftool) indexed by the built binary and read back from its output.
@Suite struct KeywordCommandTests {
    static let exiftool: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        .split(separator: ":").map { "\($0)/exiftool" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A small JPEG whose XMP packet holds these Lightroom keywords (each level in dc:subject too).
    static func photo(hierarchical: [String] = [], flat: [String] = [], gray: UInt8 = 128) -> Data {
        let levels = hierarchical.flatMap { $0.split(separator: "|").map(String.init) } + flat
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
             <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
              xmlns:lr="http://ns.adobe.com/lightroom/1.0/">
              <dc:subject><rdf:Bag>\(levels.map { "<rdf:li>\($0)</rdf:li>" }.joined())</rdf:Bag></dc:subject>
              <lr:hierarchicalSubject><rdf:Bag>\(hierarchical.map { "<rdf:li>\($0)</rdf:li>" }.joined())</rdf:Bag></lr:hierarchicalSubject>
             </rdf:Description>
            </rdf:RDF></x:xmpmeta>
            """
        let segment = SyntheticJPEG.segment(
            0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8))
        return MetadataSourcesCommandTests.photo(segments: [MetadataSourcesCommandTests.exif(), segment])
            + Data(repeating: gray, count: 1)
    }

    /// A library with three photos: two tagged, one not; indexed.
    static func library(sidecars: Bool = false) throws -> TestLibrary {
        let library = try TestLibrary()
        try photo(hierarchical: ["Places|France|Bordeaux"], flat: ["sunset"], gray: 1).write(to: library.url("a.jpg"))
        try photo(hierarchical: ["Places|France|Paris"], gray: 2).write(to: library.url("b.jpg"))
        try photo(gray: 3).write(to: library.url("c.jpg"))
        let arguments = ["init"] + (sidecars ? ["--sidecars", "write"] : []) + [library.root.path]
        #expect(try BinaryRunner.run(arguments).status == 0)
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        return library
    }

    static func names(_ library: TestLibrary, _ arguments: [String]) throws -> [String] {
        let result = try library.run(["list", "--format", "{fileName}"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func keywordsFromXMPAreListedAndFoundByHierarchy() throws {
        let library = try Self.library()
        let a = try #require(try library.assets().first { $0["fileName"] as? String == "a.jpg" })
        #expect(a["keywords"] as? [String] == ["Places/France/Bordeaux", "sunset"])
        #expect(a["keywordsSource"] as? String == "xmp")
        #expect(try Self.names(library, ["--keyword", "places/france"]) == ["a.jpg", "b.jpg"])
        #expect(try Self.names(library, ["--keyword", "Places/France/Bordeaux"]) == ["a.jpg"])
        #expect(try Self.names(library, ["--keyword", "SUNSET"]) == ["a.jpg"])
        #expect(try Self.names(library, ["--keyword", "Places/Fr"]) == [])
        #expect(try Self.names(library, ["--collection", "keyword:Places"]) == ["a.jpg", "b.jpg"])
        let collections = try library.run(["collections", "--json"])
        let kinds = try #require(
            try JSONSerialization.jsonObject(with: Data(collections.stdout.utf8)) as? [[String: Any]])
        let keywordSelectors = kinds.filter { $0["kind"] as? String == "keyword" }.compactMap {
            $0["selector"] as? String
        }
        #expect(
            keywordSelectors == [
                "keyword:Places", "keyword:Places/France", "keyword:Places/France/Bordeaux",
                "keyword:Places/France/Paris",
                "keyword:sunset",
            ])
    }

    @Test(.enabled(if: exiftool != nil, "exiftool is not installed (apt-get install libimage-exiftool-perl)"))
    func aKeywordExiftoolWroteIsFound() throws {
        let library = try TestLibrary()
        try Self.photo(gray: 9).write(to: library.url("x.jpg"))
        try Self.photo(gray: 8).write(to: library.url("y.jpg"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.exiftool))
        process.arguments = [
            "-q", "-overwrite_original", "-XMP-dc:Subject+=Bordeaux",
            "-XMP-lr:HierarchicalSubject+=Places|France|Bordeaux",
            "-IPTC:Keywords+=harbour", library.url("x.jpg").path,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        #expect(try library.run(["index"]).status == 0)
        #expect(try Self.names(library, ["--keyword", "Places/France"]) == ["x.jpg"])
        #expect(try Self.names(library, ["--keyword", "harbour"]) == ["x.jpg"])
        // `Bordeaux` in dc:subject is a level of the hierarchy beside it: one keyword, not two,
        // found by its leaf and by a level in the middle as by its top.
        #expect(try Self.names(library, ["--keyword", "bordeaux"]) == ["x.jpg"])
        #expect(try Self.names(library, ["--keyword", "France"]) == ["x.jpg"])
        let x = try #require(try library.assets(["--keyword", "harbour"]).first)
        #expect(x["keywords"] as? [String] == ["Places/France/Bordeaux", "harbour"])
    }

    @Test func actionsEditKeywordsAndRatingsIntoTheLogAndTheSidecar() throws {
        let library = try Self.library(sidecars: true)
        #expect(try library.run(["action", "keyword", "add", "--value", "Trips/2015", "a.jpg", "b.jpg"]).status == 0)
        #expect(try library.run(["action", "keyword", "remove", "--value", "places/france", "a.jpg"]).status == 0)
        #expect(try library.run(["action", "rating", "--value", "4", "a.jpg"]).status == 0)
        let bad = try library.run(["action", "rating", "--value", "6", "a.jpg"])
        #expect(bad.status == 64 && bad.stderr.contains("-1...5"))
        #expect(try Self.names(library, ["--keyword", "trips"]) == ["a.jpg", "b.jpg"])
        #expect(try Self.names(library, ["--keyword", "places"]) == ["b.jpg"])
        #expect(try Self.names(library, ["--min-rating", "3"]) == ["a.jpg"])
        #expect(try Self.names(library, ["--rating", "0"]) == ["b.jpg", "c.jpg"])
        let history = try library.run(["history", "a.jpg"]).stdout
        #expect(history.contains("keyword-add") && history.contains("keyword-remove") && history.contains("rating"))

        // The sidecar says it, and reading it again changes nothing.
        let sidecar = try String(contentsOf: library.url("a.jpg.xmp"), encoding: .utf8)
        #expect(sidecar.contains("<rdf:li>Trips|2015</rdf:li>") && sidecar.contains("<rdf:li>sunset</rdf:li>"))
        #expect(sidecar.contains("Rating=\"4\"") && !sidecar.contains("Bordeaux"))
        _ = try library.run(["index"])
        let a = try #require(try library.assets(["--keyword", "trips", "--min-rating", "4"]).first)
        #expect(a["keywords"] as? [String] == ["sunset", "Trips/2015"])
        #expect(a["rating"] as? Int == 4 && a["ratingSource"] as? String == "user")
    }

    @Test func captionsRatingsAndKeywordsFromACSVFile() throws {
        let library = try Self.library()
        let csv = [
            "path,caption,rating,keywords,favourite\r\n",
            "a.jpg,\"Harbour, at dawn \"\"golden\"\"\",5,Places/France/Bordeaux;boats,yes\r\n",
            "b.jpg,\"Two\nlines\",,,\r\n",
        ].joined()
        try csv.write(to: library.url("edits.csv"), atomically: true, encoding: .utf8)
        let dry = try library.run(["action", "set", "--from", library.url("edits.csv").path, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.hasSuffix("would change 2 assets (6 fields), 0 unchanged\n"), "\(dry.stdout)")
        #expect(try Self.names(library, ["--favourite"]) == [])

        let applied = try library.run(["action", "set", "--from", library.url("edits.csv").path, "--json"])
        #expect(applied.status == 0, "\(applied.stderr)")
        var assets: [String: [String: Any]] = [:]
        for asset in try library.assets() { assets[asset["fileName"] as? String ?? ""] = asset }
        #expect(assets["a.jpg"]?["caption"] as? String == "Harbour, at dawn \"golden\"")
        #expect(assets["a.jpg"]?["rating"] as? Int == 5 && assets["a.jpg"]?["favourite"] as? Bool == true)
        #expect(assets["a.jpg"]?["keywords"] as? [String] == ["Places/France/Bordeaux", "boats"])
        #expect(assets["b.jpg"]?["caption"] as? String == "Two\nlines")
        #expect(assets["b.jpg"]?["keywords"] as? [String] == [])
        let events = try library.run(["history", "--json"]).stdout
        let log = try #require(try JSONSerialization.jsonObject(with: Data(events.utf8)) as? [[String: Any]])
        #expect(log.count == 6 && log.allSatisfy { $0["action"] as? String == "set" })
        #expect(Set(log.compactMap { $0["at"] as? String }).count == 1, "one transaction, one time")
    }

    @Test func aBadRowChangesNothingAndIsNamedByItsLine() throws {
        let library = try Self.library()
        let before = try library.run(["list", "--jsonl"]).stdout
        let csv = "id,caption,rating\na.jpg,fine,3\nb.jpg,also fine,9\nnowhere.jpg,x,1\n"
        let result = try library.run(["action", "set", "--from", "-"], stdin: Data(csv.utf8))
        #expect(result.status == 65)
        #expect(
            result.stderr.contains("standard input:3: rating '9' is not a whole number in -1...5"), "\(result.stderr)")
        #expect(result.stderr.contains("standard input:4: "), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was changed"))
        #expect(try library.run(["list", "--jsonl"]).stdout == before)

        let unknown = try library.run(["action", "set", "--from", "-"], stdin: Data("id,title\na.jpg,x\n".utf8))
        #expect(unknown.status == 65 && unknown.stderr.contains("standard input:1: unknown column 'title'"))
    }

    @Test func listJSONLinesThroughAFilterRoundTrips() throws {
        let library = try Self.library()
        let listed = try library.run(["list", "--jsonl"]).stdout
        let same = try library.run(["action", "set", "--from", "-"], stdin: Data(listed.utf8))
        #expect(same.status == 0 && same.stdout == "changed 0 assets (0 fields), 3 unchanged\n", "\(same.stdout)")
        #expect(try library.run(["history", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")

        // What jq would do: one field changed on one line, read-only fields changed too (ignored).
        let edited = listed.split(separator: "\n").map { line -> String in
            guard line.contains("\"b.jpg\"") else { return String(line) }
            var object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            object["rating"] = 2
            object["keywords"] = ["Places/France/Paris", "night"]
            object["width"] = 1
            return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }.joined(separator: "\n")
        let changed = try library.run(["action", "set", "--from", "-"], stdin: Data(edited.utf8))
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout.hasSuffix("changed 1 asset (2 fields), 2 unchanged\n"), "\(changed.stdout)")
        let b = try #require(try library.assets(["--keyword", "night"]).first)
        #expect(b["rating"] as? Int == 2 && b["width"] as? Int == 32)
    }
}
