import Foundation
import PhotoTestSupport
import Testing

/// End to end: GIF, BMP and PSD files ImageMagick makes become assets with their sizes (as
/// exiftool reads them), an animation's `frames` (as ImageMagick counts them) and renditions;
/// a PSD without a composite is counted apart; broken files of each are one line each, the
/// batch goes on, exit 2.
@Suite(
    .enabled(
        if: MovieClips.executable("convert") != nil && MovieClips.executable("exiftool") != nil,
        "ImageMagick or exiftool is not installed: these tests make their files with it"))
struct StillFormatsCommandTests {
    static let convert = MovieClips.executable("convert")
    static let exiftool = MovieClips.executable("exiftool")

    private func make(_ output: URL, _ arguments: [String], prefix: String = "") throws {
        try FileManager.default.createDirectory(
            at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try MovieClips.run(Self.convert, arguments + [prefix + output.path])
    }

    /// A small picture made from a sample photo, and the same picture upside down: the frames
    /// of the fixtures.
    private func pictures(in work: TemporaryDirectory) throws -> (source: URL, flipped: URL) {
        let sample = SampleFiles.path("2016/lighthouse-portrait.jpg").description
        let source = work.url.appendingPathComponent("source.png")
        let flipped = work.url.appendingPathComponent("flipped.png")
        try make(source, [sample, "-resize", "96x144!"])
        try make(flipped, [source.path, "-flip"])
        return (source, flipped)
    }

    /// `bytes` with the 32-bit `value` at `offset`.
    private func patched(_ bytes: [UInt8], at offset: Int, _ value: UInt32, bigEndian: Bool = false) -> [UInt8] {
        var out = bytes
        for index in 0..<4 {
            let shift = bigEndian ? 8 * (3 - index) : 8 * index
            out[offset + index] = UInt8(truncatingIfNeeded: value >> UInt32(shift))
        }
        return out
    }

    /// Where a PSD's image data section starts: past the header and three length-prefixed sections.
    private func imageDataOffset(_ bytes: [UInt8]) -> Int {
        var offset = 26
        for _ in 0..<3 {
            offset +=
                4
                + (Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                    | Int(bytes[offset + 3]))
        }
        return offset
    }

    @Test func gifBmpAndPsdAreAssetsAndBrokenOnesAreOneLineEach() throws {
        let library = try TestLibrary()
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let (source, flipped) = try pictures(in: work)
        try make(library.url("stills/still.gif"), [source.path, "-colors", "64"])
        try make(
            library.url("stills/animated.gif"),
            ["-delay", "10", source.path, flipped.path, source.path, "-colors", "64"])
        try make(library.url("stills/scan.bmp"), [source.path, "-type", "TrueColor"], prefix: "BMP3:")
        try make(library.url("stills/poster.psd"), [source.path, "-depth", "8"])
        let layered = work.url.appendingPathComponent("layered.psd")
        try make(layered, [source.path, source.path, flipped.path, "-depth", "8"])

        // A layered document cut after its layers: no composite, skipped.
        let layeredBytes = [UInt8](try Data(contentsOf: layered))
        try Data(layeredBytes.prefix(imageDataOffset(layeredBytes))).write(to: library.url("stills/layers-only.psd"))
        // Broken files: one line each.
        try FileManager.default.createDirectory(at: library.url("bad"), withIntermediateDirectories: true)
        let gif = [UInt8](try Data(contentsOf: library.url("stills/still.gif")))
        try Data(gif.prefix(gif.count / 2)).write(to: library.url("bad/truncated.gif"))
        let bmp = [UInt8](try Data(contentsOf: library.url("stills/scan.bmp")))
        let huge = patched(patched(bmp, at: 18, 100_000), at: 22, 100_000)
        try Data(huge).write(to: library.url("bad/huge.bmp"))
        try Data(patched(bmp, at: 10, UInt32(bmp.count + 4096))).write(to: library.url("bad/lying-offset.bmp"))
        let psd = [UInt8](try Data(contentsOf: library.url("stills/poster.psd")))
        var channels = psd
        (channels[12], channels[13]) = (0xEA, 0x60)  // 60,000 channels
        try Data(channels).write(to: library.url("bad/channels.psd"))

        _ = try BinaryRunner.run(["init", library.root.path])
        let index = try library.run(["index"])
        #expect(index.status == 2, "\(index.stderr)")
        #expect(index.stdout.contains("added 4,"), "\(index.stdout)")
        #expect(index.stdout.contains("failed 4,"), "\(index.stdout)")
        #expect(index.stdout.contains("skipped: PSD without a composite 1"), "\(index.stdout)")
        #expect(!index.stdout.contains("damaged"), "\(index.stdout)")
        let lines = index.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(index.stderr)")
        for name in ["truncated.gif", "huge.bmp", "lying-offset.bmp", "channels.psd"] {
            let path = library.url("bad/\(name)").path
            #expect(lines.filter { $0.hasPrefix("photolib: \(path): cannot read ") }.count == 1, "\(index.stderr)")
        }

        let assets = try library.assets()
        #expect(assets.count == 4)
        for asset in assets {
            let path = try #require(asset["path"] as? String)
            let said = String(
                decoding: try MovieClips.run(Self.exiftool, ["-s3", "-ImageWidth", "-ImageHeight", path]),
                as: UTF8.self
            ).split(separator: "\n").compactMap { Int($0) }
            #expect([asset["width"] as? Int ?? 0, asset["height"] as? Int ?? 0] == said, "\(path)")
            let format = URL(fileURLWithPath: path).pathExtension
            #expect(asset["format"] as? String == format, "\(path)")
            #expect(asset["damaged"] as? Bool == false, "\(path)")
            #expect(
                (asset["renditions"] as? [String: Any])?["thumbnail"] as? [String: Any] != nil, "\(path): \(asset)")
            let frames = asset["frames"] as? Int
            #expect(frames == (path.hasSuffix("animated.gif") ? 3 : nil), "\(path)")
        }
        // Only the animated GIF is listed by a template asking for frames.
        let framed = try library.run(["list", "--format", "{fileName} {frames}"])
        #expect(framed.stdout.contains("animated.gif 3\n"), "\(framed.stdout)")
    }

