import Foundation
import PhotoTestSupport
import Testing

/// Issue 14's duplicates end to end, on both catalogs: byte-identical copies are grouped, two
/// different photos never are, not even "fingerprint twins" (equal size, equal first and last
/// 64 KiB, different pictures in between), whose renditions must not be shared either.
@Suite struct DuplicatesCommandTests {
    /// A JPEG whose top band is one gray level and whose first and last 64 KiB do not depend
    /// on it: an APP15 segment of fixed bytes fills the head, and below the band rows of fixed
    /// noise fill the tail, each row a restart interval (byte-aligned, its DC predictions
    /// reset), so their bytes are the same whatever is above. A COM segment evens the lengths
    /// out. Two of them differ only in the middle, where the partial fingerprint does not look.
    static func fingerprintTwin(gray: UInt8) -> Data {
        let width = 512
        let noiseRows = 6
        let height = 8 * (1 + noiseRows)
        var state: UInt32 = 12_345
        var pixels = [UInt8](repeating: gray, count: width * 8 * 3)
        for _ in 0..<(width * 8 * noiseRows * 3) {
            state = state &* 1_103_515_245 &+ 12_345
            pixels.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        func encoded(gray: UInt8, comment: Int) -> [UInt8] {
            var encoder = FixtureJPEG()
            encoder.subsampled = false
            encoder.restartInterval = width / 8
            encoder.segments = [
                SyntheticJPEG.segment(0xEF, [UInt8](repeating: 0x5A, count: 65_533)),
                SyntheticJPEG.segment(0xFE, [UInt8](repeating: 0x20, count: comment)),
            ]
            var band = pixels
            for index in 0..<(width * 8 * 3) { band[index] = gray }
            return encoder.encode(TestImage(width: width, height: height, pixels: band))
        }
        // Both twins' length: the longer of the two bare encodings, plus a comment of 16 bytes.
        let length = max(encoded(gray: 30, comment: 0).count, encoded(gray: 220, comment: 0).count) + 16
        return Data(encoded(gray: gray, comment: length - encoded(gray: gray, comment: 0).count))
    }

    /// A library holding the two twins, a plain photo and two copies of it; indexed.
    static func library(_ backend: CatalogBackend) throws -> TestLibrary {
        let library = try TestLibrary()
        try FileManager.default.createDirectory(at: library.url("backup"), withIntermediateDirectories: true)
        try fingerprintTwin(gray: 30).write(to: library.url("dark.jpg"))
        try fingerprintTwin(gray: 220).write(to: library.url("light.jpg"))
        let plain = MetadataSourcesCommandTests.photo(segments: [MetadataSourcesCommandTests.exif()])
        try plain.write(to: library.url("plain.jpg"))
        try plain.write(to: library.url("backup/plain copy.jpg"))
        try plain.write(to: library.url("backup/plain-2.jpg"))
        #expect(try BinaryRunner.run(["init"] + backend.initArguments() + [library.root.path]).status == 0)
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        return library
    }

    @Test func twinsShareAFingerprintButNotAContentHash() throws {
        let dark = Self.fingerprintTwin(gray: 30)
        let light = Self.fingerprintTwin(gray: 220)
        #expect(dark.count == light.count)
        #expect(dark.prefix(65_536) == light.prefix(65_536))
        #expect(dark.suffix(65_536) == light.suffix(65_536))
        #expect(dark != light)
    }

    /// The bug of issue 14: the twins got one fingerprint and so one preview, and `peek` showed
    /// the wrong picture. Renditions are named by the whole content's hash now.
    @Test(arguments: CatalogBackend.all) func twinsGetTheirOwnRenditions(_ backend: CatalogBackend) throws {
        let library = try Self.library(backend)
        let assets = try library.assets()
        let dark = try #require(assets.first { $0["fileName"] as? String == "dark.jpg" })
        let light = try #require(assets.first { $0["fileName"] as? String == "light.jpg" })
        #expect(dark["fingerprint"] as? String == light["fingerprint"] as? String)
        let darkHash = try #require(dark["contentHash"] as? String)
        let lightHash = try #require(light["contentHash"] as? String)
        #expect(darkHash != lightHash)
        #expect(darkHash.count == 32)
        func preview(_ asset: [String: Any]) throws -> String {
            let renditions = try #require(asset["renditions"] as? [String: Any])
            let preview = try #require(renditions["preview"] as? [String: Any])
            return try #require(preview["path"] as? String)
        }
        let darkPreview = try preview(dark)
        let lightPreview = try preview(light)
        #expect(darkPreview != lightPreview)
        #expect(
            darkPreview.hasSuffix(
                "/\(darkHash.prefix(2))/\(darkHash.dropFirst(2).prefix(2))/\(darkHash)-preview-1280-q82.jpg"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: darkPreview))
                != Data(contentsOf: URL(fileURLWithPath: lightPreview)))
        // peek names the asset's own preview.
        let peek = try library.run(["peek", "--json", "dark.jpg"])
        #expect(peek.status == 0, "\(peek.stderr)")
        #expect(peek.stdout.contains(darkHash))
        #expect(!peek.stdout.contains(lightHash))
    }

    @Test(arguments: CatalogBackend.all) func duplicatesGroupsByteIdenticalCopiesOnly(_ backend: CatalogBackend) throws
    {
        let library = try Self.library(backend)
        let result = try library.run(["duplicates", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(groups.count == 1)
        let group = try #require(groups.first)
        let members = try #require(group["assets"] as? [[String: Any]])
        #expect(
            members.compactMap { $0["relativePath"] as? String } == [
                "backup/plain copy.jpg", "backup/plain-2.jpg", "plain.jpg",
            ])
        #expect(group["count"] as? Int == 3)
        let size = try Data(contentsOf: library.url("plain.jpg")).count
        #expect(group["size"] as? Int == size)
        #expect((group["contentHash"] as? String)?.count == 32)

        // The same copies through list's filter and the alias, as JSON Lines and as text.
        let listed = try library.run(["list", "--duplicates", "--format", "{relativePath}"])
        #expect(listed.stdout == "backup/plain copy.jpg\nbackup/plain-2.jpg\nplain.jpg\n")
        let lines = try library.run(["dupes", "--jsonl", "--folder", "backup"])
        #expect(lines.status == 0)
        #expect(lines.stdout.split(separator: "\n").count == 1)
        #expect(lines.stdout.contains("plain-2.jpg") && !lines.stdout.contains("\"plain.jpg\""))
        let text = try library.run(["duplicates"])
        #expect(text.stdout.contains("3 copies, "))
        #expect(text.stdout.contains("  backup/plain copy.jpg\n") || text.stdout.contains(" backup/plain copy.jpg\n"))
        #expect(
            text.stdout.hasSuffix("1 group, 2 extra copies taking \(size * 2) bytes.\n")
                || text.stdout.contains("1 group, 2 extra copies"))
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func noDuplicatesSaysSo() throws {
        let library = try TestLibrary()
        try Self.fingerprintTwin(gray: 30).write(to: library.url("dark.jpg"))
        try Self.fingerprintTwin(gray: 220).write(to: library.url("light.jpg"))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        // Indexed without renditions: duplicates hashes the originals itself.
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        #expect(try library.assets().allSatisfy { $0["contentHash"] is NSNull })
        let result = try library.run(["duplicates"])
        #expect(result.status == 0)
        #expect(result.stdout == "No duplicates.\n")
        #expect(try library.assets().allSatisfy { ($0["contentHash"] as? String)?.count == 32 })
        let json = try library.run(["duplicates", "--json"])
        #expect(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    /// Issue 30: only originals that may be a copy are read whole, as fdupes does. A size of
    /// its own is never hashed; of equal sizes, only those whose first and last blocks agree
    /// (the twins) are; one whose head differs (the dark twin with a byte of its APP15 changed)
    /// is not. The copies are grouped all the same.
    @Test func duplicatesHashesOnlyWhatMayBeACopy() throws {
        let library = try TestLibrary()
        let dark = Self.fingerprintTwin(gray: 30)
        try dark.write(to: library.url("dark.jpg"))
        try Self.fingerprintTwin(gray: 220).write(to: library.url("light.jpg"))
        var edited = dark
        edited[100] ^= 0x01
        try edited.write(to: library.url("dark-edited.jpg"))
        let plain = MetadataSourcesCommandTests.photo(segments: [MetadataSourcesCommandTests.exif()])
        try plain.write(to: library.url("plain.jpg"))
        try plain.write(to: library.url("plain copy.jpg"))
        let gray = TestImage(width: 40, height: 24, pixels: [UInt8](repeating: 90, count: 40 * 24 * 3))
        try Data(FixtureJPEG().encode(gray)).write(to: library.url("alone.jpg"))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        let result = try library.run(["duplicates", "--jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stdout.contains("plain copy.jpg"))
        var hashed: [String: Bool] = [:]
        for asset in try library.assets() {
            hashed[asset["fileName"] as? String ?? ""] = asset["contentHash"] is String
        }
        #expect(
            hashed == [
                "dark.jpg": true, "light.jpg": true, "dark-edited.jpg": false,
                "plain.jpg": true, "plain copy.jpg": true, "alone.jpg": false,
            ])
        // A file of a known size added later is hashed against the stored hash of the others.
        try plain.write(to: library.url("plain-3.jpg"))
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        let again = try library.run(["duplicates", "--json"])
        #expect(again.stdout.contains("plain-3.jpg"))
    }
}

/// A library whose renditions an older photolib named by the partial fingerprint: `verify`
/// finds them stale, and `verify --repair` removes them and makes renditions named by content.
@Suite struct FingerprintNamedRenditionsTests {
    @Test func verifyRepairReplacesRenditionsNamedByFingerprint() throws {
        let library = try TestLibrary()
        try MetadataSourcesCommandTests.photo(segments: [MetadataSourcesCommandTests.exif()])
            .write(to: library.url("a.jpg"))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        let asset = try #require(try library.assets().first)
        let fingerprint = try #require(asset["fingerprint"] as? String)
        // What an older photolib left: the preview under the fingerprint, written long ago
        // (repair leaves files younger than a minute alone: a running index may own them).
        let old = library.url(
            ".photolib/renditions/\(fingerprint.prefix(2))/\(fingerprint.dropFirst(2).prefix(2))/\(fingerprint)-preview-1280-q82.jpg"
        )
        try FileManager.default.createDirectory(at: old.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contentsOf: library.url("a.jpg")).write(to: old)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: old.path)

        let check = try library.run(["verify", "--json"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("\"rendition-stale\""))
        #expect(check.stdout.contains("partial fingerprint"))
        let repair = try library.run(["verify", "--repair"])
        #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
        #expect(!FileManager.default.fileExists(atPath: old.path))
        let hash = try #require(try library.assets().first?["contentHash"] as? String)
        #expect(
            FileManager.default.fileExists(
                atPath: library.url(
                    ".photolib/renditions/\(hash.prefix(2))/\(hash.dropFirst(2).prefix(2))/\(hash)-preview-1280-q82.jpg"
                ).path))
        #expect(try library.run(["verify"]).status == 0)
    }
}
