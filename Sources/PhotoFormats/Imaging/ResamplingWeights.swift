import Foundation

/// The filter behind every resize: Lanczos with three lobes, the default of libvips and of
/// most photo tools. Stretched by the reduction factor, it averages over every input pixel an
/// output pixel covers (so nothing aliases) while keeping edges sharp.
enum ResamplingKernel {
    /// Half-width of the kernel, in output pixels.
    static let support: Double = 3

    /// sinc(x) * sinc(x / 3), with sin(pi x) taken from sin(pi x / 3) by the triple-angle
    /// formula: one sine per tap instead of two, for a resize computes thousands of taps.
    static func weight(_ x: Double) -> Double {
        let x = abs(x)
        guard x < support else { return 0 }
        guard x > 1e-12 else { return 1 }
        let third = Double.pi * x / support
        let sine = sin(third)
        let sineOfWhole = 3 * sine - 4 * sine * sine * sine
        return sineOfWhole * sine / (Double.pi * x * third)
    }
}

/// The precomputed filter taps for resizing one axis from `inputLength` to `outputLength`
/// samples: output `i` is the weighted sum of inputs `starts[i] ..< starts[i] + counts[i]`
/// with weights `weights[i * maxCount ..< i * maxCount + counts[i]]`, which sum to 1.
struct ResamplingWeights {
    let inputLength: Int
    let outputLength: Int
    let maxCount: Int
    let starts: [Int]
    let counts: [Int]
    let weights: [Float]
    /// `weights` with each one repeated in four lanes, to multiply a whole pixel at once.
    let splatWeights: [SIMD4<Float>]
    /// `weights` in fixed point (`fixedPointOne` is 1.0), two taps at a time: output `i`'s pair
    /// `p` is taps `2p` and `2p + 1` (0 past the last) repeated in eight lanes, to multiply two
    /// rows interleaved. `pairsPerOutput` pairs per output.
    let fixedPointPairs: [SIMD8<Int16>]
    let pairsPerOutput: Int
    /// 1.0 in `fixedPointPairs`: 14 bits leave room for the kernel's overshoot in an Int16.
    static let fixedPointOne = 1 << 14

    init(inputLength: Int, outputLength: Int) {
        let inputLength = max(1, inputLength)
        let outputLength = max(1, outputLength)
        self.inputLength = inputLength
        self.outputLength = outputLength
        let scale = Double(inputLength) / Double(outputLength)
        // When enlarging, the kernel stays one input pixel wide; when reducing it widens.
        let filterScale = max(scale, 1)
        let support = ResamplingKernel.support * filterScale
        let widest = Int((2 * support).rounded(.up)) + 2

        var starts = [Int](repeating: 0, count: outputLength)
        var counts = [Int](repeating: 0, count: outputLength)
        var taps = [Double](repeating: 0, count: widest)
        // Weights `widest` apart while the widest window is not known yet.
        var loose = [Float](repeating: 0, count: outputLength * widest)
        for output in 0..<outputLength {
            let center = (Double(output) + 0.5) * scale
            var first = max(0, Int((center - support + 0.5).rounded(.down)))
            let end = max(first + 1, min(inputLength, Int((center + support + 0.5).rounded(.down))))
            var count = 0
            for input in first..<end {
                taps[count] = ResamplingKernel.weight((Double(input) - center + 0.5) / filterScale)
                count += 1
            }
            // Zero taps at the ends (exact zeros of the kernel) cost time and change nothing.
            var skipped = 0
            while count - skipped > 1, abs(taps[skipped]) < 1e-9 { skipped += 1 }
            while count - skipped > 1, abs(taps[count - 1]) < 1e-9 { count -= 1 }
            first += skipped
            var total = 0.0
            for index in skipped..<count { total += taps[index] }
            if total == 0 { total = 1 }
            starts[output] = first
            counts[output] = count - skipped
            for index in skipped..<count { loose[output * widest + index - skipped] = Float(taps[index] / total) }
        }
        let maxCount = counts.max() ?? 1
        var flat = [Float](repeating: 0, count: outputLength * maxCount)
        for output in 0..<outputLength {
            for tap in 0..<counts[output] { flat[output * maxCount + tap] = loose[output * widest + tap] }
        }
        self.maxCount = maxCount
        self.starts = starts
        self.counts = counts
        self.weights = flat
        self.splatWeights = flat.map { SIMD4(repeating: $0) }
        (fixedPointPairs, pairsPerOutput) = Self.fixedPointPairs(flat, counts: counts, maxCount: maxCount)
    }

    /// The weights rounded to fixed point, each output's adjusted (on its largest tap) to sum to
    /// exactly `fixedPointOne`, so that a flat area keeps its value, and paired.
    private static func fixedPointPairs(
        _ weights: [Float], counts: [Int], maxCount: Int
    ) -> (pairs: [SIMD8<Int16>], perOutput: Int) {
        let perOutput = (maxCount + 1) / 2
        var pairs = [SIMD8<Int16>](repeating: .zero, count: counts.count * perOutput)
        let one = Float(fixedPointOne)
        // One scratch row of taps for every output: no array made per output.
        var taps = [Int](repeating: 0, count: 2 * perOutput)
        for output in counts.indices {
            let count = counts[output]
            var total = 0
            var largest = 0
            for index in 0..<2 * perOutput {
                let tap = index < count ? Int((weights[output * maxCount + index] * one).rounded()) : 0
                taps[index] = tap
                total += tap
                // The first of the largest, as `max(by:)` would pick.
                if index < count, abs(tap) > abs(taps[largest]) { largest = index }
            }
            if count > 0 { taps[largest] += fixedPointOne - total }
            for pair in 0..<perOutput {
                let first = Int16(clamping: taps[2 * pair])
                let second = Int16(clamping: taps[2 * pair + 1])
                pairs[output * perOutput + pair] = SIMD8(first, second, first, second, first, second, first, second)
            }
        }
        return (pairs, perOutput)
    }

    /// True when output `i` is input `i`: the axis is not resized.
    var isIdentity: Bool { inputLength == outputLength && maxCount == 1 }
}
