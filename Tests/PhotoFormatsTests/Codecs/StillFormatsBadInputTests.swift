import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Hostile GIF, BMP and PSD files: every claim checked against the file before anything is
/// allocated, one clear reason each, nothing decoded past a cut.
@Suite(.enabled(if: StillFormatFixtures.isAvailable, Comment(rawValue: StillFormatFixtures.skipMessage)))
struct StillFormatsBadInputTests {
    typealias Fixtures = StillFormatFixtures

    /// The reason `FormatMetadata.read` and the decode give for `bytes` (nil when both read it).
    static func refusal(_ format: ImageFormat, _ bytes: [UInt8]) -> (read: String?, decode: String?) {
        var read: String?
        do { _ = try FormatMetadata.read(format, bytes: bytes) } catch { read = error.message }
        var decode: String?
        do {
            _ = try bytes.withUnsafeBytes {
                try FormatDecoder().decode(format, data: $0, limit: .standard, path: RawPath("bad"))
            }
        } catch {
            decode = "\(error)"
        }
        return (read, decode)
    }

    static func patched(_ bytes: [UInt8], at offset: Int, _ value: UInt32, bigEndian: Bool = false) -> [UInt8] {
        var out = bytes
        for index in 0..<4 {
            out[offset + index] = UInt8(truncatingIfNeeded: value >> UInt32(bigEndian ? 8 * (3 - index) : 8 * index))
        }
        return out
    }

    @Test func bmpClaimsAreCheckedAgainstTheFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try Fixtures.source(in: folder)
        let good = folder.path.appending("good.bmp")
        try MovieClips.run(Fixtures.convert, [source.description, "-type", "TrueColor", "BMP3:\(good)"])
        let bmp = try FileSystem.readFile(good)
        // 100000x100000: refused by the file's size before the pixel limit is even asked.
        let huge = Self.patched(Self.patched(bmp, at: 18, 100_000), at: 22, 100_000)
        let hugeRefusal = Self.refusal(.bmp, huge)
        #expect(hugeRefusal.read?.contains("past the end of the") == true, "\(hugeRefusal)")
        #expect(hugeRefusal.decode?.contains("past the end of the") == true, "\(hugeRefusal)")
        // Pixel data said to start past the end, or inside the header.
        for offset in [UInt32(bmp.count + 10), 20, UInt32.max] {
            let lying = Self.patched(bmp, at: 10, offset)
            #expect(Self.refusal(.bmp, lying).read != nil, "offset \(offset)")
            #expect(Self.refusal(.bmp, lying).decode != nil, "offset \(offset)")
        }
        // Each cut of the file: refused, never read past its end.
        for length in [14, 30, 54, bmp.count / 2, bmp.count - 200] {
            #expect(Self.refusal(.bmp, Array(bmp.prefix(length))).read != nil, "\(length) bytes")
        }
        // A negative width, a zero height, an unknown depth and RLE: each named.
        #expect(Self.refusal(.bmp, Self.patched(bmp, at: 18, UInt32(bitPattern: -5))).read?.contains("no size") == true)
        #expect(Self.refusal(.bmp, Self.patched(bmp, at: 22, 0)).read?.contains("no size") == true)
        var depth = bmp
        depth[28] = 7
        #expect(Self.refusal(.bmp, depth).read == "7-bit pixels are not read")
        #expect(Self.refusal(.bmp, Self.patched(bmp, at: 30, 1)).read == "RLE8 on 24-bit pixels")
    }

    @Test func psdClaimsAreCheckedAgainstTheFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try Fixtures.source(in: folder)
        let psd = try FileSystem.readFile(
            try Fixtures.make("good.psd", in: folder, [source.description, "-depth", "8"]))
        var channels = psd
        (channels[12], channels[13]) = (0xEA, 0x60)
        #expect(Self.refusal(.psd, channels).read == "claims 60000 channels (at most 56)")
        let huge = Self.patched(Self.patched(psd, at: 14, 100_000, bigEndian: true), at: 18, 100_000, bigEndian: true)
        #expect(Self.refusal(.psd, huge).read == "claims 100000x100000 pixels (at most 30000 a side)")
        // Depths, modes and versions Photoshop never writes are damage, not a kind of document
        // left unread: the index summary names only real kinds.
        var depth = psd
        (depth[22], depth[23]) = (0xFF, 0x08)
        #expect(Self.refusal(.psd, depth).read == "claims 65288-bit channels")
        var mode = psd
        (mode[24], mode[25]) = (0x00, 0x43)
        #expect(Self.refusal(.psd, mode).read == "unknown colour mode 67")
        var version = psd
        version[5] = 7
        #expect(Self.refusal(.psd, version).read == "unknown version 7")
        // A section length past the end of the file.
        let section = Self.patched(psd, at: 26, 0x7FFF_FFFF, bigEndian: true)
        #expect(Self.refusal(.psd, section).read == "a section runs past the end of the file")
        // Cut inside the composite: what was read is kept, the rest mid-gray, with the reason;
        // cut before any of it: refused.
        let cutLate = Array(psd.prefix(psd.count - 100))
        let decoded = try cutLate.withUnsafeBytes {
            try FormatDecoder().decode(.psd, data: $0, limit: .standard, path: RawPath("cut.psd"))
        }
        #expect(decoded.damage?.contains("truncated") == true)
        let start = StillFormatsTests.imageDataOffset(psd)
        #expect(Self.refusal(.psd, Array(psd.prefix(start + 40))).decode != nil)
    }

    @Test func gifCutsAreOneReasonAndFramesBeforeACutCount() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let source = try Fixtures.source(in: folder)
        let flipped = try Fixtures.make("flipped.png", in: folder, [source.description, "-flip"])
        let animated = try FileSystem.readFile(
            try Fixtures.make(
                "animated.gif", in: folder, ["-delay", "10", source.description, flipped.description, "-colors", "64"]))
        // Inside the first frame: refused by both.
        let early = Array(animated.prefix(animated.count / 3))
        let refusal = Self.refusal(.gif, early)
        #expect(refusal.read?.hasPrefix("truncated") == true, "\(refusal)")
        #expect(refusal.decode != nil)
        // Inside the second frame: the first one stands, one frame counted, the cut said.
        let late = Array(animated.prefix(animated.count - 200))
        let found = try FormatMetadata.read(.gif, bytes: late)
        #expect(found.frames == nil)
        #expect(found.problems.count == 1 && found.problems[0].hasSuffix("after 1 frame"), "\(found.problems)")
        let decoded = try late.withUnsafeBytes {
            try FormatDecoder().decode(.gif, data: $0, limit: .standard, path: RawPath("cut.gif"))
        }
        #expect(decoded.damage?.hasSuffix("after 1 frame") == true)
        // A screen of 65535x65535 (no global colour table) from a 30-byte file: over the pixel
        // limit before any pixel is allocated.
        var screen = Array(animated.prefix(30))
        (screen[6], screen[7], screen[8], screen[9], screen[10]) = (0xFF, 0xFF, 0xFF, 0xFF, 0)
        let screenRefusal = Self.refusal(.gif, screen)
        #expect(screenRefusal.decode?.contains("over the limit") == true, "\(screenRefusal)")
    }
}
