import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Metadata read in parts (a HEIF's `meta` box through `HEIFBoxes`, a PNG's chunks without
/// its pixel data) says what reading the whole file with libheif or the chunk walker says.
@Suite struct PartialReadTests {
    static let corpusFormats = Corpus.root.appendingPathComponent("formats")

    /// Every HEIF at hand: the fixtures, and the corpus's phone files when it is on this machine.
    static var heifFiles: [RawPath] {
        var paths = ["sunset-exif6.heic", "lighthouse.heic", "lighthouse-thumbnail.heic", "lighthouse.avif"]
            .map(FormatFixtures.path)
        for name in ["IMG_8565.HEIC", "iphone_13_pro_max.HEIC", "IMG_5195.HEIC"] {
            let url = corpusFormats.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path) { paths.append(RawPath(url.path)) }
        }
        return paths
    }

    static func fileBytes(_ bytes: [UInt8], head: Int = 64 << 10) -> (FileBytes, [UInt8]) {
        let reader = ArrayReader(bytes: bytes)
        let window = UnsafeMutableRawBufferPointer.allocate(byteCount: min(head, bytes.count), alignment: 1)
        window.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.withUnsafeBytes { $0 }[..<window.count]))
        return (FileBytes(head: UnsafeRawBufferPointer(window), reader: reader, size: Int64(bytes.count)), bytes)
    }

    @Test func heifWalkerAgreesWithLibheif() throws {
        var walked = 0
        for path in Self.heifFiles {
            let bytes = try FileSystem.readFile(path)
            let (file, _) = Self.fileBytes(bytes)
            guard let boxes = HEIFBoxes.read(file) else {
                // Left to libheif: only a file libheif refuses or one the walker does not follow.
                continue
            }
            walked += 1
            let image = try HEIFImage(bytes: bytes)
            #expect(boxes.width == image.storedWidth && boxes.height == image.storedHeight, "\(path)")
            #expect(boxes.displayedWidth == image.width && boxes.displayedHeight == image.height, "\(path)")
            #expect(boxes.exif.flatMap(HEIFImage.exifPayload(item:)) == image.exifPayload(), "\(path)")
            #expect(boxes.xmp == image.xmpPacket(), "\(path)")
        }
        #expect(walked >= 3)
    }

    /// The corpus's truncated HEIC (item data past the end) is left to libheif, which refuses it.
    @Test func truncatedItemDataIsLeftToLibheif() throws {
        let bytes = try FormatFixtures.bytes("sunset-exif6.heic")
        for cut in [bytes.count / 2, bytes.count - 1, 40] {
            let (file, _) = Self.fileBytes(Array(bytes.prefix(cut)))
            #expect(HEIFBoxes.read(file) == nil, "cut at \(cut)")
        }
    }

    /// Scrambled copies: the walker says nil or what libheif says, and never crashes.
    @Test func scrambledHEIFsNeverCrashTheWalker() throws {
        for path in Self.heifFiles.prefix(4) {
            for variant in FormatFixtures.brokenVariants(of: try FileSystem.readFile(path)) {
                let (file, _) = Self.fileBytes(variant.bytes, head: 256)
                guard let boxes = HEIFBoxes.read(file), let image = try? HEIFImage(bytes: variant.bytes) else {
                    continue
                }
                #expect(boxes.width == image.storedWidth, "\(path) \(variant.name)")
            }
        }
    }

    @Test(arguments: FormatFixtures.expected.keys.filter { $0.hasSuffix(".png") }.sorted())
    func pngWithoutPixelDataReadsAsTheWholeFile(_ name: String) throws {
        let whole = try FormatFixtures.bytes(name)
        for variant in [("whole", whole)] + FormatFixtures.brokenVariants(of: whole).map({ ($0.name, $0.bytes) }) {
            let (file, bytes) = Self.fileBytes(variant.1, head: 100)
            guard let parts = PNGChunks.withoutPixelData(file) else {
                Issue.record("\(name) \(variant.0): read failed")
                continue
            }
            #expect(parts.count <= bytes.count)
            let fromParts = parts.withUnsafeBytes { data in
                Result { () throws(CodecError) in try PNGChunks(bytes: data) }
            }
            let fromWhole = bytes.withUnsafeBytes { data in
                Result { () throws(CodecError) in try PNGChunks(bytes: data) }
            }
            switch (fromParts, fromWhole) {
            case (.success(let a), .success(let b)):
                #expect(a.width == b.width && a.height == b.height, "\(name) \(variant.0)")
                #expect(a.exifTIFF == b.exifTIFF && a.xmp == b.xmp && a.text == b.text, "\(name) \(variant.0)")
                #expect(a.problems == b.problems, "\(name) \(variant.0)")
            case (.failure(let a), .failure(let b)):
                #expect(a.message == b.message, "\(name) \(variant.0)")
            default:
                Issue.record("\(name) \(variant.0): \(fromParts) against \(fromWhole)")
            }
        }
    }
}

