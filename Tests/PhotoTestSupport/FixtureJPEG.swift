import Foundation

/// A small JPEG encoder written for the tests alone, independent of libjpeg, so that a clone
/// without the shared corpus still has real images of every kind the decoder must handle:
/// gray, YCbCr (4:2:0 or 4:4:4), CMYK with and without Adobe's inversion, YCCK; baseline or
/// progressive (spectral selection); with or without restart intervals; any APP segments.
///
/// Kept simple rather than small: one uniform quantiser, and Huffman codes of one length per
/// table (4 bits for DC categories, 8 for AC symbols), which JPEG allows and every decoder reads.
package struct FixtureJPEG {
    package enum ColorModel: Sendable, CaseIterable {
        /// One component, with a JFIF header.
        case gray
        /// Y, Cb, Cr with a JFIF header.
        case ycbcr
        /// C, M, Y, K as ink amounts (0 = no ink), no Adobe marker.
        case cmyk
        /// C, M, Y, K inverted as Photoshop writes them (255 = no ink), Adobe marker, transform 0.
        case adobeCMYK
        /// Inverted C, M, Y turned into Y, Cb, Cr, and K; Adobe marker, transform 2.
        case ycck
    }

    package var model: ColorModel = .ycbcr
    /// Chroma at half resolution both ways (4:2:0) for `ycbcr` and `ycck`; else 4:4:4.
    package var subsampled = true
    /// A DC scan, then per component AC scans of coefficients 1–5 and 6–63.
    package var progressive = false
    /// MCUs between restart markers; 0 for none.
    package var restartInterval = 0
    /// The step of the one quantisation table: small keeps decoded pixels close to the source.
    package var quantizer = 2
    /// APPn segments (EXIF, ICC, …) written after the JFIF or Adobe header.
    package var segments: [[UInt8]] = []
    /// A frame size to declare instead of the real one (an oversized header).
    package var declaredSize: (width: Int, height: Int)?

    package init(_ model: ColorModel = .ycbcr) { self.model = model }

    /// Encodes an RGB image as this model stores it, so that a correct decoder gives back
    /// `image` (`gray`: its luma), black ink left out.
    package func encode(_ image: TestImage) -> [UInt8] {
        let count = image.width * image.height
        func channel(_ index: Int) -> [UInt8] { (0..<count).map { image.pixels[$0 * 3 + index] } }
        let (red, green, blue) = (channel(0), channel(1), channel(2))
        let planes: [[UInt8]]
        switch model {
        case .gray: planes = [(0..<count).map { FixtureColor.luma(red[$0], green[$0], blue[$0]) }]
        case .ycbcr: planes = FixtureColor.ycbcr(red, green, blue)
        case .cmyk: planes = [red, green, blue].map { $0.map { 255 - $0 } } + [[UInt8](repeating: 0, count: count)]
        case .adobeCMYK: planes = [red, green, blue, [UInt8](repeating: 255, count: count)]
        case .ycck:
            // libjpeg turns Y, Cb, Cr into R, G, B and stores 255 minus each as C, M, Y.
            planes =
                FixtureColor.ycbcr(red.map { 255 - $0 }, green.map { 255 - $0 }, blue.map { 255 - $0 })
                + [[UInt8](repeating: 255, count: count)]
        }
        return encode(width: image.width, height: image.height, planes: planes)
    }

    /// Encodes component planes as given (`width * height` samples each, in this model's order).
    package func encode(width: Int, height: Int, planes: [[UInt8]]) -> [UInt8] {
        let chromaHalved = subsampled && (model == .ycbcr || model == .ycck)
        let factors = planes.indices.map { $0 == 0 && chromaHalved ? 2 : 1 }
        let maxFactor = factors.max() ?? 1
        let mcusWide = (width + 8 * maxFactor - 1) / (8 * maxFactor)
        let mcusHigh = (height + 8 * maxFactor - 1) / (8 * maxFactor)
        let components = planes.indices.map { index in
            FixtureComponent(
                plane: planes[index], width: width, height: height, factor: factors[index], maxFactor: maxFactor,
                mcusWide: mcusWide, mcusHigh: mcusHigh, quantizer: quantizer)
        }

        var out = FixtureSegments.startOfImage
        switch model {
        case .gray, .ycbcr: out += FixtureSegments.jfif
        case .cmyk: break
        case .adobeCMYK: out += FixtureSegments.adobe(transform: 0)
        case .ycck: out += FixtureSegments.adobe(transform: 2)
        }
        out += segments.joined()
        out += FixtureSegments.segment(0xDB, [0] + [UInt8](repeating: UInt8(quantizer), count: 64))
        let size = declaredSize ?? (width, height)
        var frame = [8] + FixtureSegments.bigEndian16(size.height) + FixtureSegments.bigEndian16(size.width)
        frame.append(UInt8(planes.count))
        for (index, factor) in factors.enumerated() { frame += [UInt8(index + 1), UInt8(factor << 4 | factor), 0] }
        out += FixtureSegments.segment(progressive ? 0xC2 : 0xC0, frame)
        out += FixtureSegments.segment(0xC4, [0x00] + FixtureHuffman.dc.table)
        out += FixtureSegments.segment(0xC4, [0x10] + FixtureHuffman.ac.table)
        if restartInterval > 0 { out += FixtureSegments.segment(0xDD, FixtureSegments.bigEndian16(restartInterval)) }

        let all = Array(components.indices)
        let scans: [(components: [Int], first: Int, last: Int)] =
            progressive
            ? [(all, 0, 0)] + all.flatMap { [([$0], 1, 5), ([$0], 6, 63)] }
            : (planes.count == 1 ? [([0], 0, 63)] : [(all, 0, 63)])
        for scan in scans {
            var header: [UInt8] = [UInt8(scan.components.count)]
            for index in scan.components { header += [UInt8(index + 1), 0x00] }
            header += [UInt8(scan.first), UInt8(scan.last), 0]
            out += FixtureSegments.segment(0xDA, header)
            out += encodeScan(
                scan.components.map { components[$0] }, first: scan.first, last: scan.last,
                mcus: (mcusWide, mcusHigh))
        }
        return out + FixtureSegments.endOfImage
    }

    /// The entropy-coded data of one scan. A scan of one component goes block by block over
    /// that component alone; a scan of several, MCU by MCU.
    private func encodeScan(
        _ components: [FixtureComponent], first: Int, last: Int, mcus: (wide: Int, high: Int)
    ) -> [UInt8] {
        var writer = FixtureBitWriter()
        var predictions = [Int](repeating: 0, count: components.count)
        var unitNumber = 0
        func encodeUnit(_ blocks: [(component: Int, column: Int, row: Int)]) {
            if restartInterval > 0, unitNumber > 0, unitNumber % restartInterval == 0 {
                writer.restart(marker: UInt8(0xD0 + (unitNumber / restartInterval - 1) % 8))
                for index in predictions.indices { predictions[index] = 0 }
            }
            unitNumber += 1
            for (index, column, row) in blocks {
                let block = components[index].block(column: column, row: row)
                if first == 0 {
                    writer.write(symbol: block[0] - predictions[index], huffman: FixtureHuffman.dc, run: 0)
                    predictions[index] = block[0]
                }
                if last > 0 { writer.write(acOf: block, from: max(first, 1), through: last) }
            }
        }
        if components.count == 1 {
            for row in 0..<components[0].usedBlocksHigh {
                for column in 0..<components[0].usedBlocksWide { encodeUnit([(0, column, row)]) }
            }
        } else {
            var unit: [(component: Int, column: Int, row: Int)] = []
            for mcuRow in 0..<mcus.high {
                for mcuColumn in 0..<mcus.wide {
                    unit.removeAll(keepingCapacity: true)
                    for (index, component) in components.enumerated() {
                        for v in 0..<component.factor {
                            for h in 0..<component.factor {
                                unit.append((index, mcuColumn * component.factor + h, mcuRow * component.factor + v))
                            }
                        }
                    }
                    encodeUnit(unit)
                }
            }
        }
        return writer.finished()
    }
}

