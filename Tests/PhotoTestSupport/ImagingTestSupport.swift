import Foundation
import Testing

@testable import PhotoFormats
@testable import PhotoSupport

/// An RGB image decoded for a test, three bytes a pixel.
package struct TestImage {
    package var width: Int
    package var height: Int
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes a JPEG file at 1/`scaleDenominator` size (gray and CMYK become RGB, as in renditions).
    package static func decode(_ path: String, scaleDenominator: Int = 1) throws -> TestImage {
        let data = try FileSystem.readFile(RawPath(path))
        let decoder = try JPEGDecoder(path: RawPath(path))
        return try data.withUnsafeBytes { bytes in
            let header = try decoder.readHeader(bytes, path: RawPath(path))
            let size = try decoder.start(scaleDenominator: scaleDenominator, path: RawPath(path))
            let bytesPerPixel = header.colorModel.isInk ? 4 : 3
            var raw = [UInt8](repeating: 0, count: size.width * size.height * bytesPerPixel)
            var rowsRead = 0
            try raw.withUnsafeMutableBufferPointer { buffer in
                while rowsRead < size.height {
                    let (count, failure) = decoder.readRows(
                        into: buffer.baseAddress! + rowsRead * size.width * bytesPerPixel,
                        stride: size.width * bytesPerPixel, maxRows: size.height - rowsRead)
                    rowsRead += count
                    if let failure { throw ImagingError(path: RawPath(path), reason: .undecodable(failure)) }
                    if count == 0 { break }
                }
            }
            decoder.abort()
            guard header.colorModel.isInk else { return TestImage(width: size.width, height: size.height, pixels: raw) }
            var rgb = [UInt8](repeating: 0, count: size.width * size.height * 3)
            raw.withUnsafeBufferPointer { ink in
                rgb.withUnsafeMutableBufferPointer { target in
                    InkConversion.convert(
                        ink.baseAddress!, to: target.baseAddress!, count: size.width * size.height,
                        inverted: header.hasAdobeMarker)
                }
            }
            return TestImage(width: size.width, height: size.height, pixels: rgb)
        }
    }

    /// Reads a rendition (or any JPEG) back.
    package static func decode(_ path: RawPath) throws -> TestImage { try decode(path.description) }

    /// Mean absolute difference per channel value, 0...255; nil when the sizes differ.
    package func meanAbsoluteDifference(to other: TestImage) -> Double? {
        guard width == other.width, height == other.height else { return nil }
        var total = 0
        for index in pixels.indices { total += abs(Int(pixels[index]) - Int(other.pixels[index])) }
        return Double(total) / Double(pixels.count)
    }

    /// Peak signal-to-noise ratio in dB against `other` of the same size.
    package func psnr(to other: TestImage) -> Double? {
        guard width == other.width, height == other.height else { return nil }
        var squares = 0.0
        for index in pixels.indices {
            let difference = Double(Int(pixels[index]) - Int(other.pixels[index]))
            squares += difference * difference
        }
        let meanSquare = squares / Double(pixels.count)
        return meanSquare == 0 ? .infinity : 10 * log10(255 * 255 / meanSquare)
    }

    /// The image reduced by area averaging: each output pixel is the mean of the input area
    /// it covers, partly covered input pixels weighted by the part covered. The textbook
    /// downscale, written independently of the Lanczos resizer under test (and with plain
    /// loops over buffers, so that it stays quick in debug builds).
    package func areaAveraged(width targetWidth: Int, height targetHeight: Int) -> TestImage {
        let columns = AreaCoverage(from: width, to: targetWidth)
        let rows = AreaCoverage(from: height, to: targetHeight)
        var horizontal = [Float](repeating: 0, count: targetWidth * height * 3)
        pixels.withUnsafeBufferPointer { source in
            horizontal.withUnsafeMutableBufferPointer { target in
                var y = 0
                while y < height {
                    var x = 0
                    while x < targetWidth {
                        var red: Float = 0
                        var green: Float = 0
                        var blue: Float = 0
                        var tap = columns.first[x]
                        while tap < columns.first[x + 1] {
                            let offset = (y * width + columns.index[tap]) * 3
                            let weight = columns.weight[tap]
                            red += Float(source[offset]) * weight
                            green += Float(source[offset + 1]) * weight
                            blue += Float(source[offset + 2]) * weight
                            tap += 1
                        }
                        let offset = (y * targetWidth + x) * 3
                        target[offset] = red
                        target[offset + 1] = green
                        target[offset + 2] = blue
                        x += 1
                    }
                    y += 1
                }
            }
        }
        var result = [UInt8](repeating: 0, count: targetWidth * targetHeight * 3)
        let rowLength = targetWidth * 3
        horizontal.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                var sums = [Float](repeating: 0, count: rowLength)
                var y = 0
                while y < targetHeight {
                    for index in 0..<rowLength { sums[index] = 0 }
                    var tap = rows.first[y]
                    while tap < rows.first[y + 1] {
                        let row = rows.index[tap] * rowLength
                        let weight = rows.weight[tap]
                        var index = 0
                        while index < rowLength {
                            sums[index] += source[row + index] * weight
                            index += 1
                        }
                        tap += 1
                    }
                    for index in 0..<rowLength {
                        target[y * rowLength + index] = UInt8(min(255, max(0, sums[index].rounded())))
                    }
                    y += 1
                }
            }
        }
        return TestImage(width: targetWidth, height: targetHeight, pixels: result)
    }

    package func pixel(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let offset = (y * width + x) * 3
        return (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
    }
}

