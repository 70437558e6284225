import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// TIFF and HEIF pictures reduced as they are decoded (`FormatDecoder.Reduction`, so that the
/// full picture is never held: issue 26, item 20) come out byte for byte as the whole picture
/// reduced the way renditions always were: halved in place while that leaves four times the
/// target, then Lanczos. Pictures are compared as one Boolean: Swift Testing would print a
/// failed comparison of megabyte arrays element by element, for minutes.
@Suite struct ReducedDecodeTests {
    /// The whole `image` reduced to `size` as `RenditionMaker.write` reduces a decoded picture
    /// (on a copy: halving works in place).
    static func wholeReduced(_ image: RGBImage, to size: (width: Int, height: Int)) -> [UInt8] {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: image.width * image.height * 3)
        defer { copy.deallocate() }
        for y in 0..<image.height { (copy + y * image.width * 3).update(from: image.row(y), count: image.width * 3) }
        var source = RGBImage(pixels: copy, width: image.width, height: image.height)
        if (source.width, source.height) == (size.width, size.height) { return bytes(source) }
        while source.width >= 4 * size.width && source.height >= 4 * size.height {
            source = ImageHalving.halved(source, into: source.pixels)
        }
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: size.width * size.height * 3)
        defer { output.deallocate() }
        let target = RGBImage(pixels: output, width: size.width, height: size.height)
        let resizer = StreamingResizer()
        resizer.begin(inputWidth: source.width, inputHeight: source.height, output: target)
        resizer.push(rows: source.pixels, count: source.height, stride: source.stride)
        return bytes(target)
    }

    static func bytes(_ image: RGBImage) -> [UInt8] {
        (0..<image.height).flatMap { Array(UnsafeBufferPointer(start: image.row($0), count: image.width * 3)) }
    }

    /// Target sizes, in tenths of the picture's sides: the same size, Lanczos alone, one
    /// halving first, two.
    static let tenths = [10, 25, 43, 91]

    /// `data` decoded whole and reduced, and decoded reduced: equal at every target size, and
    /// the reduced decode names the picture's full size. Returns the whole picture's bytes.
    @discardableResult
    static func expectReducedMatchesWhole(_ data: [UInt8], format: ImageFormat, name: String) throws -> [UInt8] {
        let whole = FormatDecoder()
        let (full, picture) = try data.withUnsafeBytes { buffer in
            try whole.decode(format, data: buffer, limit: .standard, path: RawPath(name)) {
                (($0.image.width, $0.image.height), bytes($0.image))
            }
        }
        for tenth in tenths {
            let size = (width: max(1, full.0 * 10 / tenth), height: max(1, full.1 * 10 / tenth))
            let expected = try data.withUnsafeBytes { buffer in
                try whole.decode(format, data: buffer, limit: .standard, path: RawPath(name)) {
                    wholeReduced($0.image, to: size)
                }
            }
            let reducing = FormatDecoder()
            var asked: (Int, Int)?
            let (actual, fullSize) = try data.withUnsafeBytes { buffer in
                try reducing.decode(
                    format, data: buffer, limit: .standard, path: RawPath(name),
                    reduction: { width, height, _ in
                        asked = (width, height)
                        return size
                    }
                ) { (bytes($0.image), $0.fullSize) }
            }
            #expect(asked.map { [$0.0, $0.1] } == [full.0, full.1], "\(name)")
            let same = actual == expected
            #expect(same, "\(name) at \(size)")
            let reduced = tenth != 10
            #expect(fullSize.map { [$0.width, $0.height] } == (reduced ? [full.0, full.1] : nil), "\(name)")
        }
        return picture
    }

    /// Noise that no smooth filter gets right by chance, from a fixed seed.
    static func noise(count: Int) -> [UInt8] {
        var state: UInt32 = 2_463_534_242
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return UInt8(truncatingIfNeeded: state >> 11)
        }
    }

    /// An uncompressed 8-bit RGB TIFF in one strip (as the bench's: libtiff reads it in
    /// chopped strips of two rows, read about a megabyte of raster at a time, so four reads
    /// here), whose pixels are known: the whole decode is them, and the reduced decode is them
    /// reduced.
    @Test func oneStripTIFFReducesAsItsKnownPixels() throws {
        let (width, height) = (1203, 701)
        let pixels = Self.noise(count: width * height * 3)
        let ifd0 = TIFFBuilder.Directory([
            256: .long([UInt32(width)]), 257: .long([UInt32(height)]), 258: .short([8, 8, 8]), 259: .short([1]),
            262: .short([2]), 277: .short([3]), 278: .long([UInt32(height)]), 279: .long([UInt32(pixels.count)]),
            284: .short([1]),
        ])
        let file = TIFFBuilder.file(ifd0, pixels: pixels)
        let picture = try Self.expectReducedMatchesWhole(file, format: .tiff, name: "one-strip.tif")
        let samePicture = picture == pixels
        #expect(samePicture)
        // And against the known pixels themselves, not only the decoder's whole picture.
        let size = (width: 133, height: 77)
        let known = pixels.withUnsafeBufferPointer {
            Self.wholeReduced(
                RGBImage(pixels: UnsafeMutablePointer(mutating: $0.baseAddress!), width: width, height: height),
                to: size)
        }
        let reduced = try file.withUnsafeBytes { buffer in
            try FormatDecoder().decode(
                .tiff, data: buffer, limit: .standard, path: RawPath("one-strip.tif"), reduction: { _, _, _ in size }
            ) { Self.bytes($0.image) }
        }
        let sameReduction = reduced == known
        #expect(sameReduction)
    }

    @Test(arguments: ["sunset.tif", "sunset-deflate.tif", "rgb16.tif", "sunset-exif6.heic", "lighthouse.heic"])
    func fixtureReducesAsItsWholePicture(name: String) throws {
        let bytes = try FormatFixtures.bytes(name)
        try Self.expectReducedMatchesWhole(bytes, format: ImageFormat.detect(bytes.withUnsafeBytes { $0 })!, name: name)
    }

    static let vips = MovieClips.executable("vips")

    /// TIFF layouts libvips writes (strips of 128 rows, tiles, LZW, 16 bits, gray with alpha)
    /// of a picture of odd sides, several reads of strips or rows of tiles tall.
    @Test(
        .enabled(if: vips != nil, Comment(rawValue: "vips (libvips-tools) makes the TIFFs")),
        arguments: [
            "strips.tif", "tiled.tif[tile,tile-width=64,tile-height=32]",
            "lzw.tif[compression=lzw,predictor=horizontal]",
            "sixteen.tif", "gray-alpha.tif",
        ])
    func vipsTIFFReducesAsItsWholePicture(name: String) throws {
        let folder = try TemporaryDirectory()
        let noise = folder.path.appending("noise.v").description
        _ = try MovieClips.run(Self.vips, ["gaussnoise", noise, "1201", "703", "--mean", "128", "--sigma", "60"])
        let rgb = folder.path.appending("rgb.v").description
        _ = try MovieClips.run(Self.vips, ["bandjoin_const", noise, rgb, "100 200"])
        var source = folder.path.appending("uchar.v").description
        _ = try MovieClips.run(Self.vips, ["cast", rgb, source, "uchar"])
        if name == "sixteen.tif" {
            let wide = folder.path.appending("ushort.v").description
            _ = try MovieClips.run(Self.vips, ["cast", rgb, wide, "ushort", "--shift"])
            source = wide
        } else if name == "gray-alpha.tif" {
            let alpha = folder.path.appending("alpha.v").description
            _ = try MovieClips.run(Self.vips, ["bandjoin_const", noise, alpha, "180"])
            source = folder.path.appending("gray-alpha.v").description
            _ = try MovieClips.run(Self.vips, ["cast", alpha, source, "uchar"])
        }
        let file = folder.path.appending(String(name.prefix { $0 != "[" })).description
        let options = name.contains("[") ? String(name.drop { $0 != "[" }) : ""
        _ = try MovieClips.run(Self.vips, ["copy", source, file + options])
        try Self.expectReducedMatchesWhole(try FileSystem.readFile(RawPath(file)), format: .tiff, name: name)
    }

    /// Pictures of odd sides through `RowReducer` a few rows at a time, against the whole
    /// picture halved and resized.
    @Test(arguments: [(97, 61, 97, 61), (97, 61, 30, 20), (401, 303, 50, 37), (1001, 999, 61, 62), (64, 64, 1, 1)])
    func rowReducerMatchesTheWholePicture(width: Int, height: Int, targetWidth: Int, targetHeight: Int) {
        var pixels = Self.noise(count: width * height * 3)
        let expected = pixels.withUnsafeMutableBufferPointer {
            Self.wholeReduced(
                RGBImage(pixels: $0.baseAddress!, width: width, height: height),
                to: (targetWidth, targetHeight))
        }
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: targetWidth * targetHeight * 3)
        defer { output.deallocate() }
        let reducer = RowReducer()
        reducer.begin(
            inputWidth: width, inputHeight: height,
            output: RGBImage(pixels: output, width: targetWidth, height: targetHeight))
        var row = 0
        var step = 1
        pixels.withUnsafeBufferPointer { all in
            while row < height {
                let count = min(step, height - row)
                reducer.push(rows: all.baseAddress! + row * width * 3, count: count, stride: width * 3)
                row += count
                step = step % 7 + 1
            }
        }
        #expect(reducer.isComplete)
        let same = Array(UnsafeBufferPointer(start: output, count: targetWidth * targetHeight * 3)) == expected
        #expect(same)
    }
}
