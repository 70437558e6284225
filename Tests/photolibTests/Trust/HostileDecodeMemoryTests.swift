import Foundation
import PhotoTestSupport
import Testing

/// Issue 24 item 5: outside JPEG, a file's header could claim a picture within the pixel limit
/// whose decode takes gigabytes (a 28-byte WebP of 15000 x 15000: 1.5 GB). Every codec's
/// decode is refused from its header's claims when its buffers would pass the decode budget
/// (2 MiB per megapixel of the limit), in one line, and the decodes running at once share one
/// budget.
@Suite struct HostileDecodeMemoryTests {
    static let refusal = "MiB budget of the 250-megapixel limit (raise max-megapixels to decode it)"

    static func hostile(_ name: String) throws -> [UInt8] {
        switch name {
        case "bomb.webp": HostileImages.webp()
        case "bomb.png": HostileImages.interlacedPNG(side: 10_000)
        case "bomb.tif": HostileImages.deflatedTIFF(side: 12_000)
        default: try HostileImages.avif()
        }
    }

    @Test(arguments: ["bomb.webp", "bomb.png", "bomb.tif", "bomb.avif"])
    func aHostileHeaderIsRefusedBeforeItsDecodeAllocates(name: String) throws {
        let library = try TestLibrary()
        try Data(try Self.hostile(name)).write(to: library.url(name))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let index = try MeasuredRun.run(["index", "--library", library.root.path])
        let lines = index.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(index.stderr)")
        #expect(
            lines.first.map {
                $0.contains("\(library.url(name).path): decoding it needs") && $0.hasSuffix(Self.refusal)
            }
                == true, "\(index.stderr)")
        #expect(index.peakMemory < 600 << 20, "peak \(index.peakMemory >> 20) MiB")
    }

    /// Four copies of each in one `index` with four jobs: one line for each, and the whole
    /// run under 1 GB.
    @Test func aBatchOfHostileFilesStaysUnderAGigabyte() throws {
        let library = try TestLibrary()
        for name in ["bomb.webp", "bomb.png", "bomb.tif", "bomb.avif"] {
            let bytes = Data(try Self.hostile(name))
            for copy in 1...4 { try bytes.write(to: library.url("\(copy)-\(name)")) }
        }
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let index = try MeasuredRun.run(["index", "--jobs", "4", "--library", library.root.path])
        let lines = index.stderr.split(separator: "\n")
        #expect(lines.count == 16, "\(index.stderr)")
        #expect(lines.allSatisfy { $0.contains("decoding it needs") }, "\(index.stderr)")
        #expect(index.peakMemory < 1 << 30, "peak \(index.peakMemory >> 20) MiB")
    }
}