/// For each output sample of an area-average resize, the input samples it covers
/// (`index[first[i] ..< first[i + 1]]`) and the share of each (`weight`).
private struct AreaCoverage {
    package var first: [Int] = [0]
    package var index: [Int] = []
    package var weight: [Float] = []

    package init(from length: Int, to target: Int) {
        let scale = Double(length) / Double(target)
        for output in 0..<target {
            let start = Double(output) * scale
            let end = start + scale
            for input in Int(start)..<min(length, Int(end.rounded(.up))) {
                let covered = min(end, Double(input + 1)) - max(start, Double(input))
                if covered > 0 {
                    index.append(input)
                    weight.append(Float(covered / scale))
                }
            }
            first.append(index.count)
        }
    }
}

/// The parts of the corpus's ground-truth.json that imaging tests use.
package struct CorpusPhoto: Sendable, CustomTestStringConvertible {
    package var relativePath: String
    package var width: Int
    package var height: Int
    package var displayWidth: Int
    package var displayHeight: Int
    package var orientation: Int
    package var decodesCleanly: Bool
    package var hasICCProfile: Bool

    package var path: String { Corpus.root.appendingPathComponent(relativePath).path }
    package var testDescription: String { relativePath }

    /// Every photo of the corpus (not the broken inputs), in path order; empty without the corpus.
    package static let all: [CorpusPhoto] = {
        guard Corpus.isAvailable,
            let data = try? Data(contentsOf: Corpus.root.appendingPathComponent("ground-truth.json")),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let files = root["files"] as? [String: [String: Any]]
        else { return [] }
        return files.keys.sorted().compactMap { key in
            let entry = files[key]!
            guard let width = entry["width"] as? Int, let height = entry["height"] as? Int else { return nil }
            let decode = entry["libjpeg_turbo_decode"] as? [String: Any]
            return CorpusPhoto(
                relativePath: key, width: width, height: height,
                displayWidth: entry["display_width"] as? Int ?? width,
                displayHeight: entry["display_height"] as? Int ?? height,
                orientation: entry["orientation"] as? Int ?? 1,
                decodesCleanly: decode?["ok"] as? Bool ?? true,
                hasICCProfile: entry["has_icc_profile"] as? Bool ?? false)
        }
    }()

    package static func named(_ relativePath: String) -> CorpusPhoto? { all.first { $0.relativePath == relativePath } }
}

/// A 16-hex fingerprint for a test file, standing in for the indexer's content hash.
package func testFingerprint(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}

/// The APP2 ICC_PROFILE chunks of a JPEG file, in file order, each without its 14-byte
/// chunk header: an independent marker walk, not libjpeg's.
package func iccChunks(of path: RawPath) throws -> [[UInt8]] {
    let bytes = try FileSystem.readFile(path)
    let signature = Array("ICC_PROFILE".utf8) + [0]
    var chunks: [[UInt8]] = []
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
        let marker = bytes[offset + 1]
        if marker == 0xDA || marker == 0xD9 { break }
        let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        let body = (offset + 4)..<min(bytes.count, offset + 2 + length)
        if marker == 0xE2, body.count > 14, bytes[body].starts(with: signature) {
            chunks.append(Array(bytes[(body.lowerBound + 14)..<body.upperBound]))
        }
        offset += 2 + length
    }
    return chunks
}
