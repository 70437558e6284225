import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats

/// EXIF blocks built byte by byte, parsed by libexif through `ExifBlock`, and interpreted.
@Suite struct ExifBlockTests {
    /// Parses a block and applies it to empty metadata.
    func read(_ builder: ExifBuilder) throws -> (metadata: PhotoMetadata, problems: [String]) {
        try read(payload: builder.build())
    }

    func read(payload: [UInt8]) throws -> (metadata: PhotoMetadata, problems: [String]) {
        let tags = try payload.withUnsafeBytes { try ExifBlock(payload: $0).tags() }
        var metadata = PhotoMetadata()
        let problems = metadata.apply(exif: tags)
        return (metadata, problems)
    }

    // MARK: - Camera

    @Test(arguments: [false, true])
    func makeAndModelAreTrimmed(bigEndian: Bool) throws {
        var block = ExifBuilder(bigEndian: bigEndian)
        block.ifd0 = [
            block.ascii(0x010F, "  NIKON CORPORATION  "),
            block.asciiBytes(0x0110, Array("NIKON D70".utf8) + [0, 0, 0x20, 0]),
        ]
        let (metadata, problems) = try read(block)
        #expect(metadata.cameraMake == "NIKON CORPORATION")
        #expect(metadata.cameraModel == "NIKON D70")
        #expect(problems == [])
    }