extension PartialReadTests {
    /// `png` with its pixel data cut into IDATs of `size` bytes (the last one shorter), each
    /// followed by `after` (chunks written after the pixels, as ImageMagick writes eXIf).
    static func splitIDAT(_ png: [UInt8], size: Int, after: [UInt8] = []) -> [UInt8] {
        var out = Array(png.prefix(8))
        var pixels: [UInt8] = []
        var rest: [UInt8] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let chunk = Array(png[offset..<offset + 12 + length])
            let type = String(decoding: chunk[4..<8], as: UTF8.self)
            if type == "IDAT" {
                pixels += chunk[8..<8 + length]
            } else if type == "IEND" || !pixels.isEmpty {
                rest += chunk
            } else {
                out += chunk
            }
            offset += 12 + length
        }
        var start = 0
        while start < pixels.count {
            let piece = pixels[start..<min(start + size, pixels.count)]
            out += [UInt8(piece.count >> 24 & 255), UInt8(piece.count >> 16 & 255), UInt8(piece.count >> 8 & 255)]
            out += [UInt8(piece.count & 255)] + Array("IDAT".utf8) + piece + [0, 0, 0, 0]
            start += size
        }
        return out + after + rest
    }

    /// Runs of equal IDATs are jumped over, and nothing after them is missed: the same chunks
    /// as the whole file's walk, for runs of every length around the jumps of 64, 16 and 4.
    @Test func idatRunsAreSkippedWithoutMissingWhatFollows() throws {
        let whole = try FormatFixtures.bytes("sunset-exif-after-idat.png")
        for size in [1, 7, 13, 50, 64, 200, 1000] {
            let split = Self.splitIDAT(whole, size: size)
            let (file, bytes) = Self.fileBytes(split, head: 64)
            let parts = try #require(PNGChunks.withoutPixelData(file))
            // Headers read: one IDAT of each run of 64, 16 or 4 (at most 6 of each 64), plus the last few.
            func idats(_ bytes: [UInt8]) -> Int {
                (0..<max(0, bytes.count - 3)).count { bytes[$0..<$0 + 4].elementsEqual("IDAT".utf8) }
            }
            #expect(idats(parts) <= idats(bytes) / 8 + 8, "IDAT piece \(size): \(idats(parts)) of \(idats(bytes))")
            let a = try parts.withUnsafeBytes { try PNGChunks(bytes: $0) }
            let b = try bytes.withUnsafeBytes { try PNGChunks(bytes: $0) }
            #expect(a.exifTIFF != nil && a.exifTIFF == b.exifTIFF, "IDAT piece \(size)")
            #expect(a.text == b.text && a.problems == b.problems, "IDAT piece \(size)")
        }
    }
}

/// Bytes in memory read as a file is.
private struct ArrayReader: PositionalReader {
    let bytes: [UInt8]

    func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard offset >= 0, offset < Int64(bytes.count) else { return 0 }
        let count = min(buffer.count, bytes.count - Int(offset))
        bytes.withUnsafeBytes {
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[Int(offset)..<Int(offset) + count]))
        }
        return count
    }
}

/// The parts readers under many mutated copies of real files (the fuzz target's probe, run
/// deterministically here: Scripts/fuzz needs a toolchain that instruments PhotoFormats):
/// random bytes changed, runs cut out, box and chunk lengths made huge. Never a crash, and a
/// walker that answers agrees with libheif on the size.
@Suite struct ContainerMutationTests {
    static let seeds = [
        "sunset-exif6.heic", "lighthouse-thumbnail.heic", "sunset-exif-after-idat.png", "interlaced.png",
    ]

    @Test(arguments: seeds)
    func mutatedFilesNeverCrashThePartsReaders(_ name: String) throws {
        let original = try FormatFixtures.bytes(name)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(max(bound, 1)))
        }
        var agreed = 0
        for round in 0..<3000 {
            var bytes = original
            switch round % 4 {
            case 0:
                for _ in 0..<(1 + next(8)) { bytes[next(bytes.count)] = UInt8(truncatingIfNeeded: next(256)) }
            case 1:
                let start = next(bytes.count)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + next(64)))
            case 2:
                // A length field made huge or zero: every 4-byte big-endian word is a candidate.
                let at = next(max(1, min(bytes.count, 2048) - 4))
                let value: [UInt8] = [
                    [0xFF, 0xFF, 0xFF, 0xF0], [0, 0, 0, 0], [0, 0, 0, 1], [0x7F, 0xFF, 0xFF, 0xFF],
                ][next(4)]
                bytes.replaceSubrange(at..<at + 4, with: value)
            default:
                bytes = Array(bytes.prefix(next(bytes.count)))
            }
            _ = bytes.withUnsafeBytes { ParserProbe.containers($0) }
            guard name.hasSuffix(".heic") else { continue }
            let (file, _) = PartialReadTests.fileBytes(bytes, head: 256)
            if let boxes = HEIFBoxes.read(file), let image = try? HEIFImage(bytes: bytes) {
                #expect(boxes.width == image.storedWidth && boxes.height == image.storedHeight, "round \(round)")
                agreed += 1
            }
        }
        if name.hasSuffix(".heic") { #expect(agreed > 100) }
    }
}