    /// An animated WebP is an asset with its frames and renditions, not damaged; a CMYK PSD is
    /// counted as not read yet by name, not a failure.
    @Test(.enabled(if: MovieClips.executable("img2webp") != nil, "img2webp (webp) is not installed"))
    func animatedWebPIsAnAssetAndACMYKDocumentIsCounted() throws {
        let library = try TestLibrary()
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let (source, flipped) = try pictures(in: work)
        try FileManager.default.createDirectory(at: library.url("stills"), withIntermediateDirectories: true)
        try MovieClips.run(
            MovieClips.executable("img2webp"),
            ["-lossy", source.path, flipped.path, "-o", library.url("stills/moving.webp").path])
        try make(library.url("stills/print.psd"), [source.path, "-colorspace", "CMYK", "-depth", "8"])

        _ = try BinaryRunner.run(["init", library.root.path])
        let index = try library.run(["index"])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(index.stdout.contains("added 1,"), "\(index.stdout)")
        #expect(index.stdout.contains("skipped: PSD CMYK documents 1"), "\(index.stdout)")
        let asset = try #require(try library.assets().first)
        #expect(asset["format"] as? String == "webp")
        #expect(asset["frames"] as? Int == 2)
        #expect(asset["damaged"] as? Bool == false, "\(asset)")
        #expect((asset["renditions"] as? [String: Any])?["preview"] as? [String: Any] != nil, "\(asset)")
    }

    /// An animation cut in its second frame is damaged with its reason said once: the reading
    /// and the decode find the same cut, and the line is the decode's "decoded in part".
    @Test func aGIFCutInItsSecondFrameIsDamagedWithOneReason() throws {
        let library = try TestLibrary()
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let (source, flipped) = try pictures(in: work)
        let animated = work.url.appendingPathComponent("animated.gif")
        try make(animated, ["-delay", "10", source.path, flipped.path, "-colors", "64"])
        let bytes = [UInt8](try Data(contentsOf: animated))
        try Data(bytes.prefix(bytes.count - 200)).write(to: library.url("cut.gif"))

        _ = try BinaryRunner.run(["init", library.root.path])
        let index = try library.run(["index"])
        #expect(index.status == 2, "\(index.stderr)")
        #expect(index.stdout.contains("added 1,") && index.stdout.contains("damaged 1"), "\(index.stdout)")
        let lines = index.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(index.stderr)")
        let line = try #require(lines.first)
        #expect(line.hasPrefix("photolib: \(library.url("cut.gif").path): decoded in part (truncated"), "\(line)")
        #expect(line.hasSuffix("after 1 frame)"), "\(line)")
        #expect(line.components(separatedBy: "after 1 frame").count == 2, "\(line)")
    }
}