/// One component's quantised DCT blocks, over the MCU-padded plane.
private struct FixtureComponent {
    let factor: Int
    let blocksWide: Int
    /// Blocks a scan of this component alone covers (its own size, not the MCUs').
    let usedBlocksWide: Int
    let usedBlocksHigh: Int
    private let blocks: [[Int]]

    init(
        plane: [UInt8], width: Int, height: Int, factor: Int, maxFactor: Int, mcusWide: Int, mcusHigh: Int,
        quantizer: Int
    ) {
        self.factor = factor
        // A component sampled less than the most is averaged down first.
        let shrink = maxFactor / factor
        let ownWidth = (width + shrink - 1) / shrink
        let ownHeight = (height + shrink - 1) / shrink
        var own = [Double](repeating: 0, count: ownWidth * ownHeight)
        for y in 0..<ownHeight {
            for x in 0..<ownWidth {
                var sum = 0.0
                for dy in 0..<shrink {
                    for dx in 0..<shrink {
                        sum += Double(plane[min(y * shrink + dy, height - 1) * width + min(x * shrink + dx, width - 1)])
                    }
                }
                own[y * ownWidth + x] = sum / Double(shrink * shrink)
            }
        }
        blocksWide = mcusWide * factor
        let blocksHigh = mcusHigh * factor
        usedBlocksWide = (ownWidth + 7) / 8
        usedBlocksHigh = (ownHeight + 7) / 8
        let blocksWide = self.blocksWide
        var coded: [[Int]] = []
        coded.reserveCapacity(blocksWide * blocksHigh)
        // On raw buffers: the tests' debug builds make array subscripts slow.
        own.withUnsafeBufferPointer { own in
            Self.cosines.withUnsafeBufferPointer { cosines in
                var samples = [Double](repeating: 0, count: 64)
                var rows = [Double](repeating: 0, count: 64)
                for blockRow in 0..<blocksHigh {
                    for blockColumn in 0..<blocksWide {
                        samples.withUnsafeMutableBufferPointer { samples in
                            // Past the edge, the last row and column repeat (what encoders do).
                            for y in 0..<8 {
                                let line = min(blockRow * 8 + y, ownHeight - 1) * ownWidth
                                for x in 0..<8 {
                                    samples[y * 8 + x] = own[line + min(blockColumn * 8 + x, ownWidth - 1)] - 128
                                }
                            }
                        }
                        coded.append(Self.transform(samples, rows: &rows, cosines: cosines, quantizer: quantizer))
                    }
                }
            }
        }
        blocks = coded
    }

