import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// The image reader on each format's fixtures: format, size, orientation, date, GPS, caption.
@Suite struct FormatReadingTests {
    @Test(arguments: FormatFixtures.expected.keys.sorted())
    func fixtureReadsAsExpected(_ name: String) throws {
        let expected = try #require(FormatFixtures.expected[name])
        let reading = try ImageFileReader.read(FormatFixtures.path(name))
        let metadata = reading.metadata
        #expect(metadata.format == expected.format)
        #expect(metadata.mimeType == expected.mimeType)
        #expect(metadata.pixelWidth == expected.width)
        #expect(metadata.pixelHeight == expected.height)
        #expect(metadata.orientation == expected.orientation)
        #expect(metadata.takenAt?.iso8601 == expected.takenAt)
        if let latitude = expected.latitude {
            #expect(abs((metadata.gps?.latitude ?? 0) - latitude) < 1e-4)
        } else {
            #expect(metadata.gps == nil)
        }
        #expect(metadata.caption == expected.caption)
        #expect(reading.problems == [])
        #expect(reading.size == Int64(try FormatFixtures.bytes(name).count))
    }

    @Test func xmpInHEIFAndPNGGoesThroughTheXMPReader() throws {
        let heif = try ImageFileReader.read(FormatFixtures.path("lighthouse.heic"))
        #expect(heif.embeddedText.xmp?.caption == "Lighthouse from XMP")
        let png = try ImageFileReader.read(FormatFixtures.path("lighthouse-text-xmp.png"))
        #expect(png.embeddedText.xmp?.caption == "Lighthouse XMP title")
    }

