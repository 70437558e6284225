import Foundation
import PhotoTestSupport
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// Issue 26, item 9 (BigTIFF): a BigTIFF (8-byte offsets, magic 43) is a TIFF photolib
/// reads through libtiff: its size, camera and IFD0 date, and its pixels.
@Suite struct BigTIFFTests {
    /// A 2x2 RGB BigTIFF, little-endian, one strip, built entry by entry.
    static func bigTIFF() -> [UInt8] {
        func le(_ value: Int, _ size: Int) -> [UInt8] {
            (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        let date = Array("2019:05:04 10:11:12".utf8) + [0]
        let make = Array("Parrot".utf8) + [0]
        // tag, type, count, inline value bytes (nil: at `offset`).
        let entryCount = 11
        let ifdEnd = 16 + 8 + entryCount * 20 + 8
        let dateOffset = ifdEnd
        let pixelOffset = dateOffset + date.count
        let entries: [(Int, Int, Int, [UInt8])] = [
            (256, 3, 1, le(2, 2)), (257, 3, 1, le(2, 2)), (258, 3, 3, le(8, 2) + le(8, 2) + le(8, 2)),
            (259, 3, 1, le(1, 2)), (262, 3, 1, le(2, 2)), (271, 2, make.count, make),
            (273, 4, 1, le(pixelOffset, 4)), (277, 3, 1, le(3, 2)), (278, 3, 1, le(2, 2)),
            (279, 4, 1, le(12, 4)), (306, 2, date.count, le(dateOffset, 8)),
        ]
        var file: [UInt8] = [0x49, 0x49, 0x2B, 0x00, 0x08, 0x00, 0x00, 0x00]
        file += le(16, 8)
        file += le(entryCount, 8)
        for (tag, type, count, value) in entries {
            file += le(tag, 2) + le(type, 2) + le(count, 8)
            file += value + [UInt8](repeating: 0, count: 8 - value.count)
        }
        file += le(0, 8)
        file += date
        file += [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        return file
    }

    @Test func aBigTIFFIsReadAndDecoded() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path.appending("parrot.tif")
        try FileSystem.writeAtomically(Self.bigTIFF(), to: path)
        let reading = try ImageFileReader.read(path)
        #expect(reading.metadata.format == .tiff)
        #expect((reading.metadata.pixelWidth, reading.metadata.pixelHeight) == (2, 2))
        #expect(reading.metadata.cameraMake == "Parrot")
        #expect(reading.metadata.takenAt?.iso8601 == "2019-05-04T10:11:12")
        let size = try Self.bigTIFF().withUnsafeBytes { data in
            try FormatDecoder().decode(.tiff, data: data, limit: .standard, path: path) { decoded in
                (decoded.image.width, decoded.image.height, decoded.image.row(0)[0], decoded.image.row(0)[4])
            }
        }
        #expect(size == (2, 2, 255, 255))
    }
}
