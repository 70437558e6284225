import Foundation
import Testing

/// One pixel limit, said one way: `index` flags an oversized photo, `render` and
/// `pop --upright` refuse it from its header, all three in the same words.
@Suite struct PixelLimitCommandTests {
    /// The SampleLibrary photo stored turned (EXIF orientation 6) with its frame header claiming
    /// 65500x65500 pixels: 4290.25 megapixels, which a rounding of its own would tell apart.
    static func oversizedPhoto() throws -> Data {
        let sample = BinaryRunner.packageRoot.appendingPathComponent("SampleLibrary/2015/sunset-orientation-6.jpg")
        var bytes = [UInt8](try Data(contentsOf: sample))
        var index = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                // Length (2), precision (1), then height and width, big-endian.
                bytes.replaceSubrange((index + 5)..<(index + 9), with: [0xFF, 0xDC, 0xFF, 0xDC])
                return Data(bytes)
            }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    @Test func indexRenderAndPopUprightGiveTheSameReason() throws {
        let library = try TestLibrary()
        try Self.oversizedPhoto().write(to: library.url("huge.jpg"))
        #expect(try BinaryRunner.run(["init", library.root.path]).status == 0)
        let reason = "65500x65500 is 4290.3 megapixels, over the limit of 250"
        let path = library.url("huge.jpg").path

        let index = try library.run(["index"])
        #expect(index.status == 2)
        #expect(index.stderr.split(separator: "\n").contains { $0.hasSuffix("\(path): \(reason)") }, "\(index.stderr)")

        let render = try library.run(["render", "huge.jpg"])
        #expect(render.status == 2)
        #expect(render.stderr.contains("\(path): \(reason)"), "\(render.stderr)")

        let export = library.url("upright.jpg").path
        let pop = try library.run(["pop", "huge.jpg", "--upright", "--export", export])
        #expect(pop.status != 0)
        #expect(pop.stderr.contains("\(path): \(reason)"), "\(pop.stderr)")
        #expect(!FileManager.default.fileExists(atPath: export))
        // A copy byte for byte decodes nothing, so the limit does not stand in its way.
        #expect(try library.run(["pop", "huge.jpg", "--export", export]).status == 0)
    }
}
