import Foundation

@testable import PhotoSupport

/// Builds small JPEG byte streams marker by marker, so tests can make exactly the structure
/// (or damage) they need. The scan data is filler: nothing here is ever decoded.
package enum SyntheticJPEG {
    package static let startOfImage: [UInt8] = [0xFF, 0xD8]
    package static let endOfImage: [UInt8] = [0xFF, 0xD9]

    /// A marker with a length field and payload.
    package static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian16(payload.count + 2) + payload
    }

    package static func frame(width: Int, height: Int, components: Int = 3, marker: UInt8 = 0xC0) -> [UInt8] {
        var payload: [UInt8] = [8] + bigEndian16(height) + bigEndian16(width) + [UInt8(components)]
        for index in 0..<components { payload += [UInt8(index + 1), index == 0 ? 0x22 : 0x11, 0] }
        return segment(marker, payload)
    }

    /// SOS header followed by filler entropy-coded bytes (with a stuffed FF 00, as real data has).
    package static func scan(byteCount: Int = 64) -> [UInt8] {
        let header = segment(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
        let data = (0..<byteCount).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }.map { $0 == 0xFF ? 0x7F : $0 }
        return header + data + [0xFF, 0x00, 0x12]
    }

    package static let quantisationTable = segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
    package static let jfif = segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])

    /// SOI, the given segments, DQT, SOF, SOS, scan bytes and EOI.
    package static func jpeg(
        segments: [[UInt8]] = [jfif], width: Int = 640, height: Int = 480,
        scanBytes: Int = 64, trailer: [UInt8] = endOfImage
    ) -> [UInt8] {
        startOfImage + segments.joined() + quantisationTable + frame(width: width, height: height)
            + scan(byteCount: scanBytes) + trailer
    }

    package static func exifSegment(_ block: ExifBuilder) -> [UInt8] { segment(0xE1, block.build()) }

    package static func bigEndian16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}

/// Builds an APP1 EXIF payload ("Exif\0\0" + TIFF structure) with chosen entries in IFD0,
/// the EXIF, GPS and interoperability directories, in either byte order.
package struct ExifBuilder {
    package struct Entry {
        package var tag: UInt16
        package var type: UInt16
        package var count: UInt32
        /// The value bytes, already in the block's byte order.
        package var value: [UInt8]

        package init(tag: UInt16, type: UInt16, count: UInt32, value: [UInt8]) {
            self.tag = tag
            self.type = type
            self.count = count
            self.value = value
        }
    }

    package var bigEndian = false
    package var ifd0: [Entry] = []
    package var exif: [Entry] = []
    package var gps: [Entry] = []
    package var interoperability: [Entry] = []

    package init(bigEndian: Bool = false) { self.bigEndian = bigEndian }

    package func ascii(_ tag: UInt16, _ text: String) -> Entry {
        let bytes = Array(text.utf8) + [0]
        return Entry(tag: tag, type: 2, count: UInt32(bytes.count), value: bytes)
    }

    package func asciiBytes(_ tag: UInt16, _ bytes: [UInt8]) -> Entry {
        Entry(tag: tag, type: 2, count: UInt32(bytes.count), value: bytes)
    }

    package func short(_ tag: UInt16, _ value: UInt16) -> Entry {
        Entry(tag: tag, type: 3, count: 1, value: word16(value))
    }

    package func bytes(_ tag: UInt16, _ bytes: [UInt8], type: UInt16 = 1) -> Entry {
        Entry(tag: tag, type: type, count: UInt32(bytes.count), value: bytes)
    }

    package func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)], signed: Bool = false) -> Entry {
        Entry(
            tag: tag, type: signed ? 10 : 5, count: UInt32(values.count),
            value: values.flatMap { word32($0.0) + word32($0.1) })
    }

    package func word16(_ value: UInt16) -> [UInt8] {
        let bytes = [UInt8(value >> 8), UInt8(value & 0xFF)]
        return bigEndian ? bytes : bytes.reversed()
    }

    package func word32(_ value: UInt32) -> [UInt8] {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32($0))) }
        return bigEndian ? bytes : bytes.reversed()
    }

    /// The payload: Exif header, TIFF header, IFD0, then the sub-directories, then values
    /// longer than 4 bytes.
    package func build() -> [UInt8] {
        var directories: [[Entry]] = [ifd0, exif, gps, interoperability]
        // Pointer entries are filled in once the directory offsets are known.
        let pointerTags: [(directory: Int, tag: UInt16, target: Int)] = [
            (0, 0x8769, 1), (0, 0x8825, 2), (1, 0xA005, 3),
        ]
        // The interoperability directory hangs off the EXIF directory, which must then exist.
        if !directories[3].isEmpty, directories[1].isEmpty { directories[1].append(short(0xA001, 1)) }
        for pointer in pointerTags where !directories[pointer.target].isEmpty {
            directories[pointer.directory].append(Entry(tag: pointer.tag, type: 4, count: 1, value: [0, 0, 0, 0]))
        }
        let used = directories.indices.filter { $0 == 0 || !directories[$0].isEmpty }
        var directoryOffsets = [Int](repeating: 0, count: 4)
        var offset = 8
        for index in used {
            directoryOffsets[index] = offset
            offset += 2 + 12 * directories[index].count + 4
        }
        var data: [UInt8] = []
        var tiff: [UInt8] = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + word16(42) + word32(8)
        for index in used {
            let entries = directories[index].sorted { $0.tag < $1.tag }
            tiff += word16(UInt16(entries.count))
            for entry in entries {
                tiff += word16(entry.tag) + word16(entry.type) + word32(entry.count)
                if let pointer = pointerTags.first(where: { $0.directory == index && $0.tag == entry.tag }),
                    !directories[pointer.target].isEmpty
                {
                    tiff += word32(UInt32(directoryOffsets[pointer.target]))
                } else if entry.value.count <= 4 {
                    tiff += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
                } else {
                    tiff += word32(UInt32(offset + data.count))
                    data += entry.value
                    if data.count % 2 == 1 { data.append(0) }
                }
            }
            tiff += word32(0)
        }
        return Array("Exif".utf8) + [0, 0] + tiff + data
    }
}