    @Test func blankMakeIsAbsent() throws {
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x010F, "        "), block.asciiBytes(0x0110, [0, 0, 0, 0, 0, 0])]
        let (metadata, _) = try read(block)
        #expect(metadata.cameraMake == nil)
        #expect(metadata.cameraModel == nil)
    }

    @Test func latin1TextFromOldCameras() throws {
        var block = ExifBuilder()
        block.ifd0 = [block.asciiBytes(0x010F, Array("Caf".utf8) + [0xE9, 0])]
        #expect(try read(block).metadata.cameraMake == "Café")
    }

    // MARK: - Capture date

    @Test func dateWithOffset() throws {
        var block = ExifBuilder(bigEndian: true)
        block.exif = [block.ascii(0x9003, "2008:05:30 15:56:01"), block.ascii(0x9011, "+02:00")]
        #expect(try read(block).metadata.takenAt == CaptureDate(localTime: "2008-05-30T15:56:01", utcOffset: "+02:00"))
    }

    @Test func malformedOffsetIsDroppedButDateKept() throws {
        var block = ExifBuilder()
        block.exif = [block.ascii(0x9003, "2021:12:31 23:59:59"), block.ascii(0x9011, "+2:00")]
        #expect(try read(block).metadata.takenAt == CaptureDate(localTime: "2021-12-31T23:59:59", utcOffset: nil))
    }

    @Test(arguments: [
        "0000:00:00 00:00:00", "    :  :     :  :  ", "", "2008:13:01 10:00:00", "2008-05-30 15:56:01", "garbage",
    ])
    func unusableDatesAreAbsent(text: String) throws {
        var block = ExifBuilder()
        block.exif = [block.ascii(0x9003, text)]
        #expect(try read(block).metadata.takenAt == nil)
    }

    /// libexif gives up on the rest of IFD0 at a thumbnail length of 0xFFFFFFFF (a Pillow test
    /// file has one), losing the pointer to the EXIF directory; exiftool reads on, and so
    /// does photolib's own walk of the block.
    @Test(arguments: [false, true])
    func dateBehindADirectoryLibexifAbandons(bigEndian: Bool) throws {
        var block = ExifBuilder(bigEndian: bigEndian)
        block.ifd0 = [
            block.ascii(0x0131, "PIL"), block.ascii(0x010F, "Make"),
            ExifBuilder.Entry(tag: 0x0202, type: 4, count: 1, value: block.word32(0xFFFF_FFFF)),
        ]
        block.exif = [block.ascii(0x9003, "2019:07:24 11:25:40")]
        let (metadata, problems) = try read(block)
        #expect(metadata.takenAt == CaptureDate(localTime: "2019-07-24T11:25:40", utcOffset: nil))
        #expect(metadata.cameraMake == "Make")
        #expect(problems.contains { $0.hasPrefix("corrupt EXIF") })
    }

    @Test func noFallbackToModificationDate() throws {
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x0132, "2010:01:01 12:00:00"), block.ascii(0x010F, "Canon")]
        block.exif = [block.ascii(0x9004, "2010:01:01 12:00:00")]
        let (metadata, _) = try read(block)
        #expect(metadata.cameraMake == "Canon")
        #expect(metadata.takenAt == nil)
    }

    // MARK: - Orientation

    @Test(arguments: [
        (UInt16?.none, 1, false), (0, 1, false), (1, 1, false), (6, 6, false), (8, 8, false),
        (9, 1, true), (65535, 1, true),
    ])
    func orientation(stored: UInt16?, expected: Int, isProblem: Bool) throws {
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x010F, "Canon")]
        if let stored { block.ifd0.append(block.short(0x0112, stored)) }
        let (metadata, problems) = try read(block)
        #expect(metadata.orientation == expected)
        #expect(problems == (isProblem ? ["invalid EXIF orientation \(stored!)"] : []))
    }

    // MARK: - GPS

    @Test(arguments: [false, true])
    func southAndWestAreNegative(bigEndian: Bool) throws {
        var block = ExifBuilder(bigEndian: bigEndian)
        block.gps = [
            block.ascii(1, "S"), block.rationals(2, [(33, 1), (51, 1), (5400, 100)]),
            block.ascii(3, "W"), block.rationals(4, [(70, 1), (30, 1), (0, 1)]),
            block.bytes(5, [1]), block.rationals(6, [(4215, 10)]),
        ]
        let gps = try #require(try read(block).metadata.gps)
        #expect(abs(gps.latitude - -(33 + 51.0 / 60 + 54.0 / 3600)) < 1e-12)
        #expect(abs(gps.longitude - -70.5) < 1e-12)
        #expect(gps.altitude == -421.5)
    }

    @Test func signedRationalsAsSomePhonesWriteThem() throws {
        var block = ExifBuilder(bigEndian: true)
        block.gps = [
            block.ascii(1, "N"), block.rationals(2, [(60, 1), (8, 1), (4814, 100)], signed: true),
            block.ascii(3, "E"), block.rationals(4, [(24, 1), (54, 1), (2438, 100)], signed: true),
        ]
        let gps = try #require(try read(block).metadata.gps)
        #expect(abs(gps.latitude - 60.146_705_555_555_6) < 1e-9)
        #expect(abs(gps.longitude - 24.906_772_222_222_2) < 1e-9)
        #expect(gps.altitude == nil)
    }

    @Test func zeroDenominatorOrOutOfRangeMeansNoPosition() throws {
        var block = ExifBuilder()
        block.gps = [
            block.ascii(1, "N"), block.rationals(2, [(10, 1), (0, 0), (0, 1)]),
            block.ascii(3, "E"), block.rationals(4, [(10, 1), (0, 1), (0, 1)]),
        ]
        #expect(try read(block).metadata.gps == nil)
        block.gps = [
            block.ascii(1, "N"), block.rationals(2, [(0xFFFF_FFFF, 1)]),
            block.ascii(3, "E"), block.rationals(4, [(10, 1), (0, 1), (0, 1)]),
        ]
        #expect(try read(block).metadata.gps == nil)
    }

    @Test func altitudeAloneMayBeMissing() throws {
        var block = ExifBuilder()
        block.gps = [
            block.ascii(1, "N"), block.rationals(2, [(10, 1), (30, 1), (0, 1)]),
            block.ascii(3, "E"), block.rationals(4, [(20, 1), (15, 1), (0, 1)]),
            block.bytes(5, [0]), block.rationals(6, [(100, 0)]),
        ]
        #expect(try read(block).metadata.gps == GPSCoordinate(latitude: 10.5, longitude: 20.25, altitude: nil))
    }

    /// Interoperability tags 1 and 2 share numbers with GPSLatitudeRef and GPSLatitude.
    @Test func gpsComesFromTheGPSDirectoryOnly() throws {
        var block = ExifBuilder()
        block.interoperability = [block.ascii(1, "R98"), block.bytes(2, Array("0100".utf8), type: 7)]
        #expect(try read(block).metadata.gps == nil)
        block.gps = [
            block.ascii(1, "N"), block.rationals(2, [(1, 1)]), block.ascii(3, "W"), block.rationals(4, [(2, 1)]),
        ]
        #expect(try read(block).metadata.gps == GPSCoordinate(latitude: 1, longitude: -2))
    }

    // MARK: - Caption

    @Test func imageDescriptionComesFirst() throws {
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x010E, "  Harbour at dawn "), block.bytes(0x9C9C, utf16LE("XP text"))]
        block.exif = [block.bytes(0x9286, Array("ASCII".utf8) + [0, 0, 0] + Array("comment".utf8), type: 7)]
        #expect(try read(block).metadata.caption == "Harbour at dawn")
    }

    @Test func boilerplateFallsThroughToUserComment() throws {
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x010E, "OLYMPUS DIGITAL CAMERA         ")]
        block.exif = [block.bytes(0x9286, Array("ASCII".utf8) + [0, 0, 0] + Array("Grandma's 90th\0\0".utf8), type: 7)]
        #expect(try read(block).metadata.caption == "Grandma's 90th")
    }

    @Test(arguments: [false, true])
    func unicodeUserCommentInBlockByteOrder(bigEndian: Bool) throws {
        var block = ExifBuilder(bigEndian: bigEndian)
        let text = Array("Été à Zürich 🏔".utf16)
        let units = text.flatMap {
            bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
        }
        block.exif = [block.bytes(0x9286, Array("UNICODE".utf8) + [0] + units, type: 7)]
        #expect(try read(block).metadata.caption == "Été à Zürich 🏔")
    }

    @Test func byteOrderMarkOverridesBlockOrder() throws {
        var block = ExifBuilder(bigEndian: true)
        block.exif = [block.bytes(0x9286, Array("UNICODE".utf8) + [0, 0xFF, 0xFE] + utf16LE("little"), type: 7)]
        #expect(try read(block).metadata.caption == "little")
    }

    @Test func undefinedCharsetIsReadAsUTF8() throws {
        var block = ExifBuilder()
        block.exif = [block.bytes(0x9286, [0, 0, 0, 0, 0, 0, 0, 0] + Array("naïve".utf8), type: 7)]
        #expect(try read(block).metadata.caption == "naïve")
        block.exif = [block.bytes(0x9286, [0, 0, 0, 0, 0, 0, 0, 0] + [0xC3, 0x28, 0x41], type: 7)]
        #expect(try read(block).metadata.caption == nil)
    }

    @Test func jisUserCommentIsSkippedForXPComment() throws {
        var block = ExifBuilder()
        block.ifd0 = [block.bytes(0x9C9C, utf16LE("from Windows") + [0, 0])]
        block.exif = [
            block.bytes(0x9286, Array("JIS".utf8) + [0, 0, 0, 0, 0] + [0x1B, 0x24, 0x42, 0x30, 0x21], type: 7)
        ]
        #expect(try read(block).metadata.caption == "from Windows")
    }

    @Test func blankEverywhereMeansNoCaption() throws {
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x010E, "                               "), block.bytes(0x9C9C, [0, 0])]
        block.exif = [
            block.bytes(0x9286, Array("ASCII".utf8) + [0, 0, 0] + [UInt8](repeating: 0x20, count: 20), type: 7)
        ]
        #expect(try read(block).metadata.caption == nil)
    }

    @Test(arguments: Array(CameraBoilerplate.phrases))
    func everyBoilerplateCaptionIsDropped(text: String) throws {
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x010E, text.uppercased() + "   ")]
        #expect(try read(block).metadata.caption == nil)
    }

    @Test func boilerplateDescriptionFallsThroughToARealUserComment() throws {
        var block = ExifBuilder()
        block.ifd0 = [block.ascii(0x010F, "SANYO Electric Co.,Ltd."), block.ascii(0x010E, "SANYO DIGITAL CAMERA")]
        block.exif = [block.bytes(0x9286, Array("ASCII".utf8) + [0, 0, 0] + Array("Grandma's 90th".utf8), type: 7)]
        #expect(try read(block).metadata.caption == "Grandma's 90th")
    }

    @Test func theCamerasOwnModelIsNoCaption() throws {
        var block = ExifBuilder()
        block.ifd0 = [
            block.ascii(0x010F, "Canon"), block.ascii(0x0110, "Canon PowerShot A80"),
            block.ascii(0x010E, "Canon PowerShot A80"),
        ]
        #expect(try read(block).metadata.caption == nil)
    }

    // MARK: - Damage

    @Test func unknownByteOrderIsACorruptBlock() throws {
        let (metadata, problems) = try read(
            payload: Array("Exif".utf8) + [0, 0] + Array("XX".utf8) + [0, 42, 0, 0, 0, 8, 0, 0])
        #expect(metadata == PhotoMetadata())
        #expect(problems == ["corrupt EXIF: Unknown encoding."])
    }

    @Test func blockWithNothingReadableIsReported() throws {
        let (metadata, problems) = try read(
            payload: Array("Exif".utf8) + [0, 0] + Array("II".utf8) + [0x2B, 0, 8, 0, 0, 0, 0, 0])
        #expect(metadata == PhotoMetadata())
        #expect(problems == ["corrupt EXIF: no readable entries"])
    }

    @Test func pointerPastTheEndIsReportedAndTheRestKept() throws {
        var block = ExifBuilder()
        block.ifd0 = [
            block.ascii(0x010F, "Canon"),
            ExifBuilder.Entry(tag: 0x8825, type: 4, count: 1, value: [0xFF, 0xFF, 0xFF, 0x0F]),
        ]
        let (metadata, problems) = try read(block)
        #expect(metadata.cameraMake == "Canon")
        #expect(metadata.gps == nil)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("corrupt EXIF: ") == true)
    }

    /// Random damage to a block: libexif and the interpretation must not crash or read out of
    /// bounds (run under the address sanitizer to see the latter), whatever they conclude.
    @Test func randomDamageIsSurvived() throws {
        var block = ExifBuilder()
        block.ifd0 = [
            block.ascii(0x010F, "Canon"), block.short(0x0112, 6), block.ascii(0x010E, "a description"),
            block.bytes(0x9C9C, utf16LE("xp") + [0, 0]),
        ]
        block.exif = [
            block.ascii(0x9003, "2008:05:30 15:56:01"),
            block.bytes(0x9286, Array("UNICODE".utf8) + [0] + utf16LE("uc"), type: 7),
        ]
        block.gps = [
            block.ascii(1, "N"), block.rationals(2, [(1, 1), (2, 1), (3, 1)]), block.ascii(3, "E"),
            block.rationals(4, [(1, 1)]),
        ]
        let original = block.build()
        var generator = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            var bytes = original
            for _ in 0..<Int(generator.next() % 4) + 1 {
                bytes[6 + Int(generator.next() % UInt64(bytes.count - 6))] = UInt8(truncatingIfNeeded: generator.next())
            }
            let cut = Int(generator.next() % UInt64(bytes.count + 1))
            let (metadata, _) = try read(payload: Array(bytes[..<max(cut, bytes.count / 2)]))
            #expect((1...8).contains(metadata.orientation))
        }
    }
}

func utf16LE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