    func block(column: Int, row: Int) -> [Int] { blocks[row * blocksWide + column] }

    private static let cosines: [Double] = (0..<64).map { index in
        let (u, x) = (index / 8, index % 8)
        return cos(Double(2 * x + 1) * Double(u) * Double.pi / 16) * (u == 0 ? 1 / 2.0.squareRoot() : 1) / 2
    }

    /// The forward DCT of JPEG (ITU T.81 A.3.3), separably (rows, then columns), quantised.
    private static func transform(
        _ samples: [Double], rows: inout [Double], cosines: UnsafeBufferPointer<Double>, quantizer: Int
    ) -> [Int] {
        var result = [Int](repeating: 0, count: 64)
        samples.withUnsafeBufferPointer { samples in
            rows.withUnsafeMutableBufferPointer { rows in
                for y in 0..<8 {
                    for u in 0..<8 {
                        var sum = 0.0
                        for x in 0..<8 { sum += cosines[u * 8 + x] * samples[y * 8 + x] }
                        rows[y * 8 + u] = sum
                    }
                }
                result.withUnsafeMutableBufferPointer { result in
                    for u in 0..<8 {
                        for v in 0..<8 {
                            var sum = 0.0
                            for y in 0..<8 { sum += cosines[v * 8 + y] * rows[y * 8 + u] }
                            result[v * 8 + u] = Int((sum / Double(quantizer)).rounded())
                        }
                    }
                }
            }
        }
        return result
    }

    /// Natural-order index of the coefficient at each zigzag position.
    static let zigzag: [Int] = {
        var order: [Int] = []
        for diagonal in 0..<15 {
            let cells = (0..<8).compactMap { row -> Int? in
                let column = diagonal - row
                return (0..<8).contains(column) ? row * 8 + column : nil
            }
            order += diagonal % 2 == 0 ? cells.reversed() : cells
        }
        return order
    }()
}

/// A Huffman table whose codes all have one length: symbol `i` of `symbols` has code `i`.
private struct FixtureHuffman {
    let symbols: [UInt8]
    let length: Int

    /// DC categories 0–11, four bits each.
    static let dc = FixtureHuffman(symbols: (0...11).map { UInt8($0) }, length: 4)
    /// End of block, sixteen zeros, and every run/category pair, eight bits each.
    static let ac = FixtureHuffman(
        symbols: [0x00, 0xF0] + (0..<16).flatMap { run in (1...10).map { UInt8(run << 4 | $0) } }, length: 8)

    /// Each symbol's code, by symbol.
    private let codes: [Int]

    init(symbols: [UInt8], length: Int) {
        self.symbols = symbols
        self.length = length
        var codes = [Int](repeating: -1, count: 256)
        for (code, symbol) in symbols.enumerated() { codes[Int(symbol)] = code }
        self.codes = codes
    }

