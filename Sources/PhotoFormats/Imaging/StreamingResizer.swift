/// Resizes an RGB image that arrives one row at a time, as a decoder produces it.
///
/// The filter is separable, and the vertical pass comes first: each input row is widened to
/// 16-bit integers into a small ring, and as soon as every input row under an output row's
/// window has arrived the window is summed in fixed point, two rows per 16-bit multiply-add
/// (SSE2's `pmaddwd`, NEON's `smlal`), which costs a fraction of a float pass over the same
/// wide rows. The sums, eight output rows at a time, are then filtered horizontally in floats
/// and rounded to bytes. So the full-size image is never held in memory: only a few rows of it.
package final class StreamingResizer {
    private var horizontal = ResamplingWeights(inputLength: 1, outputLength: 1)
    private var vertical = ResamplingWeights(inputLength: 1, outputLength: 1)
    /// `horizontal.splatWeights` divided by the vertical pass's fixed-point one.
    private var horizontalWeights: [SIMD4<Float>] = []
    private var output = RGBImage(pixels: UnsafeMutablePointer(bitPattern: 1)!, width: 0, height: 0)

    /// Output rows filtered horizontally together: they share the weights and the loop
    /// overhead, and each row has its own pointer so that a load needs no address arithmetic
    /// (callgrind, an 8 MP photo's preview: 47.1 M instructions; four rows: 53.6 M).
    private static let rowsPerGroup = 8
    /// Columns the vertical pass sums together: eight sums in registers, per pair of rows.
    private static let columnsPerBlock = 32

    private let ringStorage = PixelStorage<Int16>()
    private let groupStorage = PixelStorage<Float>()
    private let filteredStorage = PixelStorage<Float>()
    /// Values per input row: three per pixel.
    private var columns = 0
    /// Int16s per ring row: `columns` rounded up to whole blocks (the vertical pass reads whole
    /// blocks; the padding stays 0).
    private var ringStride = 0
    private var ringRows = 1
    /// Floats per vertically filtered row: whole blocks, plus at least one because the
    /// horizontal pass loads four floats for the last pixel's three.
    private var groupStride = 0
    /// Floats per horizontally filtered row: three per output pixel plus one for the last
    /// pixel's four-float store.
    private var filteredStride = 0
    private var nextInputRow = 0
    /// The next output row to filter vertically, and how many of those filtered wait for
    /// the horizontal pass in the current group.
    private var nextVerticalRow = 0
    private var pendingRows = 0
    private var nextOutputRow = 0

    package init() {}

    /// Prepares to resize an `inputWidth` x `inputHeight` image into `output` (whose size
    /// sets the target). Rows of `output` are written as they are finished.
    package func begin(inputWidth: Int, inputHeight: Int, output: RGBImage) {
        if horizontal.inputLength != inputWidth || horizontal.outputLength != output.width {
            horizontal = ResamplingWeights(inputLength: inputWidth, outputLength: output.width)
            let scale = 1 / Float(ResamplingWeights.fixedPointOne)
            horizontalWeights = horizontal.splatWeights.map { $0 * scale }
        }
        if vertical.inputLength != inputHeight || vertical.outputLength != output.height {
            vertical = ResamplingWeights(inputLength: inputHeight, outputLength: output.height)
        }
        self.output = output
        columns = horizontal.inputLength * 3
        ringStride = (columns + Self.columnsPerBlock - 1) / Self.columnsPerBlock * Self.columnsPerBlock
        // Input row r goes to slot r % ringRows once every output row whose window ends by
        // row r has been filtered; the windows still open start after r - maxCount.
        ringRows = vertical.maxCount
        // Zeroed so that the padding past each row, which the vertical pass reads, holds 0.
        ringStorage.reserve(ringRows * ringStride).update(repeating: 0, count: ringRows * ringStride)
        groupStride = ringStride + 4
        // Zeroed so that the float past the last pixel, which the horizontal pass multiplies
        // but never keeps, is no NaN or denormal to slow it down.
        groupStorage.reserve(Self.rowsPerGroup * groupStride).update(
            repeating: 0, count: Self.rowsPerGroup * groupStride)
        filteredStride = output.width * 3 + 1
        _ = filteredStorage.reserve(Self.rowsPerGroup * filteredStride)
        nextInputRow = 0
        nextVerticalRow = 0
        pendingRows = 0
        nextOutputRow = 0
    }

    /// Pixels per input row of the current resize.
    var inputWidth: Int { horizontal.inputLength }

    /// True once every output row has been written.
    var isComplete: Bool { nextOutputRow == output.height }

    /// Takes the next `count` input rows (`inputWidth` RGB pixels each, `stride` bytes apart;
    /// a stride of 0 repeats one row) and writes the output rows they complete.
    package func push(rows: UnsafePointer<UInt8>, count: Int, stride: Int) {
        for index in 0..<count {
            guard nextInputRow < vertical.inputLength else { return }
            Self.widen(rows + index * stride, count: columns, into: slot(nextInputRow))
            nextInputRow += 1
            while nextVerticalRow < output.height,
                vertical.starts[nextVerticalRow] + vertical.counts[nextVerticalRow] <= nextInputRow
            {
                filterVertically(outputRow: nextVerticalRow, into: groupRow(pendingRows))
                nextVerticalRow += 1
                pendingRows += 1
                if pendingRows == Self.rowsPerGroup || nextVerticalRow == output.height { finishGroup() }
            }
        }
    }

    private func slot(_ inputRow: Int) -> UnsafeMutablePointer<Int16> {
        ringStorage.base + (inputRow % ringRows) * ringStride
    }

    private func groupRow(_ index: Int) -> UnsafeMutablePointer<Float> { groupStorage.base + index * groupStride }

    private func filteredRow(_ index: Int) -> UnsafeMutablePointer<Float> {
        filteredStorage.base + index * filteredStride
    }

    private static func widen(_ bytes: UnsafePointer<UInt8>, count: Int, into values: UnsafeMutablePointer<Int16>) {
        let source = UnsafeRawPointer(bytes)
        let target = UnsafeMutableRawPointer(values)
        var index = 0
        while index + 16 <= count {
            let block = source.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            target.storeBytes(
                of: SIMD16<Int16>(truncatingIfNeeded: block), toByteOffset: 2 * index, as: SIMD16<Int16>.self)
            index += 16
        }
        while index < count {
            values[index] = Int16(bytes[index])
            index += 1
        }
    }

    /// Output row `outputRow` summed down its window of ring rows into `target`, 32 columns at
    /// a time: two rows' values interleaved, times their two weights, added pairwise into 32 bits.
    /// The sums stay in registers across the window; they come out scaled by `fixedPointOne`.
    private func filterVertically(outputRow: Int, into target: UnsafeMutablePointer<Float>) {
        let start = vertical.starts[outputRow]
        let taps = vertical.counts[outputRow]
        let pairs = (taps + 1) / 2
        let sums = UnsafeMutableRawPointer(target)
        vertical.fixedPointPairs.withUnsafeBufferPointer { allWeights in
            let weights = allWeights.baseAddress! + outputRow * vertical.pairsPerOutput
            withUnsafeTemporaryAllocation(of: UnsafeRawPointer.self, capacity: 2 * pairs) { rows in
                for tap in 0..<2 * pairs {
                    // A pair's missing second tap weighs 0: any row will do.
                    rows[tap] = UnsafeRawPointer(slot(start + min(tap, taps - 1)))
                }
                for block in 0..<ringStride / Self.columnsPerBlock {
                    let offset = block * Self.columnsPerBlock * 2
                    var sum0 = SIMD4<Int32>(repeating: 0)
                    var (sum1, sum2, sum3, sum4, sum5, sum6, sum7) = (sum0, sum0, sum0, sum0, sum0, sum0, sum0)
                    for pair in 0..<pairs {
                        let first = rows[2 * pair] + offset
                        let second = rows[2 * pair + 1] + offset
                        let weight = weights[pair]
                        var a = first.loadUnaligned(as: SIMD8<Int16>.self)
                        var b = second.loadUnaligned(as: SIMD8<Int16>.self)
                        sum0 &+= Self.multiplyAdd(Self.lowHalves(a, b), weight)
                        sum1 &+= Self.multiplyAdd(Self.highHalves(a, b), weight)
                        a = first.loadUnaligned(fromByteOffset: 16, as: SIMD8<Int16>.self)
                        b = second.loadUnaligned(fromByteOffset: 16, as: SIMD8<Int16>.self)
                        sum2 &+= Self.multiplyAdd(Self.lowHalves(a, b), weight)
                        sum3 &+= Self.multiplyAdd(Self.highHalves(a, b), weight)
                        a = first.loadUnaligned(fromByteOffset: 32, as: SIMD8<Int16>.self)
                        b = second.loadUnaligned(fromByteOffset: 32, as: SIMD8<Int16>.self)
                        sum4 &+= Self.multiplyAdd(Self.lowHalves(a, b), weight)
                        sum5 &+= Self.multiplyAdd(Self.highHalves(a, b), weight)
                        a = first.loadUnaligned(fromByteOffset: 48, as: SIMD8<Int16>.self)
                        b = second.loadUnaligned(fromByteOffset: 48, as: SIMD8<Int16>.self)
                        sum6 &+= Self.multiplyAdd(Self.lowHalves(a, b), weight)
                        sum7 &+= Self.multiplyAdd(Self.highHalves(a, b), weight)
                    }
                    let floats = sums + 2 * offset
                    floats.storeBytes(of: SIMD4<Float>(sum0), as: SIMD4<Float>.self)
                    floats.storeBytes(of: SIMD4<Float>(sum1), toByteOffset: 16, as: SIMD4<Float>.self)
                    floats.storeBytes(of: SIMD4<Float>(sum2), toByteOffset: 32, as: SIMD4<Float>.self)
                    floats.storeBytes(of: SIMD4<Float>(sum3), toByteOffset: 48, as: SIMD4<Float>.self)
                    floats.storeBytes(of: SIMD4<Float>(sum4), toByteOffset: 64, as: SIMD4<Float>.self)
                    floats.storeBytes(of: SIMD4<Float>(sum5), toByteOffset: 80, as: SIMD4<Float>.self)
                    floats.storeBytes(of: SIMD4<Float>(sum6), toByteOffset: 96, as: SIMD4<Float>.self)
                    floats.storeBytes(of: SIMD4<Float>(sum7), toByteOffset: 112, as: SIMD4<Float>.self)
                }
            }
        }
    }

    /// The first four values of `a` and `b`, interleaved (one `punpcklwd`).
    @inline(__always)
    private static func lowHalves(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
        SIMD8(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3])
    }

    /// The last four values of `a` and `b`, interleaved (one `punpckhwd`).
    @inline(__always)
    private static func highHalves(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
        SIMD8(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
    }

    /// Lane products widened to 32 bits and added in adjacent pairs (one `pmaddwd`).
    @inline(__always)
    private static func multiplyAdd(_ values: SIMD8<Int16>, _ weights: SIMD8<Int16>) -> SIMD4<Int32> {
        let products = SIMD8<Int32>(truncatingIfNeeded: values) &* SIMD8<Int32>(truncatingIfNeeded: weights)
        return products.evenHalf &+ products.oddHalf
    }

    /// The vertically filtered rows waiting in the group, filtered horizontally, rounded and
    /// written to the output.
    private func finishGroup() {
        if pendingRows == Self.rowsPerGroup {
            filterEightRowsHorizontally()
        } else {
            for index in 0..<pendingRows { filterHorizontally(groupRow(index), into: filteredRow(index)) }
        }
        for index in 0..<pendingRows {
            Self.round(filteredRow(index), count: output.width * 3, into: output.row(nextOutputRow + index))
        }
        nextOutputRow += pendingRows
        pendingRows = 0
    }

    /// One row of sums into one filtered row. Each output pixel is four floats (R, G, B and the
    /// next pixel's R, which the next store overwrites) times one weight in four lanes, per tap.
    private func filterHorizontally(_ input: UnsafeMutablePointer<Float>, into filtered: UnsafeMutablePointer<Float>) {
        let maxCount = horizontal.maxCount
        horizontal.starts.withUnsafeBufferPointer { starts in
            horizontal.counts.withUnsafeBufferPointer { counts in
                horizontalWeights.withUnsafeBufferPointer { weights in
                    let source = UnsafeRawPointer(input)
                    let target = UnsafeMutableRawPointer(filtered)
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

    /// The eight rows of a full group into their filtered rows, as `filterHorizontally`: one
    /// weight load and one pass of the loop serve eight rows (eight sums in registers).
    private func filterEightRowsHorizontally() {
        let maxCount = horizontal.maxCount
        let rowBytes = groupStride * MemoryLayout<Float>.stride
        let filteredBytes = filteredStride * MemoryLayout<Float>.stride
        let row0 = UnsafeRawPointer(groupStorage.base)
        let (row1, row2, row3) = (row0 + rowBytes, row0 + 2 * rowBytes, row0 + 3 * rowBytes)
        let (row4, row5, row6, row7) = (
            row0 + 4 * rowBytes, row0 + 5 * rowBytes, row0 + 6 * rowBytes, row0 + 7 * rowBytes
        )
        let out0 = UnsafeMutableRawPointer(filteredStorage.base)
        let (out1, out2, out3) = (out0 + filteredBytes, out0 + 2 * filteredBytes, out0 + 3 * filteredBytes)
        let (out4, out5, out6, out7) = (
            out0 + 4 * filteredBytes, out0 + 5 * filteredBytes, out0 + 6 * filteredBytes, out0 + 7 * filteredBytes
        )
        horizontal.starts.withUnsafeBufferPointer { starts in
            horizontal.counts.withUnsafeBufferPointer { counts in
                horizontalWeights.withUnsafeBufferPointer { weights in
                    for x in 0..<starts.count {
                        var sum0 = SIMD4<Float>(repeating: 0)
                        var (sum1, sum2, sum3, sum4, sum5, sum6, sum7) = (sum0, sum0, sum0, sum0, sum0, sum0, sum0)
                        // One offset into eight row pointers: no address arithmetic per row.
                        var offset = starts[x] * 12
                        var weight = weights.baseAddress! + x * maxCount
                        for _ in 0..<counts[x] {
                            let factor = weight.pointee
                            sum0 += row0.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * factor
                            sum1 += row1.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * factor
                            sum2 += row2.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * factor
                            sum3 += row3.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * factor
                            sum4 += row4.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * factor
                            sum5 += row5.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * factor
                            sum6 += row6.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * factor
                            sum7 += row7.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * factor
                            offset += 12
                            weight += 1
                        }
                        let at = x * 12
                        out0.storeBytes(of: sum0, toByteOffset: at, as: SIMD4<Float>.self)
                        out1.storeBytes(of: sum1, toByteOffset: at, as: SIMD4<Float>.self)
                        out2.storeBytes(of: sum2, toByteOffset: at, as: SIMD4<Float>.self)
                        out3.storeBytes(of: sum3, toByteOffset: at, as: SIMD4<Float>.self)
                        out4.storeBytes(of: sum4, toByteOffset: at, as: SIMD4<Float>.self)
                        out5.storeBytes(of: sum5, toByteOffset: at, as: SIMD4<Float>.self)
                        out6.storeBytes(of: sum6, toByteOffset: at, as: SIMD4<Float>.self)
                        out7.storeBytes(of: sum7, toByteOffset: at, as: SIMD4<Float>.self)
                    }
                }
            }
        }
    }

    /// Clamps to 0...255 and rounds to the nearest byte. Adding 2^23 leaves the rounded integer
    /// in the low mantissa bits: unlike Swift's checked float-to-int conversion, that vectorizes.
    /// (Written with SIMD16 and `pointwiseMin`/`pointwiseMax` instead, it took 14 times the
    /// instructions: those generic lane-by-lane operations are not turned into `minps`/`maxps`.)
    private static func round(_ sums: UnsafePointer<Float>, count: Int, into bytes: UnsafeMutablePointer<UInt8>) {
        for index in 0..<count {
            let clamped = min(max(sums[index], 0), 255)
            bytes[index] = UInt8(truncatingIfNeeded: (clamped + 8_388_608).bitPattern)
        }
    }
}
