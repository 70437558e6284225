import Foundation
import PhotoTestSupport
import Testing

/// People from face tags end to end: SampleLibrary photos tagged by exiftool (MWG regions,
/// Microsoft's regions, IPTC's PersonInImage, digiKam's People tree), indexed by the built
/// binary on both catalogs, their names compared with what exiftool reads back, found by
/// `list --person`, edited by `action person`, written to the sidecar and read back by exiftool.
@Suite struct PeopleCommandTests {
    static let exiftool = KeywordCommandTests.exiftool

    static func exiftool(_ arguments: [String]) throws -> Data {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: try #require(Self.exiftool))
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "exiftool \(arguments)")
        return data
    }

    /// The names exiftool reads from a file's XMP (`-j -struct -XMP:all`): MWG face regions
    /// (Type Face or none), Microsoft's regions, PersonInImage, and the leaves of a People tree
    /// in TagsList, without repeats ignoring case: the oracle for what photolib must read.
    static func exiftoolPeople(_ path: String) throws -> [String] {
        let data = try exiftool(["-j", "-struct", "-XMP:all", path])
        let object = try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
        func strings(_ value: Any?) -> [String] {
            if let list = value as? [Any] { return list.map { "\($0)" } }
            return value.map { ["\($0)"] } ?? []
        }
        var names: [String] = []
        let mwg = (object["RegionInfo"] as? [String: Any])?["RegionList"] as? [[String: Any]] ?? []
        for region in mwg where (region["Type"] as? String).map({ $0 == "Face" }) ?? true {
            names += strings(region["Name"])
        }
        let microsoft = (object["RegionInfoMP"] as? [String: Any])?["Regions"] as? [[String: Any]] ?? []
        for region in microsoft { names += strings(region["PersonDisplayName"]) }
        names += strings(object["PersonInImage"])
        for tag in strings(object["TagsList"]) {
            let levels = tag.split(separator: "/")
            guard levels.count >= 2, levels[0] == "People", let leaf = levels.last else { continue }
            if levels.count == 2, ["Unknown", "Unconfirmed", "Ignored"].contains(leaf) { continue }
            names.append(String(leaf))
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0.lowercased()).inserted }
    }

    static func names(_ library: TestLibrary, _ arguments: [String]) throws -> [String] {
        let result = try library.run(["list", "--format", "{fileName}"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Two SampleLibrary photos tagged as digiKam, Windows and a DAM would tag them.
    static func tagged(_ backend: CatalogBackend, sidecars: Bool = false) throws -> TestLibrary {
        let library = try TestLibrary()
        try library.add(SampleFiles.root.appendingPathComponent("2015/lake-beach.jpg"), as: "lake.jpg")
        try library.add(SampleFiles.root.appendingPathComponent("2016/lighthouse-portrait.jpg"), as: "lighthouse.jpg")
        try library.add(SampleFiles.root.appendingPathComponent("2015/bordeaux-art.jpg"), as: "art.jpg")
        _ = try exiftool([
            "-q", "-overwrite_original",
            "-XMP-mwg-rs:RegionInfo={AppliedToDimensions={W=8,H=8,Unit=pixel},RegionList=["
                + "{Area={X=0.5,Y=0.5,W=0.2,H=0.2,Unit=normalized},Name=Anna Schmidt,Type=Face},"
                + "{Name=Rex,Type=Pet},{Name=Bob,Type=Face}]}",
            "-XMP-MP:RegionInfoMP={Regions=[{PersonDisplayName=Chloé,Rectangle=0.1|, 0.1|, 0.2|, 0.2}]}",
            "-XMP-iptcExt:PersonInImage=Dan", "-XMP-iptcExt:PersonInImage+=anna schmidt",
            "-XMP-digiKam:TagsList=People/Eve", "-XMP-digiKam:TagsList+=People/Unknown",
            "-XMP-digiKam:TagsList+=Places/Paris",
            library.url("lake.jpg").path,
        ])
        _ = try exiftool([
            "-q", "-overwrite_original", "-XMP-iptcExt:PersonInImage=Bob",
            "-XMP-lr:HierarchicalSubject=People|Family|Zoé", library.url("lighthouse.jpg").path,
        ])
        let arguments = try ["init"] + backend.initArguments() + (sidecars ? ["--sidecars", "write"] : [])
        #expect(try BinaryRunner.run(arguments + [library.root.path]).status == 0)
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        return library
    }

    @Test(.enabled(if: exiftool != nil, "exiftool is not installed"), arguments: CatalogBackend.all)
    func namesFromFaceTagsReadAsExiftoolReadsThem(backend: CatalogBackend) throws {
        let library = try Self.tagged(backend)
        for name in ["lake.jpg", "lighthouse.jpg", "art.jpg"] {
            let asset = try #require(try library.assets().first { $0["fileName"] as? String == name })
            var expected = try Self.exiftoolPeople(library.url(name).path)
            if name == "lighthouse.jpg" { expected.append("Zoé") }  // Lightroom's tree, which the oracle leaves out
            #expect(asset["people"] as? [String] == expected, "\(name)")
            #expect(asset["peopleSource"] as? String == (expected.isEmpty ? nil : "xmp"))
        }
        #expect(try Self.names(library, ["--person", "ANNA SCHMIDT"]) == ["lake.jpg"])
        #expect(try Self.names(library, ["--person", "bob"]) == ["lake.jpg", "lighthouse.jpg"])
        #expect(try Self.names(library, ["--person", "bob", "--person", "eve"]) == ["lake.jpg"])
        #expect(try Self.names(library, ["--person", "ZOÉ"]) == ["lighthouse.jpg"])  // Unicode case, as keywords'
        #expect(try Self.names(library, ["--person", "zoe"]) == [])  // accents are not folded
        #expect(try Self.names(library, ["--person", "Anna"]) == [])  // a whole name, not a part
        #expect(try Self.names(library, ["--person", "Rex"]) == [])  // a pet's region is no person
        #expect(try Self.names(library, ["--person", "Unknown"]) == [])
        #expect(try Self.names(library, ["--collection", "person:Bob"]) == ["lake.jpg", "lighthouse.jpg"])
        #expect(try library.run(["list", "--format", "{people}", "--person", "chloé"]).stdout.contains("Chloé"))

        let collections = try library.run(["collections", "--json"])
        let all = try #require(
            try JSONSerialization.jsonObject(with: Data(collections.stdout.utf8)) as? [[String: Any]])
        let people = all.filter { $0["kind"] as? String == "person" }
        #expect(people.compactMap { $0["selector"] as? String }.contains("person:Bob"))
        #expect(people.first { $0["selector"] as? String == "person:Bob" }?["count"] as? Int == 2)
    }

    @Test(.enabled(if: exiftool != nil, "exiftool is not installed"), arguments: CatalogBackend.all)
    func peopleAddedByHandStayAndLandInTheSidecar(backend: CatalogBackend) throws {
        let library = try Self.tagged(backend, sidecars: true)
        let originals = try ["lake.jpg", "art.jpg"].map { try Data(contentsOf: library.url($0)) }
        #expect(
            try library.run(["action", "person", "add", "--value", "Frank Ösel", "lake.jpg", "art.jpg"]).status == 0)
        #expect(try library.run(["action", "person", "remove", "--value", "bob", "lake.jpg"]).status == 0)
        let empty = try library.run(["action", "person", "add", "--value", "  ", "lake.jpg"])
        #expect(empty.status == 64 && empty.stderr.contains("empty"))
        #expect(try Self.names(library, ["--person", "frank ösel"]) == ["art.jpg", "lake.jpg"])
        #expect(try Self.names(library, ["--person", "bob"]) == ["lighthouse.jpg"])
        let history = try library.run(["history", "lake.jpg"]).stdout
        #expect(history.contains("person-add") && history.contains("person-remove"))

        // exiftool reads the sidecar: PersonInImage names everyone, the regions photolib did
        // not make are kept but Bob's, and Frank has a region of his own without an area.
        let lake = try Self.exiftoolPeople(library.url("lake.jpg.xmp").path)
        #expect(
            Set(lake.map { $0.lowercased() }) == Set(["anna schmidt", "chloé", "dan", "eve", "frank ösel"]), "\(lake)")
        let art = try Self.exiftoolPeople(library.url("art.jpg.xmp").path)
        #expect(art == ["Frank Ösel"])
        let regions = try Self.exiftool(["-j", "-struct", "-XMP-mwg-rs:all", library.url("art.jpg.xmp").path])
        #expect(String(decoding: regions, as: UTF8.self).contains("\"Type\": \"Face\""))
        #expect(try originals == ["lake.jpg", "art.jpg"].map { try Data(contentsOf: library.url($0)) })

        // A re-index keeps the user's people over the file's face tags, even new ones.
        _ = try Self.exiftool([
            "-q", "-overwrite_original", "-XMP-iptcExt:PersonInImage+=Gus", library.url("lake.jpg").path,
        ])
        #expect(try library.run(["index"]).status == 0)
        let after = try #require(
            try library.assets(["--person", "frank ösel"]).first { $0["fileName"] as? String == "lake.jpg" })
        #expect(after["peopleSource"] as? String == "user")
        #expect(!(after["people"] as? [String] ?? []).contains("Bob"))
        #expect(!(after["people"] as? [String] ?? []).contains("Gus"))

        // Undone by the opposite action, logged too.
        #expect(try library.run(["action", "person", "remove", "--value", "Frank Ösel", "art.jpg"]).status == 0)
        #expect(try Self.names(library, ["--person", "frank ösel"]) == ["lake.jpg"])
    }

    /// `action person undo` gives back the people before the last change, and whose they
    /// were: the file's face tags become the file's again (a re-index then reads new ones);
    /// with sidecars on, the sidecar follows (exiftool reads it back).
    @Test(.enabled(if: exiftool != nil, "exiftool is not installed"), arguments: CatalogBackend.all)
    func undoGivesBackThePeopleAndWhoseTheyWere(backend: CatalogBackend) throws {
        let library = try Self.tagged(backend, sidecars: true)
        let before = try #require(try library.assets().first { $0["fileName"] as? String == "lake.jpg" })
        let tagged = try #require(before["people"] as? [String])
        #expect(try library.run(["action", "person", "add", "--value", "Frank", "lake.jpg"]).status == 0)
        #expect(try library.run(["action", "person", "remove", "--value", "Bob", "lake.jpg"]).status == 0)

        // The last change (Bob removed) undone: Bob back, Frank kept, still the user's.
        #expect(try library.run(["action", "person", "undo", "lake.jpg"]).status == 0)
        var lake = try #require(try library.assets().first { $0["fileName"] as? String == "lake.jpg" })
        #expect(lake["people"] as? [String] == tagged + ["Frank"] && lake["peopleSource"] as? String == "user")
        #expect(Set(try Self.exiftoolPeople(library.url("lake.jpg.xmp").path)).isSuperset(of: ["Bob", "Frank"]))

        // Undone again: that was the undo, so Bob goes again (a second undo redoes).
        #expect(try library.run(["action", "person", "undo", "lake.jpg"]).status == 0)
        lake = try #require(try library.assets().first { $0["fileName"] as? String == "lake.jpg" })
        #expect(lake["people"] as? [String] == tagged.filter { $0 != "Bob" } + ["Frank"])

        // A third undo brings Bob back; with Frank removed by hand, the file's names are left.
        #expect(try library.run(["action", "person", "undo", "lake.jpg"]).status == 0)
        #expect(try library.run(["action", "person", "remove", "--value", "Frank", "lake.jpg"]).status == 0)
        let history = try library.run(["history", "lake.jpg"])
        #expect(history.status == 0 && history.stdout.contains("person-undo"), "\(history)")
        lake = try #require(try library.assets().first { $0["fileName"] as? String == "lake.jpg" })
        #expect(lake["people"] as? [String] == tagged)

        let art = try library.run(["action", "person", "undo", "art.jpg", "--dry-run"])
        #expect(art.status == 1 && art.stderr.contains("art.jpg") && art.stderr.contains("no change of its people"))
    }

    /// An asset tagged in its file, edited once and undone: the file's names and source come
    /// back, so that a later change of the file's face tags is read again by an index.
    @Test(.enabled(if: exiftool != nil, "exiftool is not installed"))
    func undoingTheOnlyEditGivesTheFileItsPeopleBack() throws {
        let library = try Self.tagged(.sqlite)
        #expect(try library.run(["action", "person", "add", "--value", "Frank", "lighthouse.jpg"]).status == 0)
        #expect(try library.run(["action", "person", "undo", "lighthouse.jpg"]).status == 0)
        var lighthouse = try #require(try library.assets().first { $0["fileName"] as? String == "lighthouse.jpg" })
        #expect(lighthouse["people"] as? [String] == ["Bob", "Zoé"] && lighthouse["peopleSource"] as? String == "xmp")
        _ = try Self.exiftool([
            "-q", "-overwrite_original", "-XMP-iptcExt:PersonInImage+=Gus", library.url("lighthouse.jpg").path,
        ])
        #expect(try library.run(["index"]).status == 0)
        lighthouse = try #require(try library.assets().first { $0["fileName"] as? String == "lighthouse.jpg" })
        #expect((lighthouse["people"] as? [String] ?? []).contains("Gus"), "\(lighthouse)")
    }

    @Test(arguments: CatalogBackend.all)
    func bulkEditSetsPeopleFromCSVAndJSONLines(backend: CatalogBackend) throws {
        let library = try TestLibrary.sample(backend)
        #expect(try library.run(["index"]).status == 0)
        let csv = Data("path,people\n2015/lake-beach.jpg,Anna; Bob\n".utf8)
        let set = try library.run(["action", "set", "--from", "-"], stdin: csv)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try Self.names(library, ["--person", "anna"]) == ["lake-beach.jpg"])
        let json = Data(#"{"path":"2015/lake-beach.jpg","people":["Carl"]}"#.utf8 + [0x0A])
        #expect(try library.run(["action", "set", "--from", "-"], stdin: json).status == 0)
        let asset = try #require(try library.assets(["--person", "carl"]).first)
        #expect(asset["people"] as? [String] == ["Carl"])
        let bad = try library.run(
            ["action", "set", "--from", "-"], stdin: Data(#"{"path":"2015/lake-beach.jpg","people":[1]}"#.utf8))
        #expect(bad.status == 65 && bad.stderr.contains("people is not an array of strings"))
    }

    /// Hostile face tags: a file naming 10,050 people keeps the first 10,000 and says so in
    /// one line naming it, the batch going on; a name with an escape sequence is stored and
    /// shown without its control characters.
    @Test(.enabled(if: exiftool != nil, "exiftool is not installed"))
    func tooManyNamesAndControlCharactersAreBoundedEndToEnd() throws {
        let library = try TestLibrary()
        try library.add(SampleFiles.root.appendingPathComponent("2015/lake-beach.jpg"), as: "crowd.jpg")
        try library.add(SampleFiles.root.appendingPathComponent("2015/bordeaux-art.jpg"), as: "escape.jpg")
        let crowd = (0..<10_050).map { "Person \($0)" }.joined(separator: "|")
        _ = try Self.exiftool([
            "-q", "-overwrite_original", "-sep", "|", "-XMP-iptcExt:PersonInImage=\(crowd)",
            library.url("crowd.jpg").path,
        ])
        // exiftool writes a control character as '.': a sidecar written by hand carries them,
        // as a hostile one would (an escape sequence, a bell).
        let sidecar = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
             <rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/">
              <Iptc4xmpExt:PersonInImage><rdf:Bag><rdf:li>Eve&#x1B;[31mRed&#x7;</rdf:li></rdf:Bag></Iptc4xmpExt:PersonInImage>
             </rdf:Description>
            </rdf:RDF></x:xmpmeta>
            """
        try Data(sidecar.utf8).write(to: library.url("escape.jpg.xmp"))
        // exiftool reads back all it wrote (past its own bound of 1000 items with -m): the
        // bound is photolib's, not the file's.
        let written = try Self.exiftool(["-m", "-j", "-struct", "-XMP:all", library.url("crowd.jpg").path])
        let object = try JSONSerialization.jsonObject(with: written) as? [[String: Any]]
        #expect((object?.first?["PersonInImage"] as? [Any])?.count == 10_050)
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        let lines = index.stderr.split(separator: "\n").filter { $0.contains("names past the first") }
        #expect(lines.count == 1 && lines.first?.contains("crowd.jpg") == true, "\(index.stderr)")
        #expect(lines.first?.contains("50 names past the first 10000 dropped") == true)

        let assets = try library.assets()
        let crowded = try #require(assets.first { $0["fileName"] as? String == "crowd.jpg" })
        #expect((crowded["people"] as? [String])?.count == 10_000)
        #expect(try Self.names(library, ["--person", "person 9999"]) == ["crowd.jpg"])
        #expect(try Self.names(library, ["--person", "person 10000"]) == [])
        let escaped = try #require(assets.first { $0["fileName"] as? String == "escape.jpg" })
        #expect(escaped["people"] as? [String] == ["Eve [31mRed"])
        let shown = try library.run(["list", "--format", "{people}", "--person", "eve [31mred"])
        #expect(shown.stdout == "Eve [31mRed\n")
        #expect(!shown.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}