    /// The DHT payload after its class/id byte: counts by length, then the symbols.
    var table: [UInt8] { (1...16).map { $0 == length ? UInt8(symbols.count) : 0 } + symbols }

    func code(for symbol: UInt8) -> (bits: Int, length: Int) { (codes[Int(symbol)], length) }
}

/// Bits in, stuffed bytes out (an FF in the data is followed by 00).
private struct FixtureBitWriter {
    private var bytes: [UInt8] = []
    private var accumulator = 0
    private var count = 0

    mutating func write(code: (bits: Int, length: Int)) { write(bits: code.bits, length: code.length) }

    /// A coefficient (or DC difference) as its run/category symbol and its extra bits.
    mutating func write(symbol value: Int, huffman: FixtureHuffman, run: Int) {
        let category = value == 0 ? 0 : Int.bitWidth - abs(value).leadingZeroBitCount
        write(code: huffman.code(for: UInt8(run << 4 | category)))
        if category > 0 { write(bits: value > 0 ? value : value + (1 << category) - 1, length: category) }
    }

    /// Coefficients `first...last` (zigzag positions) of a block, with runs of zeros and the
    /// end of block as their symbols.
    mutating func write(acOf block: [Int], from first: Int, through last: Int) {
        var run = 0
        for position in first...last {
            let value = block[FixtureComponent.zigzag[position]]
            if value == 0 {
                run += 1
                continue
            }
            while run > 15 {
                write(code: FixtureHuffman.ac.code(for: 0xF0))
                run -= 16
            }
            write(symbol: value, huffman: FixtureHuffman.ac, run: run)
            run = 0
        }
        if run > 0 { write(code: FixtureHuffman.ac.code(for: 0x00)) }  // end of block
    }

    mutating func write(bits: Int, length: Int) {
        for shift in stride(from: length - 1, through: 0, by: -1) {
            accumulator = accumulator << 1 | (bits >> shift & 1)
            count += 1
            if count == 8 { emit() }
        }
    }

    private mutating func emit() {
        bytes.append(UInt8(accumulator))
        if accumulator == 0xFF { bytes.append(0) }
        accumulator = 0
        count = 0
    }

    /// Pads the last byte with 1-bits (T.81 F.1.2.3).
    private mutating func pad() { if count > 0 { write(bits: (1 << (8 - count)) - 1, length: 8 - count) } }

    mutating func restart(marker: UInt8) {
        pad()
        bytes += [0xFF, marker]
    }

    mutating func finished() -> [UInt8] {
        pad()
        return bytes
    }
}

/// Colour conversions as JFIF defines them (full range), rounded.
package enum FixtureColor {
    package static func luma(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        clamp(0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue))
    }

    static func ycbcr(_ red: [UInt8], _ green: [UInt8], _ blue: [UInt8]) -> [[UInt8]] {
        let brightness = red.indices.map { luma(red[$0], green[$0], blue[$0]) }
        let blueDifference = red.indices.map {
            clamp(128 - 0.168736 * Double(red[$0]) - 0.331264 * Double(green[$0]) + 0.5 * Double(blue[$0]))
        }
        let redDifference = red.indices.map {
            clamp(128 + 0.5 * Double(red[$0]) - 0.418688 * Double(green[$0]) - 0.081312 * Double(blue[$0]))
        }
        return [brightness, blueDifference, redDifference]
    }

    private static func clamp(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
}

/// Marker segments the encoder writes around its scans.
package enum FixtureSegments {
    package static let startOfImage: [UInt8] = [0xFF, 0xD8]
    package static let endOfImage: [UInt8] = [0xFF, 0xD9]
    static let jfif = segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])

    /// APP14 `Adobe`: version 100, no flags, and the colour transform (0 none, 1 YCbCr, 2 YCCK).
    static func adobe(transform: UInt8) -> [UInt8] {
        segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, transform])
    }

    package static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian16(payload.count + 2) + payload
    }

    /// An ICC profile as APP2 `ICC_PROFILE` chunks of at most `chunkSize` bytes each.
    package static func iccProfile(_ profile: [UInt8], chunkSize: Int = 65_519) -> [[UInt8]] {
        let chunks = stride(from: 0, to: profile.count, by: chunkSize).map {
            Array(profile[$0..<min($0 + chunkSize, profile.count)])
        }
        return chunks.enumerated().map { index, chunk in
            segment(0xE2, Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(chunks.count)] + chunk)
        }
    }

    static func bigEndian16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}