    /// A PNG exiftool gave `XMP-exif:DateTimeOriginal` (and no EXIF date): the date is the
    /// photo's, as the same XMP in a JPEG gives it.
    @Test func pngDateFromXMPWhenItHasNoEXIFDate() throws {
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" \
            exif:DateTimeOriginal="2019-07-24T11:25:40"/></rdf:RDF></x:xmpmeta>
            """
        let chunkData = Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + Array(xmp.utf8)
        let type = Array("iTXt".utf8)
        let length = UInt32(chunkData.count)
        var chunk = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + type + chunkData
        let crc = Self.crc32(type + chunkData)
        chunk += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
        // After the signature (8 bytes) and IHDR (25 bytes).
        let plain = try FormatFixtures.bytes("gray8.png")
        let folder = try TemporaryDirectory()
        let path = try folder.write(Array(plain[..<33]) + chunk + Array(plain[33...]), named: "dated.png")
        let reading = try ImageFileReader.read(path)
        #expect(reading.metadata.takenAt?.iso8601 == "2019-07-24T11:25:40")
        #expect(reading.metadata.takenAtSource == .xmp)
        #expect(try ImageFileReader.read(FormatFixtures.path("gray8.png")).metadata.takenAt == nil)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }

    @Test func formatsAreRecognisedByTheirBytesNotTheirNames() throws {
        let folder = try TemporaryDirectory()
        for (name, expected) in FormatFixtures.expected {
            let path = try folder.write(try FormatFixtures.bytes(name), named: name + ".jpg")
            #expect(try ImageFileReader.read(path).metadata.format == expected.format)
        }
        let jpeg = try folder.write(
            try FileSystem.readFile(SampleFiles.path("2015/sunset-orientation-6.jpg")), named: "x.heic")
        #expect(try ImageFileReader.read(jpeg).metadata.format == .jpeg)
    }

    @Test func pngRawProfileDecodesImageMagicksHexText() {
        let text = "\nexif\n      8\n45786966000049492a00\n"
        #expect(PNGChunks.rawProfile(text) == [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x49, 0x49])
        #expect(PNGChunks.rawProfile("\nexif\n  99\n4578\n") == nil)
    }

    /// Truncated, emptied, scrambled and misnamed copies of each fixture: an error naming the
    /// format or a reading with problems, never a crash; and the decoder likewise.
    @Test(arguments: FormatFixtures.expected.keys.sorted())
    func brokenVariantsNeverCrash(_ name: String) throws {
        let folder = try TemporaryDirectory()
        let decoder = FormatDecoder()
        for variant in FormatFixtures.brokenVariants(of: try FormatFixtures.bytes(name)) {
            let path = try folder.write(variant.bytes, named: "broken-" + name)
            do {
                let reading = try ImageFileReader.read(path)
                #expect(reading.metadata.format != .jpeg, "\(variant.name)")
            } catch {
                #expect(error.kind == .badData, "\(variant.name): \(error)")
            }
            guard let format = ImageFormat.detect(variant.bytes.withUnsafeBytes { $0 }), format != .jpeg else {
                continue
            }
            do {
                let decoded = try variant.bytes.withUnsafeBytes {
                    try decoder.decode(format, data: $0, limit: .standard, path: path)
                }
                #expect(decoded.image.width > 0)
            } catch let error as ImagingError {
                #expect(error.kind == .badData, "\(variant.name): \(error)")
            }
        }
    }

    @Test func pixelLimitIsCheckedBeforeDecoding() throws {
        let decoder = FormatDecoder()
        for name in ["lighthouse.heic", "rgba.png", "lossless-alpha.webp"] {
            let bytes = try FormatFixtures.bytes(name)
            let error = try #require(throws: ImagingError.self) {
                try bytes.withUnsafeBytes {
                    try decoder.decode(
                        ImageFormat.detect($0)!, data: $0, limit: PixelLimit(megapixels: 0), path: RawPath("x"))
                }
            }
            #expect(error.reason == .tooManyPixels(width: 96, height: 144, limitMegapixels: 0))
        }
    }
}

/// LibRaw's preview extraction and the worker's reply, which crosses a pipe.
@Suite struct RawPreviewTests {
    @Test func replyRoundTrips() throws {
        let jpeg = RawPreview(kind: .jpeg, width: 640, height: 480, bytes: [0xFF, 0xD8, 0xFF, 0xD9])
        #expect(try RawPreviewWorker.decodeReply(RawPreviewWorker.encodeReply(jpeg)) == jpeg)
        let rgb = RawPreview(kind: .rgb, width: 2, height: 1, bytes: [1, 2, 3, 4, 5, 6])
        #expect(try RawPreviewWorker.decodeReply(RawPreviewWorker.encodeReply(rgb)) == rgb)
        #expect(throws: CodecError(format: .raw, message: "the raw worker's bitmap is short")) {
            try RawPreviewWorker.decodeReply(
                RawPreviewWorker.encodeReply(RawPreview(kind: .rgb, width: 4, height: 4, bytes: [])))
        }
        #expect(throws: CodecError(format: .raw, message: "cannot open")) {
            try RawPreviewWorker.decodeReply(Array("cannot open".utf8) + [0x45])
        }
        #expect(throws: CodecError(format: .raw, message: "the raw worker said nothing")) {
            try RawPreviewWorker.decodeReply([])
        }
        #expect(throws: CodecError(format: .raw, message: "the raw worker's reply is malformed")) {
            try RawPreviewWorker.decodeReply([1, 0, 0, 0, 1, 0, 0, 0, 0])
        }
        #expect(throws: CodecError(format: .raw, message: "the raw worker's reply is malformed")) {
            try RawPreviewWorker.decodeReply([0, 0, 0, 0x42])
        }
        // What the worker writes for a refused file, read back as that error.
        let refusal = try #require(
            RawPreviewWorker.reply(
                to: [RawPreviewWorker.argument, "1280", "100", "30", "/nonexistent.crw"].map { Array($0.utf8) }))
        #expect(throws: CodecError.self) { try RawPreviewWorker.decodeReply(refusal) }
    }

    @Test func libRawRefusesWhatIsNotARaw() throws {
        #expect(throws: CodecError.self) { try LibRawFile(bytes: try FormatFixtures.bytes("sunset.tif")) }
        #expect(throws: CodecError.self) { try LibRawFile(bytes: []) }
    }

    @Test func libRawFromAMappingRefusesWhatIsNotARawFile() throws {
        // Opened as every original is (`RegularFile`): its refusal says what the path holds.
        let notRegular = "not a regular file; photolib reads only regular files"
        #expect(throws: CodecError(format: .raw, message: "a folder, \(notRegular)")) {
            try LibRawFile(path: RawPath(FormatFixtures.folder.path))
        }
        #expect(throws: CodecError(format: .raw, message: "a character device, \(notRegular)")) {
            try LibRawFile(path: RawPath("/dev/null"))
        }
        #expect(throws: CodecError.self) { try LibRawFile(path: RawPath("/nonexistent/photolib.crw")) }
        #expect(throws: CodecError.self) { try LibRawFile(path: FormatFixtures.path("sunset.tif")) }
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let short = try folder.write(Array(repeating: 0x49, count: 31), named: "short.crw")
        #expect(throws: CodecError(format: .raw, message: "file too short")) { try LibRawFile(path: short) }
    }

    /// The mapping (metadata, the worker) and a copy of the bytes give LibRaw the same file.
    @Test(.enabled(if: FormatGroundTruthTests.isAvailable, Comment(rawValue: FormatGroundTruthTests.skipMessage)))
    func libRawFromAMappingReadsAsFromBytes() throws {
        for name in ["CRW_0304.CRW", "DC0008L.KDC"] {
            let path = RawPath(FormatGroundTruthTests.folder.appendingPathComponent(name).path)
            let mapped = try LibRawFile(path: path)
            let copied = try LibRawFile(bytes: try FileSystem.readFile(path))
            #expect(mapped.width == copied.width && mapped.height == copied.height, "\(name)")
            #expect(mapped.rawPixels == copied.rawPixels, "\(name)")
            #expect(mapped.orientation == copied.orientation, "\(name)")
            #expect(mapped.make == copied.make && mapped.model == copied.model, "\(name)")
            #expect(mapped.timestamp == copied.timestamp && mapped.caption == copied.caption, "\(name)")
            #expect(try mapped.preview(minimumSide: 1280) == copied.preview(minimumSide: 1280), "\(name)")
        }
    }

    @Test(.enabled(if: FormatGroundTruthTests.isAvailable, Comment(rawValue: FormatGroundTruthTests.skipMessage)))
    func corpusRawsGiveTheirPreviews() throws {
        // CRW: a 640x480 JPEG inside, under the 1280 asked for: a half-size decode, turned already.
        let crw = RawPath(FormatGroundTruthTests.folder.appendingPathComponent("CRW_0304.CRW").path)
        let half = try RawPreviewWorker.extract(path: crw, minimumSide: 1280, limit: .standard)
        #expect((half.kind, half.width, half.height) == (.rgb, 1156, 860))
        let embedded = try RawPreviewWorker.extract(path: crw, minimumSide: 256, limit: .standard)
        #expect((embedded.kind, embedded.width, embedded.height) == (.jpeg, 640, 480))
        #expect(embedded.bytes.starts(with: [0xFF, 0xD8]))
        #expect(throws: CodecError.self) {
            try RawPreviewWorker.extract(path: crw, minimumSide: 256, limit: PixelLimit(megapixels: 1))
        }
        let reading = try ImageFileReader.read(crw)
        #expect(reading.metadata.format == .raw)
        #expect(reading.problems == [])
    }
}
