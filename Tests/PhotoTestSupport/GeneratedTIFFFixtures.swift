import Foundation

/// TIFF-structured fixtures made at test time (`TIFFBuilder`), with known metadata, for what
/// no Debian tool writes: a DNG (so that a fresh clone tests the RAW path through LibRaw) and
/// a TIFF whose directories all lie beyond its first 64 KiB.
public enum GeneratedTIFFFixtures {
    public static let make = "Photolib"
    public static let model = "Test DNG"
    /// DateTimeOriginal, as EXIF writes it and as the asset says it.
    public static let exifDate = "2021:07:04 12:34:56"
    public static let takenAt = "2021-07-04T12:34:56"
    public static let orientation = 6
    /// 48°51'24.6" N, 2°21'7.2" E (Paris).
    public static let latitude = 48.0 + 51.0 / 60 + 24.6 / 3600
    public static let longitude = 2.0 + 21.0 / 60 + 7.2 / 3600

    static var exif: TIFFBuilder.Directory {
        TIFFBuilder.Directory([0x9003: .ascii(exifDate), 0x9004: .ascii(exifDate)])
    }

    static var gps: TIFFBuilder.Directory {
        TIFFBuilder.Directory([
            0x0000: .byte([2, 3, 0, 0]),
            0x0001: .ascii("N"), 0x0002: .rational([(48, 1), (51, 1), (246, 10)]),
            0x0003: .ascii("E"), 0x0004: .rational([(2, 1), (21, 1), (72, 10)]),
        ])
    }

    /// A DNG holding an uncompressed 16-bit RGGB mosaic of `width` x `height` (stored; shown
    /// turned by orientation 6), 12-bit values in a gradient, with make, model, date, GPS and
    /// a caption, its directories first as cameras write them. LibRaw reads it; there is no embedded preview, so photolib's renditions
    /// come from LibRaw's half-size decode.
    /// `defaultScale` (DNG's DefaultScale, horizontal and vertical) makes its pixels not square.
    public static func dng(width: Int = 256, height: Int = 192, defaultScale: (Int, Int)? = nil) -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 2)
        for y in 0..<height {
            for x in 0..<width {
                // Brighter to the right, and a bright top band: orientation is visible.
                let value = UInt16(min(4095, 300 + x * 12 + (y < height / 8 ? 1500 : 0)))
                pixels += [UInt8(value & 0xFF), UInt8(value >> 8)]
            }
        }
        // sRGB's XYZ-to-linear-RGB matrix, so that a neutral camera is neutral.
        let matrix: [(Int32, Int32)] = [
            (32406, 10000), (-15372, 10000), (-4986, 10000), (-9689, 10000), (18758, 10000), (415, 10000),
            (557, 10000), (-2040, 10000), (10570, 10000),
        ]
        var entries: [UInt16: TIFFBuilder.Value] = [
            254: .long([0]), 256: .long([UInt32(width)]), 257: .long([UInt32(height)]), 258: .short([16]),
            259: .short([1]), 262: .short([32803]), 270: .ascii("Generated DNG"), 271: .ascii(make),
            272: .ascii(model), 274: .short([UInt16(orientation)]),
            277: .short([1]), 278: .long([UInt32(height)]), 279: .long([UInt32(pixels.count)]),
            284: .short([1]), 306: .ascii(exifDate),
            33421: .short([2, 2]), 33422: .byte([0, 1, 1, 2]),
            50706: .byte([1, 4, 0, 0]), 50707: .byte([1, 1, 0, 0]), 50708: .ascii("\(make) \(model)"),
            50714: .long([0]), 50717: .long([4095]), 50721: .srational(matrix),
            50728: .rational([(1, 1), (1, 1), (1, 1)]), 50778: .short([21]),
        ]
        if let scale = defaultScale {
            let horizontal: (UInt32, UInt32) = (UInt32(scale.0), 1)
            let vertical: (UInt32, UInt32) = (UInt32(scale.1), 1)
            entries[50718] = .rational([horizontal, vertical])
        }
        let ifd0 = TIFFBuilder.Directory(entries, pointers: [0x8769: exif, 0x8825: gps])
        return TIFFBuilder.file(ifd0, pixels: pixels, directoriesFirst: true)
    }

    /// An 8-bit gray TIFF of `width` x `height` whose pixels (over 64 KiB) come first and
    /// whose IFD0, EXIF and GPS directories come after them, as libtiff writers put them.
    public static func farDirectoryTIFF(width: Int = 320, height: Int = 240) -> [UInt8] {
        let pixels = (0..<(width * height)).map { UInt8(truncatingIfNeeded: ($0 % width) * 255 / width) }
        let ifd0 = TIFFBuilder.Directory(
            [
                256: .long([UInt32(width)]), 257: .long([UInt32(height)]), 258: .short([8]), 259: .short([1]),
                262: .short([1]), 270: .ascii("Far directories"), 271: .ascii(make), 272: .ascii("Far TIFF"),
                274: .short([UInt16(orientation)]), 277: .short([1]),
                278: .long([UInt32(height)]), 279: .long([UInt32(pixels.count)]),
            ],
            pointers: [0x8769: exif, 0x8825: gps])
        return TIFFBuilder.file(ifd0, pixels: pixels)
    }
}
