import Foundation
import PhotoTestSupport
import Testing

/// Issue 30 end to end: copies of a real photo made with ImageMagick (resized, recompressed,
/// converted to WebP with its metadata stripped, brightened, a little cropped) get
/// fingerprints near the original's and are one group; other photos of the corpus, among
/// them the next frame of the same camera, are not in it.
@Suite(.serialized) struct SimilarCommandTests {
    static let convert = "/usr/bin/convert"
    static let ready = Corpus.isAvailable && FileManager.default.isExecutableFile(atPath: convert)
    static let skip = Corpus.isAvailable ? "ImageMagick (/usr/bin/convert) is not installed" : Corpus.skipMessage

    /// The variants of DSCN0010 and what else the library holds.
    static let variants = ["original.jpg", "small.jpg", "bright.jpg", "crop.jpg", "crop10.jpg", "stripped.webp"]
    static let others = ["next-frame.jpg", "nikon.jpg", "canon.jpg"]

    static func library() throws -> TestLibrary {
        let library = try TestLibrary()
        let original = Corpus.photo("exif-samples/gps/DSCN0010.jpg")
        try FileManager.default.copyItem(at: original, to: library.url("original.jpg"))
        func make(_ name: String, _ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: convert)
            process.arguments = [original.path] + arguments + [library.url(name).path]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "convert \(arguments)")
        }
        try make("small.jpg", ["-resize", "40%", "-quality", "55"])
        try make("bright.jpg", ["-modulate", "112", "-quality", "85"])
        try make("crop.jpg", ["-gravity", "center", "-crop", "96%x96%+0+0", "+repage", "-quality", "80"])
        try make("crop10.jpg", ["-gravity", "center", "-crop", "90%x90%+0+0", "+repage", "-quality", "80"])
        try make("stripped.webp", ["-strip", "-quality", "75"])
        try FileManager.default.copyItem(
            at: Corpus.photo("exif-samples/gps/DSCN0012.jpg"), to: library.url("next-frame.jpg"))
        try FileManager.default.copyItem(at: Corpus.photo("exif-samples/Nikon_D70.jpg"), to: library.url("nikon.jpg"))
        try FileManager.default.copyItem(at: Corpus.photo("exif-samples/Canon_40D.jpg"), to: library.url("canon.jpg"))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        return library
    }

    /// The nearest of whole to whole, whole to centre and centre to whole, from the 32 digits
    /// (whole, then centre) the asset JSON shows.
    static func distance(_ a: String, _ b: String) -> Int {
        func halves(_ text: String) -> (UInt64, UInt64) {
            (UInt64(text.prefix(16), radix: 16) ?? 0, UInt64(text.suffix(16), radix: 16) ?? 0)
        }
        let ((wholeA, centreA), (wholeB, centreB)) = (halves(a), halves(b))
        return [wholeA ^ wholeB, wholeA ^ centreB, centreA ^ wholeB].map(\.nonzeroBitCount).min() ?? 64
    }

    @Test(.enabled(if: ready, Comment(rawValue: skip))) func copiesAreOneGroupOthersAreNot() throws {
        let library = try Self.library()
        var hashes: [String: String] = [:]
        for asset in try library.assets() {
            let hash = try #require(asset["visualHash"] as? String, "\(asset["fileName"] ?? "")")
            #expect(hash.count == 32 && hash.allSatisfy(\.isHexDigit))
            hashes[asset["fileName"] as? String ?? ""] = hash
        }
        let original = try #require(hashes["original.jpg"])
        for name in Self.variants { #expect(Self.distance(original, hashes[name] ?? "") <= 8, "\(name)") }
        for name in Self.others { #expect(Self.distance(original, hashes[name] ?? "") > 8, "\(name)") }

        let result = try library.run(["similar", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let group = try #require(groups.first { ($0["members"] as? [[String: Any]])?.count ?? 0 >= 6 })
        let members = try #require(group["members"] as? [[String: Any]])
        #expect(Set(members.compactMap { $0["fileName"] as? String }) == Set(Self.variants))
        // The one to keep: the most pixels, then JPEG before WebP, then the oldest.
        #expect(members.first?["fileName"] as? String == "original.jpg")
        #expect(members.first?["distance"] as? Int == 0)
        #expect(members.dropFirst().allSatisfy { ($0["distance"] as? Int ?? 99) <= 8 })
        for other in groups where other["members"] as? [[String: Any]] != nil {
            let names = (other["members"] as? [[String: Any]] ?? []).compactMap { $0["fileName"] as? String }
            #expect(Set(names).isDisjoint(with: Self.others) || Set(names).isDisjoint(with: Self.variants))
        }

        // The nearest to one photo, as JSON Lines and text.
        let nearest = try library.run(["similar", "--jsonl", "small.jpg"])
        #expect(nearest.status == 0, "\(nearest.stderr)")
        #expect(nearest.stdout.split(separator: "\n").count == 1)
        #expect(nearest.stdout.contains("\"original.jpg\"") && !nearest.stdout.contains("nikon.jpg"))
        let text = try library.run(["similar"])
        #expect(text.stdout.contains("keep  ") && text.stdout.contains("original.jpg"))
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        // --threshold is the largest distance kept: the 10% crop is in at its distance, out below.
        let crop = Self.distance(original, hashes["crop10.jpg"] ?? "")
        if crop > 0 {
            let below = try library.run(["similar", "--threshold", "\(crop - 1)", "--jsonl", "original.jpg"])
            #expect(!below.stdout.contains("crop10.jpg"))
        }
        #expect(
            try library.run(["similar", "--threshold", "\(crop)", "--jsonl", "original.jpg"]).stdout.contains(
                "crop10.jpg"))

        // The copies beside the one to keep go to the trash through ids on standard input.
        let extras = members.dropFirst().map { ["id": $0["id"] as? String ?? ""] }
        let input = try JSONSerialization.data(withJSONObject: extras)
        let delete = try library.run(["action", "delete", "--yes", "-"], stdin: input)
        #expect(delete.status == 0, "\(delete.stderr)")
        let left = Set(try library.assets().compactMap { $0["fileName"] as? String })
        #expect(left == Set(["original.jpg"] + Self.others))
    }

    /// A fingerprint stored before the middle's hash existed (16 digits) is made whole by
    /// `render` from the stored thumbnail, and compares whole to whole meanwhile.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func renderCompletesAnOlderFingerprint() throws {
        let library = try TestLibrary()
        try FileManager.default.copyItem(
            at: Corpus.photo("exif-samples/gps/DSCN0010.jpg"), to: library.url("original.jpg"))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        #expect(try library.run(["index"]).status == 0)
        let made = try #require(try library.assets().first?["visualHash"] as? String)
        #expect(made.count == 32)
        try CatalogSQL.execute("UPDATE assets SET visual_centre_hash = NULL", root: library.root)
        #expect(try library.assets().first?["visualHash"] as? String == String(made.prefix(16)))
        let render = try library.run(["render"])
        #expect(render.status == 0, "\(render.stderr)")
        let remade = try #require(try library.assets().first?["visualHash"] as? String)
        #expect(remade.count == 32)
        // From the thumbnail's JPEG rather than its pixels before encoding: a bit or two at most.
        #expect(Self.distance(made, remade) <= 2)
    }
}
