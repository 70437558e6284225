import Foundation
import PhotoTestSupport
import Testing

/// Issue 30, bursts: the corpus's iPhone HDR pair (one camera, 0.53 s apart by
/// SubSecTimeOriginal) is a burst, found even below its fingerprint distance; the Canon HDR
/// pair (26 s apart) and two frames of a Nikon minutes apart are not grouped at all.
@Suite(.serialized) struct BurstCommandTests {
    static let files = [
        "exif-samples/hdr/iphone_hdr_YES.jpg", "exif-samples/hdr/iphone_hdr_NO.jpg",
        "exif-samples/hdr/canon_hdr_YES.jpg", "exif-samples/hdr/canon_hdr_NO.jpg",
        "exif-samples/gps/DSCN0010.jpg", "exif-samples/gps/DSCN0012.jpg",
    ]

    static func library() throws -> TestLibrary {
        let library = try TestLibrary()
        for file in files {
            try FileManager.default.copyItem(
                at: Corpus.photo(file), to: library.url((file as NSString).lastPathComponent))
        }
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        return library
    }

    static func groups(_ library: TestLibrary, _ arguments: [String] = []) throws -> [[String: Any]] {
        let result = try library.run(["similar", "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    }

    static func names(_ group: [String: Any]) -> Set<String> {
        Set((group["members"] as? [[String: Any]] ?? []).compactMap { $0["fileName"] as? String })
    }

    @Test(.enabled(if: Corpus.isAvailable && MovieClips.exiftool != nil, "the corpus and exiftool are needed"))
    func theIPhonePairIsABurstConsecutiveFramesAreNotGrouped() throws {
        let library = try Self.library()
        // The fraction of a second as exiftool reads it, for every file.
        for asset in try library.assets() {
            let name = asset["fileName"] as? String ?? ""
            let path = library.url(name).path
            let oracle = String(
                decoding: try MovieClips.run(MovieClips.exiftool, ["-s3", "-SubSecTimeOriginal", path]), as: UTF8.self
            )
            .trimmingCharacters(in: .whitespacesAndNewlines)
            #expect((asset["takenSubsecond"] as? String) == (oracle.isEmpty ? nil : oracle), "\(name)")
        }
        let groups = try Self.groups(library)
        #expect(groups.count == 1)
        #expect(groups.first.map(Self.names) == ["iphone_hdr_YES.jpg", "iphone_hdr_NO.jpg"])
        #expect(groups.first?["burst"] as? Bool == true)
        // Below the pair's distance it is still a burst: time and camera link it, not the threshold.
        let members = groups.first?["members"] as? [[String: Any]] ?? []
        let distance = members.last?["distance"] as? Int ?? 0
        #expect(distance > 0)
        let strict = try Self.groups(library, ["--threshold", "\(distance - 1)"])
        #expect(strict.count == 1 && strict.first.map(Self.names) == ["iphone_hdr_YES.jpg", "iphone_hdr_NO.jpg"])
        #expect(strict.first?["burst"] as? Bool == true)
        let text = try library.run(["similar"])
        #expect(text.stdout.contains("2 in a burst:"), "\(text.stdout)")
    }
}
