import Foundation

/// The filter behind every resize: Lanczos with three lobes, the default of libvips and of
/// most photo tools. Stretched by the reduction factor, it averages over every input pixel an
/// output pixel covers (so nothing aliases) while keeping edges sharp.
enum ResamplingKernel {
    /// Half-width of the kernel, in output pixels.
    static let support: Double = 3

    static func weight(_ x: Double) -> Double {
        let x = abs(x)
        guard x < support else { return 0 }
        return sinc(x) * sinc(x / support)
    }

    private static func sinc(_ x: Double) -> Double {
        guard x != 0 else { return 1 }
        let angle = Double.pi * x
        return sin(angle) / angle
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

    init(inputLength: Int, outputLength: Int) {
        precondition(inputLength > 0 && outputLength > 0)
        self.inputLength = inputLength
        self.outputLength = outputLength
        let scale = Double(inputLength) / Double(outputLength)
        // When enlarging, the kernel stays one input pixel wide; when reducing it widens.
        let filterScale = max(scale, 1)
        let support = ResamplingKernel.support * filterScale

        var windows: [(start: Int, weights: [Double])] = []
        windows.reserveCapacity(outputLength)
        for output in 0..<outputLength {
            let center = (Double(output) + 0.5) * scale
            let first = max(0, Int((center - support + 0.5).rounded(.down)))
            let end = min(inputLength, Int((center + support + 0.5).rounded(.down)))
            var taps = (first..<max(end, first + 1)).map { input in
                ResamplingKernel.weight((Double(input) - center + 0.5) / filterScale)
            }
            var start = first
            // Zero taps at the ends (exact zeros of the kernel) cost time and change nothing.
            while taps.count > 1, abs(taps[taps.count - 1]) < 1e-9 { taps.removeLast() }
            while taps.count > 1, abs(taps[0]) < 1e-9 { taps.removeFirst(); start += 1 }
            let total = taps.reduce(0, +)
            if total != 0 { taps = taps.map { $0 / total } }
            windows.append((start, taps))
        }
        let maxCount = windows.map(\.weights.count).max() ?? 1
        var flat = [Float](repeating: 0, count: outputLength * maxCount)
        for (index, window) in windows.enumerated() {
            for (tap, weight) in window.weights.enumerated() { flat[index * maxCount + tap] = Float(weight) }
        }
        self.maxCount = maxCount
        self.starts = windows.map(\.start)
        self.counts = windows.map(\.weights.count)
        self.weights = flat
        self.splatWeights = flat.map { SIMD4(repeating: $0) }
    }

    /// True when output `i` is input `i`: the axis is not resized.
    var isIdentity: Bool { inputLength == outputLength && maxCount == 1 }
}
