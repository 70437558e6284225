/// Rewrites a JPEG's EXIF after its pixels were turned upright: Orientation becomes 1 and
/// the Exif directory's PixelXDimension and PixelYDimension swap when the axes did.
///
/// Only values already in the file are overwritten, in place: no tag is added and no offset
/// moves, so nothing else in the file changes.
package enum ExifOrientationPatch {
    /// Patches `jpeg`; returns false when it has no EXIF orientation to reset.
    @discardableResult
    package static func resetOrientation(in jpeg: inout [UInt8], swapDimensions: Bool) -> Bool {
        guard let tiff = exifTIFFStart(jpeg) else { return false }
        let reader = TIFFReader(bytes: jpeg, base: tiff)
        guard let ifd0 = reader.firstDirectoryOffset() else { return false }
        var changed = false
        if let entry = reader.entry(tag: 0x0112, inDirectoryAt: ifd0), entry.type == 3 {
            reader.writeShort(1, at: entry.valueOffset, into: &jpeg)
            changed = true
        }
        if swapDimensions, let exifPointer = reader.entry(tag: 0x8769, inDirectoryAt: ifd0),
            let exifDirectory = reader.long(at: exifPointer.valueOffset),
            let x = reader.entry(tag: 0xA002, inDirectoryAt: Int(exifDirectory)),
            let y = reader.entry(tag: 0xA003, inDirectoryAt: Int(exifDirectory)), x.type == y.type
        {
            let width = Array(jpeg[x.valueOffset..<(x.valueOffset + 4)])
            jpeg.replaceSubrange(x.valueOffset..<(x.valueOffset + 4), with: jpeg[y.valueOffset..<(y.valueOffset + 4)])
            jpeg.replaceSubrange(y.valueOffset..<(y.valueOffset + 4), with: width)
        }
        return changed
    }

    /// The file offset of the TIFF header inside the EXIF block the metadata reader reads (the
    /// first APP1 `Exif` segment, as the marker walk finds it).
    static func exifTIFFStart(_ jpeg: [UInt8]) -> Int? {
        guard jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
        let walk = jpeg.withUnsafeBytes { JPEGMarkerReader.walk(bytes: $0) }
        // `Exif\0\0` and at least a TIFF header (8 bytes) after it.
        guard let exif = walk.layout.first(.exif), exif.payloadLength >= 14 else { return nil }
        let tiff = Int(exif.payloadOffset) + 6
        return tiff + 8 <= jpeg.count ? tiff : nil
    }
}

/// Reads TIFF directories (the structure inside EXIF) from bytes, checking every bound.
private struct TIFFReader {
    let bytes: [UInt8]
    /// Offset of the TIFF header; directory offsets count from here.
    let base: Int
    var isBigEndian = false

    init(bytes: [UInt8], base: Int) {
        self.bytes = bytes
        self.base = base
        isBigEndian = base + 1 < bytes.count && bytes[base] == 0x4D
    }

    struct Entry {
        var type: Int
        /// File offset of the 4-byte value field.
        var valueOffset: Int
    }

    func short(at offset: Int) -> Int? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return isBigEndian
            ? Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) : Int(bytes[offset + 1]) << 8 | Int(bytes[offset])
    }

    func long(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let part = bytes[offset..<(offset + 4)].map(UInt32.init)
        return isBigEndian
            ? part[0] << 24 | part[1] << 16 | part[2] << 8 | part[3]
            : part[3] << 24 | part[2] << 16 | part[1] << 8 | part[0]
    }

    func firstDirectoryOffset() -> Int? {
        guard short(at: base + 2) == 42, let offset = long(at: base + 4) else { return nil }
        return Int(offset)
    }

    func entry(tag: Int, inDirectoryAt directory: Int) -> Entry? {
        let start = base + directory
        guard let count = short(at: start) else { return nil }
        for index in 0..<count {
            let entry = start + 2 + index * 12
            guard let found = short(at: entry), let type = short(at: entry + 2), entry + 12 <= bytes.count else {
                return nil
            }
            if found == tag { return Entry(type: type, valueOffset: entry + 8) }
        }
        return nil
    }

    func writeShort(_ value: Int, at offset: Int, into target: inout [UInt8]) {
        let high = UInt8(truncatingIfNeeded: value >> 8)
        let low = UInt8(truncatingIfNeeded: value)
        if isBigEndian {
            target[offset] = high
            target[offset + 1] = low
        } else {
            target[offset] = low
            target[offset + 1] = high
        }
    }
}
