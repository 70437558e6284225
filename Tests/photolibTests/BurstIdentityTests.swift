import Foundation
import PhotoTestSupport
import Testing

/// Issue 30, bursts a camera names: two different pictures an iPhone marked as frames of one
/// burst (Apple's MakerNote `BurstUUID`, tag 0x000b) are kept as `burstId`, listed by
/// `list --burst`, counted in the Bursts collection and grouped by `similar` as a burst
/// although they look nothing alike; a photo of the same camera without the tag is in none.
@Suite struct BurstIdentityTests {
    static let burst = "7A1C3E5F-0B2D-4F6A-8C9E-1D3B5F7A9C0E"

    /// An APP1 EXIF segment as an iPhone writes one (big-endian): Make Apple, a model, and an
    /// Apple MakerNote holding `burst` as tag 0x000b when given (the MakerNote's offsets count
    /// from its own first byte). exiftool writes no MakerNote from nothing, so the bytes are
    /// made here, and exiftool reads them back as the oracle.
    static func exifSegment(burst: String?) -> [UInt8] {
        func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }
        var note = Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8)
        if let burst {
            let text = Array(burst.utf8) + [0]
            note += be16(1) + be16(0x000B) + be16(2) + be32(text.count) + be32(32) + be32(0) + text
        } else {
            note += be16(0) + be32(0)
        }
        let (make, model) = (Array("Apple\0".utf8), Array("iPhone 12\0".utf8))
        // IFD0 at 8 (3 entries: 42 bytes), its strings at 50 and 56, the EXIF IFD at 66 (one
        // entry: 18 bytes), the MakerNote at 84.
        var tiff = Array("MM".utf8) + be16(42) + be32(8)
        tiff += be16(3) + be16(0x010F) + be16(2) + be32(make.count) + be32(50)
        tiff += be16(0x0110) + be16(2) + be32(model.count) + be32(56)
        tiff += be16(0x8769) + be16(4) + be32(1) + be32(66) + be32(0)
        tiff += make + model
        tiff += be16(1) + be16(0x927C) + be16(7) + be32(note.count) + be32(84) + be32(0)
        tiff += note
        let payload = Array("Exif\0\0".utf8) + tiff
        return [0xFF, 0xE1] + be16(payload.count + 2) + payload
    }

    /// A 96 x 64 picture: `pattern` 0 is a left-to-right ramp, 1 checks, 2 rings; three
    /// pictures whose fingerprints are far apart.
    static func photo(pattern: Int, burst: String?, to url: URL) throws {
        var pixels: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<96 {
                let value: Int
                switch pattern {
                case 0: value = x * 255 / 95
                case 1: value = (x / 16 + y / 16) % 2 == 0 ? 230 : 20
                default:
                    value = Int(127.5 + 127.5 * sin(Double((x - 48) * (x - 48) + (y - 32) * (y - 32)).squareRoot() / 4))
                }
                pixels += [UInt8(value), UInt8(255 - value), UInt8(value / 2)]
            }
        }
        var encoder = FixtureJPEG()
        encoder.segments = [exifSegment(burst: burst)]
        try Data(encoder.encode(TestImage(width: 96, height: 64, pixels: pixels))).write(to: url)
    }

    @Test func framesNamedOneBurstAreABurst() throws {
        let library = try TestLibrary()
        try Self.photo(pattern: 0, burst: Self.burst, to: library.url("IMG_0001.jpg"))
        try Self.photo(pattern: 1, burst: Self.burst.lowercased(), to: library.url("IMG_0002.jpg"))
        try Self.photo(pattern: 2, burst: nil, to: library.url("IMG_0003.jpg"))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")

        let assets = Dictionary(
            try library.assets().map { ($0["fileName"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        // exiftool, the oracle, reads the burst of each file as photolib does (uppercase).
        if let exiftool = MovieClips.exiftool {
            for name in ["IMG_0001.jpg", "IMG_0002.jpg", "IMG_0003.jpg"] {
                let oracle = String(
                    decoding: try MovieClips.run(exiftool, ["-s3", "-BurstUUID", library.url(name).path]),
                    as: UTF8.self
                ).trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(assets[name]?["burstId"] as? String == (oracle.isEmpty ? nil : oracle.uppercased()), "\(name)")
            }
        }
        #expect(assets["IMG_0001.jpg"]?["burstId"] as? String == Self.burst)
        #expect(assets["IMG_0003.jpg"]?["burstId"] is NSNull)

        let listed = try library.run(["list", "--burst", "--format", "{fileName}"])
        #expect(listed.status == 0 && listed.stdout == "IMG_0001.jpg\nIMG_0002.jpg\n", "\(listed.stdout)")
        let counted = try library.run(["list", "--collection", "bursts", "--format", "{fileName} {burstId}"])
        #expect(counted.stdout == "IMG_0001.jpg \(Self.burst)\nIMG_0002.jpg \(Self.burst)\n", "\(counted.stdout)")
        let collections = try library.run(["collections"])
        #expect(collections.stdout.contains("Bursts"), "\(collections.stdout)")

        // Unlike in look (they are different pictures), alike in name: a burst.
        let similar = try library.run(["similar", "--json"])
        #expect(similar.status == 0, "\(similar.stderr)")
        let groups = try JSONSerialization.jsonObject(with: Data(similar.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(groups.count == 1)
        #expect(groups.first?["burst"] as? Bool == true)
        let members = groups.first?["members"] as? [[String: Any]] ?? []
        #expect(Set(members.compactMap { $0["fileName"] as? String }) == ["IMG_0001.jpg", "IMG_0002.jpg"])
        #expect((members.last?["distance"] as? Int ?? 0) > 8, "\(members)")
    }

    /// A HEIC's EXIF item is read the same way: heif-enc carries the JPEG's EXIF (MakerNote
    /// and all) into the HEIC, and exiftool reads the burst from the HEIC as photolib does.
    @Test(
        .enabled(
            if: MovieClips.executable("heif-enc") != nil && MovieClips.exiftool != nil,
            "heif-enc and exiftool are needed"))
    func aHEICKeepsItsBurst() throws {
        let library = try TestLibrary()
        let jpeg = library.url("frame.jpg")
        try Self.photo(pattern: 1, burst: Self.burst, to: jpeg)
        let heic = library.url("IMG_0004.HEIC")
        try MovieClips.run(MovieClips.executable("heif-enc"), ["-q", "80", jpeg.path, "-o", heic.path])
        try FileManager.default.removeItem(at: jpeg)
        let oracle = String(
            decoding: try MovieClips.run(MovieClips.exiftool, ["-s3", "-BurstUUID", heic.path]), as: UTF8.self
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(oracle == Self.burst)
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        #expect(try library.run(["index", "--no-renditions"]).status == 0)
        let listed = try library.run(["list", "--burst", "--format", "{fileName} {format} {burstId}"])
        #expect(listed.stdout == "IMG_0004.HEIC heif \(oracle)\n", "\(listed.stdout) \(listed.stderr)")
    }
}
