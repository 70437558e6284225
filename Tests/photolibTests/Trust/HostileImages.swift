import Foundation
import PhotoTestSupport

/// Small files whose headers claim pictures far larger than they hold, built byte by byte (no
/// encoder needed): each decodes, or would, to hundreds of megabytes.
enum HostileImages {
    /// A 28-byte lossless WebP of 15000 x 15000 pixels (225 megapixels, under the limit of 250):
    /// every prefix code has one symbol, so libwebp decodes all the pixels from no bits at all.
    static func webp() -> [UInt8] {
        var bits = BitWriter()
        bits.write(15_000 - 1, count: 14)
        bits.write(15_000 - 1, count: 14)
        bits.write(0, count: 1)  // no alpha
        bits.write(0, count: 3)  // version 0
        bits.write(0, count: 1)  // no transform
        bits.write(0, count: 1)  // no colour cache
        bits.write(0, count: 1)  // no meta prefix codes
        // Green, red, blue, alpha, distance: a simple code of one 1-bit symbol, 0.
        for _ in 0..<5 { bits.write(0b0001, count: 4) }
        let payload = [0x2F] + bits.finish()
        let chunk = Array("VP8L".utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
        return Array("RIFF".utf8) + le32(4 + chunk.count) + Array("WEBP".utf8) + chunk
    }

    /// An interlaced 16-bit RGBA PNG of `side` x `side` whose pixels are all zero (a 5 MB file
    /// for 10,000: zlib's copies of 258 bytes in 13 bits each). Adam7 needs the whole image
    /// before any row is final.
    static func interlacedPNG(side: Int) -> [UInt8] {
        // Adam7: (first column, first row, column step, row step) of each pass.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var raw = 0
        for (x, y, dx, dy) in passes {
            let columns = (side - x + dx - 1) / dx
            let rows = (side - y + dy - 1) / dy
            if columns > 0, rows > 0 { raw += rows * (1 + columns * 8) }
        }
        let header = be32(side) + be32(side) + [16, 6, 0, 0, 1]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + pngChunk("IHDR", header)
            + pngChunk("IDAT", zlibZeros(count: raw)) + pngChunk("IEND", [])
    }

    /// A TIFF of `side` x `side` 8-bit RGB pixels, all zero, in one deflated strip (2.7 MB
    /// for 12,000): libtiff reads the whole strip, then photolib's raster holds it again.
    static func deflatedTIFF(side: Int) -> [UInt8] {
        let strip = zlibZeros(count: side * side * 3)
        let directory = TIFFBuilder.Directory([
            256: .long([UInt32(side)]), 257: .long([UInt32(side)]), 258: .short([8, 8, 8]), 259: .short([8]),
            262: .short([2]), 277: .short([3]), 278: .long([UInt32(side)]), 279: .long([UInt32(strip.count)]),
            284: .short([1]),
        ])
        return TIFFBuilder.file(directory, pixels: strip)
    }

    /// The small AVIF fixture (96 x 144) with its `ispe` claiming 15000 x 15000: the size libheif
    /// gives before it decodes anything, as a grid's canvas is.
    static func avif() throws -> [UInt8] {
        let fixture = BinaryRunner.packageRoot.appendingPathComponent(
            "Tests/PhotoFormatsTests/Fixtures/formats/lighthouse.avif")
        var bytes = [UInt8](try Data(contentsOf: fixture))
        let ispe = Array("ispe".utf8)
        guard let at = (0..<bytes.count - 16).first(where: { Array(bytes[$0..<$0 + 4]) == ispe }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        bytes.replaceSubrange((at + 8)..<(at + 16), with: be32(15_000) + be32(15_000))
        return bytes
    }

    /// A zlib stream of `count` zero bytes: one block of fixed prefix codes, a literal 0, then
    /// copies of 258 bytes at distance 1, then literals.
    static func zlibZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // last block
        bits.write(1, count: 2)  // fixed codes
        // Fixed codes are sent from their top bit: literal 0 is 00110000, length 258 is
        // 11000101 (then distance 1, 00000); reversed here for the writer's low-bit-first order.
        bits.write(0x0C, count: 8)
        var left = count - 1
        while left >= 258 {
            bits.write(0xA3, count: 13)
            left -= 258
        }
        for _ in 0..<left { bits.write(0x0C, count: 8) }
        bits.write(0, count: 7)  // end of block
        // Adler-32 of zeros: a stays 1, b grows by 1 a byte.
        return [0x78, 0x01] + bits.finish() + be32((count % 65_521) << 16 | 1)
    }

    private static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(data.count) + typed + be32(Int(CRC32.of(typed)))
    }

    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func be32(_ value: Int) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// Bits written low bit first, as VP8L and deflate read them.
    struct BitWriter {
        private var bytes: [UInt8] = []
        private var pending: UInt64 = 0
        private var pendingCount = 0

        mutating func write(_ value: Int, count: Int) {
            pending |= UInt64(value) << UInt64(pendingCount)
            pendingCount += count
            while pendingCount >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: pending))
                pending >>= 8
                pendingCount -= 8
            }
        }

        mutating func finish() -> [UInt8] {
            if pendingCount > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
            pending = 0
            pendingCount = 0
            return bytes
        }
    }

    enum CRC32 {
        private static let table: [UInt32] = (0..<256).map { index in
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            return value
        }

        static func of(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            return crc ^ 0xFFFF_FFFF
        }
    }
}
