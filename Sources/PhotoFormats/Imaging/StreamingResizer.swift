/// Resizes an RGB image that arrives one row at a time, as a decoder produces it.
///
/// The filter is separable. Each input row is filtered horizontally as soon as it arrives,
/// while it is still in cache, into a small ring of float rows; an output row is filtered
/// vertically as soon as every input row under its window has arrived. So the full-size
/// image is never held in memory: only a few rows of it.
package final class StreamingResizer {
    private var horizontal = ResamplingWeights(inputLength: 1, outputLength: 1)
    private var vertical = ResamplingWeights(inputLength: 1, outputLength: 1)
    private var output = RGBImage(pixels: UnsafeMutablePointer(bitPattern: 1)!, width: 0, height: 0)

    /// Up to this many input rows are filtered horizontally together: they share the weights
    /// and the loop overhead, which makes the horizontal pass about a third faster.
    private static let rowsPerGroup = 4

    private let inputRowStorage = PixelStorage<Float>()
    private let ringStorage = PixelStorage<Float>()
    private let accumulatorStorage = PixelStorage<Float>()
    /// Floats per widened input row: three per pixel plus one for the four-float loads.
    private var inputStride = 0
    private var ringRows = 1
    /// Floats per ring row: three per output pixel plus at least one, because the horizontal
    /// pass stores four floats per pixel and the last store reaches one past the row; rounded
    /// up to whole blocks of 16 for the vertical pass.
    private var ringStride = 0
    private var nextInputRow = 0
    private var nextOutputRow = 0

    package init() {}

    /// Prepares to resize an `inputWidth` x `inputHeight` image into `output` (whose size
    /// sets the target). Rows of `output` are written as they are finished.
    package func begin(inputWidth: Int, inputHeight: Int, output: RGBImage) {
        if horizontal.inputLength != inputWidth || horizontal.outputLength != output.width {
            horizontal = ResamplingWeights(inputLength: inputWidth, outputLength: output.width)
        }
        if vertical.inputLength != inputHeight || vertical.outputLength != output.height {
            vertical = ResamplingWeights(inputLength: inputHeight, outputLength: output.height)
        }
        self.output = output
        // A group of rows enters the ring before the output rows they complete are made, so
        // the ring holds a whole window plus the rest of a group.
        ringRows = vertical.maxCount + Self.rowsPerGroup - 1
        ringStride = (output.width * 3 + 16) / 16 * 16
        // Zeroed so the padding past each row, which the vertical pass reads but never
        // uses, holds no NaNs or denormals to slow it down.
        ringStorage.reserve(ringRows * ringStride).update(repeating: 0, count: ringRows * ringStride)
        inputStride = inputWidth * 3 + 1
        _ = inputRowStorage.reserve(inputStride * Self.rowsPerGroup)
        _ = accumulatorStorage.reserve(ringStride)
        nextInputRow = 0
        nextOutputRow = 0
    }

    /// Pixels per input row of the current resize.
    var inputWidth: Int { horizontal.inputLength }

    /// True once every output row has been written.
    var isComplete: Bool { nextOutputRow == output.height }

    /// Takes the next `count` input rows (`inputWidth` RGB pixels each, `stride` bytes apart;
    /// a stride of 0 repeats one row) and writes the output rows they complete.
    package func push(rows: UnsafePointer<UInt8>, count: Int, stride: Int) {
        var done = 0
        while done < count, nextInputRow < vertical.inputLength {
            let group = min(Self.rowsPerGroup, count - done, vertical.inputLength - nextInputRow)
            let first = rows + done * stride
            if horizontal.isIdentity {
                for index in 0..<group {
                    widen(first + index * stride, count: output.width * 3, into: slot(nextInputRow + index))
                }
            } else {
                for index in 0..<group {
                    widen(
                        first + index * stride, count: horizontal.inputLength * 3,
                        into: inputRowStorage.base + index * inputStride)
                }
                if group == Self.rowsPerGroup {
                    filterFourRowsHorizontally()
                } else {
                    for index in 0..<group {
                        filterHorizontally(inputRowStorage.base + index * inputStride, into: slot(nextInputRow + index))
                    }
                }
            }
            nextInputRow += group
            done += group
            while nextOutputRow < output.height,
                vertical.starts[nextOutputRow] + vertical.counts[nextOutputRow] <= nextInputRow
            {
                filterVertically(outputRow: nextOutputRow)
                nextOutputRow += 1
            }
        }
    }

    private func slot(_ inputRow: Int) -> UnsafeMutablePointer<Float> {
        ringStorage.base + (inputRow % ringRows) * ringStride
    }

    private func widen(_ bytes: UnsafePointer<UInt8>, count: Int, into floats: UnsafeMutablePointer<Float>) {
        for index in 0..<count { floats[index] = Float(bytes[index]) }
        floats[count] = 0
    }

    /// One widened row into one ring slot. Each output pixel is four floats (R, G, B and the
    /// next pixel's R, which the next store overwrites) times one weight in four lanes, per tap.
    private func filterHorizontally(_ input: UnsafeMutablePointer<Float>, into slot: UnsafeMutablePointer<Float>) {
        let maxCount = horizontal.maxCount
        horizontal.starts.withUnsafeBufferPointer { starts in
            horizontal.counts.withUnsafeBufferPointer { counts in
                horizontal.splatWeights.withUnsafeBufferPointer { weights in
                    let source = UnsafeRawPointer(input)
                    let target = UnsafeMutableRawPointer(slot)
                    for x in 0..<starts.count {
                        var sum = SIMD4<Float>(repeating: 0)
                        var pixel = source + starts[x] * 12
                        var weight = weights.baseAddress! + x * maxCount
                        for _ in 0..<counts[x] {
                            sum += pixel.loadUnaligned(as: SIMD4<Float>.self) * weight.pointee
                            pixel += 12
                            weight += 1
                        }
                        target.storeBytes(of: sum, toByteOffset: x * 12, as: SIMD4<Float>.self)
                    }
                }
            }
        }
    }

    /// The four widened rows of a full group into their ring slots, as `filterHorizontally`.
    private func filterFourRowsHorizontally() {
        let maxCount = horizontal.maxCount
        let rowBytes = inputStride * MemoryLayout<Float>.stride
        let source = UnsafeRawPointer(inputRowStorage.base)
        let targets = (
            UnsafeMutableRawPointer(slot(nextInputRow)), UnsafeMutableRawPointer(slot(nextInputRow + 1)),
            UnsafeMutableRawPointer(slot(nextInputRow + 2)), UnsafeMutableRawPointer(slot(nextInputRow + 3))
        )
        horizontal.starts.withUnsafeBufferPointer { starts in
            horizontal.counts.withUnsafeBufferPointer { counts in
                horizontal.splatWeights.withUnsafeBufferPointer { weights in
                    for x in 0..<starts.count {
                        var sum0 = SIMD4<Float>(repeating: 0)
                        var sum1 = sum0
                        var sum2 = sum0
                        var sum3 = sum0
                        var pixel = source + starts[x] * 12
                        var weight = weights.baseAddress! + x * maxCount
                        for _ in 0..<counts[x] {
                            let factor = weight.pointee
                            sum0 += pixel.loadUnaligned(as: SIMD4<Float>.self) * factor
                            sum1 += pixel.loadUnaligned(fromByteOffset: rowBytes, as: SIMD4<Float>.self) * factor
                            sum2 += pixel.loadUnaligned(fromByteOffset: 2 * rowBytes, as: SIMD4<Float>.self) * factor
                            sum3 += pixel.loadUnaligned(fromByteOffset: 3 * rowBytes, as: SIMD4<Float>.self) * factor
                            pixel += 12
                            weight += 1
                        }
                        targets.0.storeBytes(of: sum0, toByteOffset: x * 12, as: SIMD4<Float>.self)
                        targets.1.storeBytes(of: sum1, toByteOffset: x * 12, as: SIMD4<Float>.self)
                        targets.2.storeBytes(of: sum2, toByteOffset: x * 12, as: SIMD4<Float>.self)
                        targets.3.storeBytes(of: sum3, toByteOffset: x * 12, as: SIMD4<Float>.self)
                    }
                }
            }
        }
    }

    /// Output row `outputRow`: its window of ring rows weighted and summed 16 floats at a
    /// time (the sums stay in registers across all taps), then rounded to bytes.
    private func filterVertically(outputRow: Int) {
        let count = output.width * 3
        let start = vertical.starts[outputRow]
        let taps = vertical.counts[outputRow]
        let ring = UnsafeRawPointer(ringStorage.base)
        let rowBytes = ringStride * MemoryLayout<Float>.stride
        let sums = UnsafeMutableRawPointer(accumulatorStorage.base)
        vertical.weights.withUnsafeBufferPointer { allWeights in
            let weights = allWeights.baseAddress! + outputRow * vertical.maxCount
            withUnsafeTemporaryAllocation(of: UnsafeRawPointer.self, capacity: taps) { rows in
                for tap in 0..<taps { rows[tap] = ring + ((start + tap) % ringRows) * rowBytes }
                for block in 0..<(count + 15) / 16 {
                    let offset = block * 64
                    var sum = SIMD16<Float>(repeating: 0)
                    for tap in 0..<taps {
                        sum += rows[tap].loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self) * weights[tap]
                    }
                    sums.storeBytes(of: sum, toByteOffset: offset, as: SIMD16<Float>.self)
                }
            }
        }
        Self.round(accumulatorStorage.base, count: count, into: output.row(outputRow))
    }

    /// Clamps to 0...255 and rounds to the nearest byte. Adding 2^23 leaves the rounded integer
    /// in the low mantissa bits: unlike Swift's checked float-to-int conversion, that vectorizes.
    private static func round(_ sums: UnsafePointer<Float>, count: Int, into bytes: UnsafeMutablePointer<UInt8>) {
        for index in 0..<count {
            let clamped = min(max(sums[index], 0), 255)
            bytes[index] = UInt8(truncatingIfNeeded: (clamped + 8_388_608).bitPattern)
        }
    }
}
