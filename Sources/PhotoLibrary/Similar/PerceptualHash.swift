import Foundation
import PhotoFormats

/// A 64-bit perceptual fingerprint of a picture (a DCT hash, "pHash"): the picture's luminance
/// averaged down to 32 x 32, its 2-D DCT, and of the 64 lowest frequencies after the mean (DC)
/// one bit each, set when the coefficient is above their median. Resizing, recompressing,
/// format conversion and a moderate change of brightness or contrast leave most bits alone
/// (they scale the coefficients or touch the high frequencies), so the Hamming distance
/// between two fingerprints says how alike two pictures look: 0 to about 10 for copies of one
/// photo, around 32 for unrelated ones. Computed from the upright thumbnail the rendition
/// pass already holds, so it costs no decode of its own.
public struct PerceptualHash: Hashable, Sendable, CustomStringConvertible {
    public var bits: UInt64

    public init(bits: UInt64) {
        self.bits = bits
    }

    /// From its 16 hexadecimal digits (as `description` writes them); nil for anything else.
    public init?(hex text: some StringProtocol) {
        guard text.count == 16, let bits = UInt64(text, radix: 16) else { return nil }
        self.bits = bits
    }

    /// 16 lowercase hexadecimal digits.
    public var description: String {
        let digits = String(bits, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// How many of the 64 bits differ.
    public func distance(to other: PerceptualHash) -> Int { (bits ^ other.bits).nonzeroBitCount }

    /// The side of the luminance grid the DCT runs on.
    static let side = 32

    /// The (row, column) frequencies kept: the 64 after DC in zig-zag order (by row + column,
    /// then row), the coarse structure of the picture, which survives resizing.
    static let frequencies: [(Int, Int)] = {
        var all: [(Int, Int)] = []
        for sum in 0..<side { for row in 0...sum { all.append((row, sum - row)) } }
        return Array(all.dropFirst().prefix(64))
    }()

    /// The highest frequency index any kept coefficient needs, plus one.
    static let band = frequencies.reduce(0) { max($0, $1.0, $1.1) } + 1

    /// cos((2x + 1) u pi / 64) for u below `band`, x below 32: the DCT-II basis.
    static let basis: [Double] = {
        var table = [Double](repeating: 0, count: band * side)
        for u in 0..<band {
            for x in 0..<side { table[u * side + x] = cos(Double((2 * x + 1) * u) * .pi / Double(2 * side)) }
        }
        return table
    }()

    /// The fingerprint of an upright RGB picture (8 bits a sample, `stride` bytes a row), nil
    /// when it has no pixels.
    package static func of(_ image: RGBImage) -> PerceptualHash? {
        guard image.width > 0, image.height > 0 else { return nil }
        return of(luminance: grid(image))
    }

    /// The luminance (Rec. 601 weights) of `image` averaged over 32 x 32 equal cells, each
    /// pixel counted in the cell its centre falls in (a picture smaller than the grid repeats
    /// its pixels).
    static func grid(_ image: RGBImage) -> [Double] {
        var sums = [Double](repeating: 0, count: side * side)
        var counts = [Int](repeating: 0, count: side * side)
        let columns = (0..<image.width).map { $0 * side / image.width }
        for y in 0..<image.height {
            let cellRow = y * side / image.height * side
            let row = image.pixels + y * image.stride
            for x in 0..<image.width {
                let pixel = row + 3 * x
                let luminance = 299 * Int(pixel[0]) + 587 * Int(pixel[1]) + 114 * Int(pixel[2])
                sums[cellRow + columns[x]] += Double(luminance) / 1000
                counts[cellRow + columns[x]] += 1
            }
        }
        if image.width >= side && image.height >= side {
            return zip(sums, counts).map { $0 / Double($1) }
        }
        // Fewer pixels than cells: each cell takes the pixel under its centre.
        return (0..<(side * side)).map { cell in
            let x = (cell % side * 2 + 1) * image.width / (2 * side)
            let y = (cell / side * 2 + 1) * image.height / (2 * side)
            let pixel = image.pixels + y * image.stride + 3 * x
            return Double(299 * Int(pixel[0]) + 587 * Int(pixel[1]) + 114 * Int(pixel[2])) / 1000
        }
    }

    /// The fingerprint of a 32 x 32 luminance grid (row by row).
    static func of(luminance grid: [Double]) -> PerceptualHash {
        // Rows first, only the frequencies kept: band x 32 per row, then band x band.
        var rows = [Double](repeating: 0, count: side * band)
        for y in 0..<side {
            for v in 0..<band {
                var sum = 0.0
                for x in 0..<side { sum += grid[y * side + x] * basis[v * side + x] }
                rows[y * band + v] = sum
            }
        }
        let coefficients = frequencies.map { u, v in
            var sum = 0.0
            for y in 0..<side { sum += rows[y * band + v] * basis[u * side + y] }
            return sum
        }
        let sorted = coefficients.sorted()
        let median = (sorted[31] + sorted[32]) / 2
        var bits: UInt64 = 0
        for (index, coefficient) in coefficients.enumerated() where coefficient > median {
            bits |= 1 << UInt64(63 - index)
        }
        return PerceptualHash(bits: bits)
    }
}
